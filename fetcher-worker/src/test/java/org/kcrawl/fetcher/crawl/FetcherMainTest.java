package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fetcher process refuses bad usage and configuration before it touches Kafka, naming what is wrong. */
class FetcherMainTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @TempDir
    Path dir;

    private int run(Map<String, String> env, String... args) {
        return FetcherMain.MAIN.run(args, env, new PrintStream(err, true, StandardCharsets.UTF_8), new AtomicBoolean());
    }

    private String errors() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void helpExitsZeroAndNamesTheVariables() {
        assertThat(run(Map.of(), "--help")).isZero();
        assertThat(errors()).contains("usage: fetcher-worker").contains("KCRAWL_FETCHER_").contains("KAFKA_")
                .contains("KCRAWL_LOG_FORMAT");
    }

    @Test
    void badArgumentsExitTwoWithUsage() {
        assertThat(run(Map.of(), "--verbose")).isEqualTo(2);
        assertThat(errors()).contains("unknown argument '--verbose'").contains("usage:");
        assertThat(run(Map.of(), "--config")).isEqualTo(2);
        assertThat(errors()).contains("--config needs a FILE");
    }

    @Test
    void invalidValuesInVariablesExitTwoNamingTheKey() {
        assertThat(run(Map.of("KCRAWL_FETCHER_METRICS_PORT", "70000"))).isEqualTo(2);
        assertThat(errors()).contains("metrics_port").contains("70000");
    }

    @Test
    void pageMemoryThatCannotFitTheHeapExitsTwoNamingTheKeysBeforeTouchingKafka() {
        String tib = Long.toString(1L << 40);
        assertThat(run(Map.of("KCRAWL_FETCHER_BOOTSTRAP_SERVERS", "127.0.0.1:1",
                "KCRAWL_FETCHER_MAX_INFLIGHT_BODY_BYTES", tib))).isEqualTo(2);
        assertThat(errors()).contains("max_unacked_page_bytes + max_inflight_body_bytes + concurrency")
                .contains("heap");
    }

    @Test
    void aKafkaPropertyTheClientsRefuseExitsTwoNamingIt() {
        assertThat(run(Map.of("KCRAWL_FETCHER_BOOTSTRAP_SERVERS", "127.0.0.1:1", "KCRAWL_FETCHER_METRICS_PORT", "0",
                "KAFKA_SECURITY_PROTOCOL", "CARRIER_PIGEON"))).isEqualTo(2);
        assertThat(errors()).contains("security.protocol").contains("CARRIER_PIGEON");
    }

    @Test
    void unknownSettingsAndBadFilesExitTwoNamingThem() throws IOException {
        assertThat(run(Map.of("KCRAWL_FETCHER_RATE_LIMIT", "3"))).isEqualTo(2);
        assertThat(errors()).contains("KCRAWL_FETCHER_RATE_LIMIT").contains("no such setting");

        Path file = dir.resolve("fetcher.yaml");
        Files.writeString(file, "per_host: 0\n");
        assertThat(run(Map.of(), "--config", file.toString())).isEqualTo(2);
        assertThat(errors()).contains("per_host");

        assertThat(run(Map.of(), "--config", dir.resolve("missing.yaml").toString())).isEqualTo(2);
        assertThat(errors()).contains("missing.yaml");
    }
}
