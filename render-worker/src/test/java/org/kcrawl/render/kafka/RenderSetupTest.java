package org.kcrawl.render.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.config.ConfigException;
import org.kcrawl.common.scope.ScopeMode;

/**
 * A render worker reads one file, the fetcher's, and its {@code KCRAWL_RENDERER_*} variables: each key reaches
 * the configuration that declares it, its own ({@link RendererConfig}) or the fetcher's.
 */
class RenderSetupTest {
    @TempDir
    Path dir;

    @Test
    void theFetchersFileAndTheVariablesReachTheConfigurationThatDeclaresEachKey() throws Exception {
        Path file = dir.resolve("fetcher.yaml");
        Files.writeString(file, "crawl_name: news\nrate: 3\nseen_store: rocksdb\nrender_tabs: 2\nrender_timeout: 45s\n");

        RenderSetup setup = RenderSetup.load(file, Map.of("KCRAWL_RENDERER_RENDER_TABS", "8",
                "KCRAWL_RENDERER_BROWSER_SANDBOX", "false", "KCRAWL_RENDERER_PER_HOST", "4", "KCRAWL_FETCHER_RATE", "9"));

        assertThat(setup.fetch().crawlName()).isEqualTo("news");
        assertThat(setup.fetch().rate()).as("the file's; the fetcher's own variables are not the renderer's").isEqualTo(3.0);
        assertThat(setup.fetch().perHost()).isEqualTo(4);
        assertThat(setup.render().renderTabs()).as("the variable over the file").isEqualTo(8);
        assertThat(setup.render().renderTimeout()).isEqualTo(Duration.ofSeconds(45));
        assertThat(setup.render().browserSandbox()).isFalse();
        assertThat(setup.render().renderScope()).isEqualTo(ScopeMode.HOST);
    }

    @Test
    void badOrUnknownSettingsAreRefusedNamingTheKey() throws Exception {
        assertThatThrownBy(() -> RenderSetup.load(null, Map.of("KCRAWL_RENDERER_RENDER_TABS", "0")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("render_tabs must be >= 1 but was 0");
        assertThatThrownBy(() -> RenderSetup.load(null, Map.of("KCRAWL_RENDERER_RENDER_TAB", "2")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("KCRAWL_RENDERER_RENDER_TAB");
        assertThatThrownBy(() -> RenderSetup.load(null, Map.of("KCRAWL_RENDERER_RENDER_RESOURCE_TYPES", "[script]")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("must contain document");
        assertThatThrownBy(() -> RenderSetup.load(null, Map.of("KCRAWL_RENDERER_RENDER_MAX_BYTES", "1MiB")))
                .hasMessageContaining("render_max_bytes must be >= 2097152");
        Path file = dir.resolve("bad.yaml");
        Files.writeString(file, "- a list\n");
        assertThatThrownBy(() -> RenderSetup.load(file, Map.of())).isInstanceOf(ConfigException.class)
                .hasMessageContaining("must be a mapping");
    }
}
