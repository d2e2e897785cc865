package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.config.ConfigException;
import org.kcrawl.common.kafka.Delivery;
import org.kcrawl.common.scope.ScopeMode;
import picocli.CommandLine;

/**
 * The settings the workers of a crawl share are bound once, from the {@code crawl:} section of
 * {@code --config}, and every worker gets them: the crawl's name and topics, its delivery, how far its
 * redirects go (the fetcher's 3xx and {@code Refresh} headers, the parser's meta refreshes), its scope. A shared
 * setting in a worker's section counts for the whole crawl; two sections that disagree are refused.
 */
class CrawlSectionBindingTest {
    @TempDir
    Path dir;

    private WorkerWiring wiring(String yaml, String... args) throws IOException {
        Path file = dir.resolve("crawl.yaml");
        Files.writeString(file, yaml);
        List<String> all = new ArrayList<>(List.of("--config", file.toString(), "--warc", dir.resolve("w").toString()));
        all.addAll(List.of(args));
        all.add("http://example.org/");
        CrawlCommand command = new CrawlCommand();
        new CommandLine(command).setCaseInsensitiveEnumValuesAllowed(true).parseArgs(all.toArray(String[]::new));
        command.options.validate();
        return new WorkerWiring(command.options);
    }

    @Test
    void theDefaultsAreTheSameForEveryWorker() throws IOException {
        WorkerWiring w = wiring("fetcher: {}\n");

        assertThat(w.parserConfig().maxRedirectHops()).isEqualTo(w.fetcherConfig().maxRedirectHops()).isEqualTo(5);
        assertThat(w.parserConfig().maxRefreshDelay()).isEqualTo(w.fetcherConfig().maxRefreshDelay())
                .isEqualTo(Duration.ofSeconds(100));
        assertThat(w.partitions()).as("a local crawl's topics").isEqualTo(4);
        assertThat(w.parserConfig().partitions()).isEqualTo(4);
    }

    @Test
    void theCrawlSectionReachesEveryWorker() throws IOException {
        WorkerWiring w = wiring("crawl:\n  crawl_name: news\n  max_redirect_hops: 2\n  max_refresh_delay: 10s\n"
                + "  scope: domain\n  deny_patterns: ['/private/']\n  partitions: 6\n  delivery: at_least_once\n");

        for (var c : List.of(w.fetcherConfig(), w.parserConfig())) {
            assertThat(c).extracting("crawlName", "maxRedirectHops", "maxRefreshDelay", "partitions", "delivery")
                    .containsExactly("news", 2, Duration.ofSeconds(10), 6, Delivery.AT_LEAST_ONCE);
        }
        assertThat(w.fetcherConfig().scopeConfig()).isEqualTo(w.parserConfig().scopeConfig());
        assertThat(w.parserConfig().scopeConfig().scope()).isEqualTo(ScopeMode.DOMAIN);
        assertThat(w.parserConfig().scopeConfig().denyPatterns()).containsExactly("/private/");
        assertThat(w.archiverConfig().crawlName()).isEqualTo("news");
        assertThat(w.archiverConfig().partitions()).isEqualTo(6);
    }

    @Test
    void aSharedSettingInAWorkersSectionCountsForTheWholeCrawl() throws IOException {
        WorkerWiring w = wiring("fetcher:\n  max_redirect_hops: 2\n  max_refresh_delay: PT10S\n");

        assertThat(w.parserConfig().maxRedirectHops()).isEqualTo(2);
        assertThat(w.parserConfig().maxRefreshDelay()).isEqualTo(Duration.ofSeconds(10));
        assertThat(wiring("parser:\n  max_redirect_hops: 9\n").fetcherConfig().maxRedirectHops())
                .as("set in the parser's section").isEqualTo(9);
        assertThat(wiring("fetcher:\n  max_refresh_delay: 10s\nparser:\n  max_refresh_delay: PT10S\n")
                .parserConfig().maxRefreshDelay()).as("the same value, written two ways").isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void sectionsThatDisagreeOnASharedSettingAreRefusedNamingBoth() {
        assertThatThrownBy(() -> wiring("fetcher:\n  max_redirect_hops: 5\nparser:\n  max_redirect_hops: 9\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("invalid configuration 'parser.max_redirect_hops': is 9 but fetcher.max_redirect_hops is 5;"
                        + " the workers of a crawl share it: set it once, in the crawl section");
        assertThatThrownBy(() -> wiring("crawl:\n  max_refresh_delay: 5s\nparser:\n  max_refresh_delay: PT6S\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("'parser.max_refresh_delay'")
                .hasMessageContaining("crawl.max_refresh_delay");
        assertThatThrownBy(() -> wiring("crawl:\n  crawl_name: a\narchiver:\n  crawl_name: b\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("'archiver.crawl_name'");
    }

    @Test
    void theRenderWorkersSettingsHaveASectionOfTheirOwnAndAreStillReadFromTheFetchersSection() throws IOException {
        assertThat(wiring("renderer:\n  render_tabs: 2\n").rendererConfig().renderTabs()).isEqualTo(2);
        assertThat(wiring("fetcher:\n  render_tabs: 3\n  rate: 2\n").rendererConfig().renderTabs()).isEqualTo(3);
        assertThatThrownBy(() -> wiring("fetcher:\n  render_tabs: 3\nrenderer:\n  render_tabs: 5\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("'fetcher.render_tabs'")
                .hasMessageContaining("renderer.render_tabs");
        assertThatThrownBy(() -> wiring("renderer:\n  render_tabs: 0\n")).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("invalid configuration 'renderer.render_tabs': render_tabs must be >= 1 but was 0");
    }

    @Test
    void optionsWinOverTheCrawlSection() throws IOException {
        WorkerWiring w = wiring("crawl:\n  crawl_name: news\n  partitions: 6\n  max_depth: 2\n",
                "--crawl-name", "sport", "--partitions", "3", "--max-depth", "1");

        assertThat(w.crawlName()).isEqualTo("sport");
        assertThat(w.parserConfig().crawlName()).isEqualTo("sport");
        assertThat(w.partitions()).isEqualTo(3);
        assertThat(w.parserConfig().scopeConfig().maxDepth()).isEqualTo(1);
        assertThat(w.fetcherConfig().scopeConfig().maxDepth()).isEqualTo(1);
    }

    @Test
    void aBadValueInTheCrawlSectionIsRefusedNamingTheSectionAndKey() {
        assertThatThrownBy(() -> wiring("crawl:\n  partitions: 0\n")).isInstanceOf(ConfigException.class)
                .hasMessage("invalid configuration 'crawl.partitions': partitions must be >= 1 but was 0; to fix, give"
                        + " partitions a value that is >= 1, or remove it to get the default (12)");
        assertThatThrownBy(() -> wiring("crawl:\n  rate: 2\n")).isInstanceOf(ConfigException.class)
                .hasMessageContaining("'crawl.rate'");
    }
}
