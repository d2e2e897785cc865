package org.kcrawl.archiver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ArchiverConfigTest {
    @Test
    void defaultsAreOneGibFilesWithAnIndex() {
        ArchiverConfig c = ArchiverConfig.load(null, Map.of());
        assertThat(c.maxFileBytes()).isEqualTo(1024L * 1024 * 1024);
        assertThat(c.cdxj()).isTrue();
        assertThat(c.prefix()).isEqualTo("kcrawl");
    }

    @Test
    void variablesOverrideTheDefaults() {
        ArchiverConfig c = ArchiverConfig.load(null, Map.of("KCRAWL_ARCHIVER_WARC_DIR", "/data/warc",
                "KCRAWL_ARCHIVER_MAX_FILE_BYTES", "1048576", "KCRAWL_ARCHIVER_WORKER_NAME", "pod-1"));
        assertThat(c.directory().toString()).isEqualTo("/data/warc");
        assertThat(c.maxFileBytes()).isEqualTo(1048576);
        assertThat(c.effectiveWorkerName()).isEqualTo("pod-1");
    }

    @Test
    void badSettingsAreRefusedNamingTheKey() {
        assertThatThrownBy(() -> ArchiverConfig.load(null, Map.of("KCRAWL_ARCHIVER_PREFIX", "my-crawl")))
                .hasMessageContaining("prefix").hasMessageContaining("no '-'");
        assertThatThrownBy(() -> ArchiverConfig.load(null, Map.of("KCRAWL_ARCHIVER_MAX_FILE_BYTES", "1000")))
                .hasMessageContaining("max_file_bytes must be >= 64KiB but was 1000; to fix, give max_file_bytes a value"
                        + " that is >= 64KiB, or remove it to get the default (1GiB)");
        assertThat(ArchiverConfig.load(null, Map.of("KCRAWL_ARCHIVER_MAX_FILE_BYTES", "512MiB")).maxFileBytes())
                .isEqualTo(512L * 1024 * 1024);
        assertThatThrownBy(() -> ArchiverConfig.load(null, Map.of("KCRAWL_ARCHIVER_WORKER_NAME", "a/b")))
                .hasMessageContaining("worker_name");
        assertThatThrownBy(() -> ArchiverConfig.load(null, Map.of("KCRAWL_ARCHIVER_SYNC_INTERVAL", "PT0S")))
                .hasMessageContaining("sync_interval");
    }
}
