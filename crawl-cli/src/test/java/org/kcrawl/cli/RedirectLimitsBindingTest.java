package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.config.ConfigException;
import picocli.CommandLine;

/**
 * A crawl follows its redirects by one set of limits, whichever worker meets them: the fetcher's 3xx
 * and {@code Refresh} headers, the parser's meta refreshes. Set in the fetcher's section, they reach
 * the parser; a parser section that says otherwise is refused.
 */
class RedirectLimitsBindingTest {
    @TempDir
    Path dir;

    private WorkerWiring wiring(String yaml) throws IOException {
        Path file = dir.resolve("crawl.yaml");
        Files.writeString(file, yaml);
        CrawlCommand command = new CrawlCommand();
        new CommandLine(command).setCaseInsensitiveEnumValuesAllowed(true)
                .parseArgs("--config", file.toString(), "http://example.org/");
        command.options.validate();
        return new WorkerWiring(command.options);
    }

    @Test
    void theDefaultsAreTheFetchersForBoth() throws IOException {
        WorkerWiring w = wiring("fetcher: {}\n");

        assertThat(w.parserConfig().maxRedirectHops()).isEqualTo(w.fetcherConfig().maxRedirectHops()).isEqualTo(5);
        assertThat(w.parserConfig().maxRefreshDelay()).isEqualTo(w.fetcherConfig().maxRefreshDelay())
                .isEqualTo(Duration.ofSeconds(100));
    }

    @Test
    void limitsSetForTheFetcherReachTheParser() throws IOException {
        WorkerWiring w = wiring("fetcher:\n  max_redirect_hops: 2\n  max_refresh_delay: PT10S\n");

        assertThat(w.parserConfig().maxRedirectHops()).isEqualTo(2);
        assertThat(w.parserConfig().maxRefreshDelay()).isEqualTo(Duration.ofSeconds(10));
        assertThat(wiring("fetcher:\n  max_redirect_hops: 2\nparser:\n  max_redirect_hops: 2\n")
                .parserConfig().maxRedirectHops()).as("the same in both sections").isEqualTo(2);
    }

    @Test
    void aParserSectionWithOtherLimitsIsRefused() {
        assertThatThrownBy(() -> wiring("parser:\n  max_redirect_hops: 9\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("parser.max_redirect_hops").hasMessageContaining("fetcher section");
        assertThatThrownBy(() -> wiring("fetcher:\n  max_refresh_delay: PT5S\nparser:\n  max_refresh_delay: PT6S\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("parser.max_refresh_delay");
    }
}
