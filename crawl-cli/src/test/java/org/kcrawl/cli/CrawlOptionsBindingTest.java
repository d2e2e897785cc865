package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.runtime.UsageException;
import org.kcrawl.common.url.UrlNormalizer;
import org.kcrawl.http.client.ProxyMode;
import org.kcrawl.fetcher.crawl.FetcherConfig;
import org.kcrawl.http.politeness.PolitenessSettings;
import org.kcrawl.http.robots.RobotsSettings;
import org.kcrawl.parser.content.ContentMode;
import org.kcrawl.parser.content.ContentOptions;
import picocli.CommandLine;

/**
 * The caps a command line asks for are the caps the fetcher gets: {@code --per-ip} sets the
 * per-address cap, which otherwise follows {@code --per-host} unless {@code --config} sets it.
 */
class CrawlOptionsBindingTest {
    @TempDir
    Path dir;

    private static PolitenessSettings crawl(String... args) {
        return wiring(args).fetcherConfig().politeness();
    }

    private PolitenessSettings withConfig(String yaml, String... args) throws IOException {
        Path file = dir.resolve("crawl.yaml");
        Files.writeString(file, yaml);
        List<String> all = new ArrayList<>(List.of("--config", file.toString()));
        all.addAll(List.of(args));
        return crawl(all.toArray(String[]::new));
    }

    @Test
    void perHostAndConcurrencyBindAndThePerAddressCapFollowsPerHost() {
        PolitenessSettings p = crawl("--per-host", "64", "--concurrency", "64", "http://example.org/");

        assertThat(p.perHost()).isEqualTo(64);
        assertThat(p.concurrency()).isEqualTo(64);
        assertThat(p.perAddress()).as("not set: the same as --per-host").isEqualTo(64);
        assertThat(crawl("http://example.org/").perAddress()).as("the defaults: per-host 2, at least 8").isEqualTo(8);
    }

    @Test
    void perIpSetsThePerAddressCapAboveOrBelowPerHost() {
        assertThat(crawl("--per-host", "64", "--per-ip", "8", "http://example.org/").perAddress()).isEqualTo(8);
        assertThat(crawl("--per-host", "2", "--per-ip", "16", "http://example.org/").perAddress()).isEqualTo(16);
    }

    @Test
    void aPerAddressInTheConfigFileIsKeptAndPerIpWinsOverIt() throws IOException {
        String yaml = "fetcher:\n  per_address: 4\n";

        assertThat(withConfig(yaml, "--per-host", "64", "http://example.org/").perAddress()).isEqualTo(4);
        assertThat(withConfig(yaml, "--per-host", "64", "--per-ip", "32", "http://example.org/").perAddress())
                .isEqualTo(32);
    }

    @Test
    void aLocalCrawlGivesUpOnAnUnreachableRobotsTxtWithinSecondsUnlessItsConfigSaysOtherwise() throws IOException {
        CrawlCommand command = new CrawlCommand();
        new CommandLine(command).setCaseInsensitiveEnumValuesAllowed(true).parseArgs("http://example.org/");
        RobotsSettings local = new WorkerWiring(command.options).fetcherConfig().robots();

        assertThat(local.unreachableRetry()).isEqualTo(Duration.ofSeconds(2));
        assertThat(local.unreachableGiveUp()).isEqualTo(Duration.ofSeconds(8));
        assertThat(FetcherConfig.defaults().robots().unreachableGiveUp()).as("a deployed worker: patient")
                .isZero();
        assertThat(FetcherConfig.defaults().robots().unreachableRetry()).isEqualTo(Duration.ofMinutes(1));

        Path file = dir.resolve("patient.yaml");
        Files.writeString(file, "fetcher:\n  robots_retry: PT1M\n  robots_unreachable_give_up: PT0S\n");
        CrawlCommand patient = new CrawlCommand();
        new CommandLine(patient).setCaseInsensitiveEnumValuesAllowed(true)
                .parseArgs("--config", file.toString(), "http://example.org/");
        RobotsSettings configured = new WorkerWiring(patient.options).fetcherConfig().robots();

        assertThat(configured.unreachableRetry()).isEqualTo(Duration.ofMinutes(1));
        assertThat(configured.unreachableGiveUp()).isZero();
    }

    @Test
    void theAdaptiveThrottleIsOffUnlessTheConfigFileTurnsItOn() throws IOException {
        assertThat(crawl("http://example.org/").adaptive()).isFalse();
        assertThat(withConfig("fetcher:\n  adaptive: true\n", "--rate", "5", "http://example.org/").adaptive())
                .isTrue();
    }

    @Test
    void theDemoTakesPerIpToo() {
        CommandLine crawl = new CommandLine(new CrawlCommand()).setCaseInsensitiveEnumValuesAllowed(true);
        DemoCommand demo = (DemoCommand) crawl.parseArgs("demo", "--per-host", "4", "--per-ip", "3").subcommand()
                .commandSpec().userObject();

        assertThat(new WorkerWiring(demo.options).fetcherConfig().politeness().perAddress()).isEqualTo(3);
    }

    private FetcherConfig fetcher(String yaml, String... args) throws IOException {
        List<String> all = new ArrayList<>();
        if (yaml != null) {
            Path file = dir.resolve("client.yaml");
            Files.writeString(file, yaml);
            all.addAll(List.of("--config", file.toString()));
        }
        all.addAll(List.of(args));
        CrawlCommand command = new CrawlCommand();
        new CommandLine(command).setCaseInsensitiveEnumValuesAllowed(true).parseArgs(all.toArray(String[]::new));
        command.options.validate();
        return new WorkerWiring(command.options).fetcherConfig();
    }

    @Test
    void headersFromTheCommandLineJoinTheFilesAndWinByName() throws IOException {
        FetcherConfig c = fetcher("fetcher:\n  headers: {X-Team: docs, Accept-Language: en}\n",
                "--header", "Accept-Language: de", "--header", "X-Run:  nightly  ", "http://example.org/");

        assertThat(c.headers()).containsOnly(Map.entry("X-Team", "docs"), Map.entry("Accept-Language", "de"),
                Map.entry("X-Run", "nightly"));
        assertThat(c.httpClient().extraHeaders()).isEqualTo(c.headers());
        assertThat(fetcher(null, "http://example.org/").headers()).isEmpty();
    }

    @Test
    void proxiesFromTheCommandLineReplaceTheFilesAndKeepItsMode() throws IOException {
        String yaml = "fetcher:\n  proxies: ['http://127.0.0.1:3128']\n  proxy_mode: round_robin\n";
        FetcherConfig c = fetcher(yaml, "--proxy", "socks5://u:p@127.0.0.1:1080", "--proxy", "http://127.0.0.1:8080",
                "http://example.org/");

        assertThat(c.proxies()).containsExactly("socks5://u:p@127.0.0.1:1080", "http://127.0.0.1:8080");
        assertThat(c.httpClient().proxyMode()).isEqualTo(ProxyMode.ROUND_ROBIN);
        assertThat(fetcher(yaml, "http://example.org/").proxies()).containsExactly("http://127.0.0.1:3128");
    }

    @Test
    void seedsDashReadsStandardInputWithTheSameRulesAsAFile() {
        InputStream stdin = new ByteArrayInputStream(
                "# seeds\nhttp://Example.org/a\n\nhttp://example.org/a\nhttps://example.net/\n".getBytes(StandardCharsets.UTF_8));
        List<String> seeds = new SeedLoader(UrlNormalizer.defaults(), stdin).load(List.of("http://example.com/"),
                Path.of(SeedLoader.STDIN));

        assertThat(seeds).containsExactly("http://example.com/", "http://example.org/a", "https://example.net/");
        InputStream bad = new ByteArrayInputStream("http://example.org/\nftp://example.org/\n".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> new SeedLoader(UrlNormalizer.defaults(), bad).load(List.of(), Path.of("-")))
                .isInstanceOf(UsageException.class).hasMessageContaining("stdin line 2");
    }

    @Test
    void aLocalCrawlHalvesThePageMemoryOfTheWorkersDefaultsUnlessItsConfigSetsIt() throws IOException {
        WorkerWiring local = wiring("http://example.org/");
        assertThat(local.fetcherConfig().maxUnackedPageBytes()).isEqualTo(16L << 20)
                .isEqualTo(FetcherConfig.defaults().maxUnackedPageBytes() / 2);
        assertThat(local.fetcherConfig().maxInflightBodyBytes()).isEqualTo(16L << 20);
        assertThat(local.parserConfig().maxPendingBytes()).isEqualTo(8L << 20);

        Path file = dir.resolve("memory.yaml");
        Files.writeString(file, "fetcher:\n  max_unacked_page_bytes: 67108864\nparser:\n  max_pending_bytes: 33554432\n");
        WorkerWiring configured = wiring("--config", file.toString(), "http://example.org/");
        assertThat(configured.fetcherConfig().maxUnackedPageBytes()).as("the file wins").isEqualTo(64L << 20);
        assertThat(configured.parserConfig().maxPendingBytes()).isEqualTo(32L << 20);
    }

    @Test
    void allowDenyAndNoParentReachTheFetcherAndTheParserAndReplaceTheFilesOnlyWhenGiven() throws IOException {
        Path file = dir.resolve("scope.yaml");
        Files.writeString(file, "fetcher:\n  deny_patterns: ['/f/']\n  no_parent: true\n"
                + "parser:\n  allow_patterns: ['/a/']\n  deny_patterns: ['/f/']\n  no_parent: true\n");

        WorkerWiring fromFile = wiring("--config", file.toString(), "http://example.org/");
        WorkerWiring given = wiring("--config", file.toString(), "--allow", "/x/", "--allow", "/y/", "--deny", "/z/",
                "http://example.org/");
        WorkerWiring plain = wiring("--no-parent", "--deny", "/z/", "http://example.org/");

        assertThat(fromFile.parserConfig().scopeConfig().allowPatterns()).containsExactly("/a/");
        assertThat(fromFile.parserConfig().scopeConfig().denyPatterns()).containsExactly("/f/");
        assertThat(fromFile.parserConfig().scopeConfig().noParent()).isTrue();
        assertThat(given.parserConfig().scopeConfig().allowPatterns()).containsExactly("/x/", "/y/");
        assertThat(given.parserConfig().scopeConfig().denyPatterns()).containsExactly("/z/");
        assertThat(given.fetcherConfig().scopeConfig().allowPatterns()).containsExactly("/x/", "/y/");
        assertThat(given.fetcherConfig().scopeConfig().denyPatterns()).containsExactly("/z/");
        assertThat(given.parserConfig().scopeConfig().noParent()).as("the file's, not given").isTrue();
        assertThat(plain.parserConfig().scopeConfig().noParent()).isTrue();
        assertThat(plain.fetcherConfig().scopeConfig().noParent()).isTrue();
        assertThat(plain.parserConfig().scopeConfig().allowPatterns()).isEmpty();
        assertThat(wiring("http://example.org/").parserConfig().scopeConfig().noParent()).isFalse();
        assertThatThrownBy(() -> wiring("--deny", "(", "http://example.org/")).isInstanceOf(UsageException.class)
                .hasMessageContaining("--deny-patterns '('");
    }

    @Test
    void contentAndMarkdownReachTheParserAndTheConfigFileHoldsUnlessTheyAreGiven() throws IOException {
        assertThat(wiring("http://example.org/").parserConfig().contentOptions()).as("the default")
                .isEqualTo(ContentOptions.DEFAULTS);
        assertThat(wiring("--content", "full", "--markdown", "http://example.org/").parserConfig().contentOptions())
                .isEqualTo(new ContentOptions(ContentMode.FULL, true, ContentOptions.DEFAULTS.maxTextChars()));
        assertThat(wiring("--content=none", "http://example.org/").parserConfig().contentOptions().mode())
                .isEqualTo(ContentMode.NONE);

        Path file = dir.resolve("content.yaml");
        Files.writeString(file, "parser:\n  content: full\n  markdown: true\n  max_text_chars: 3000\n");
        assertThat(wiring("--config", file.toString(), "http://example.org/").parserConfig().contentOptions())
                .as("the file's settings hold").isEqualTo(new ContentOptions(ContentMode.FULL, true, 3000));
        assertThat(wiring("--config", file.toString(), "--content", "main", "http://example.org/").parserConfig()
                .contentOptions()).as("the option wins, the file's others stay")
                .isEqualTo(new ContentOptions(ContentMode.MAIN, true, 3000));

        Path none = dir.resolve("none.yaml");
        Files.writeString(none, "parser:\n  content: none\n");
        assertThatThrownBy(() -> wiring("--config", none.toString(), "--markdown", "http://example.org/"))
                .hasMessageContaining("parser.markdown").hasMessageContaining("set content to main or full");
    }

    private static WorkerWiring wiring(String... args) {
        CrawlCommand command = new CrawlCommand();
        new CommandLine(command).setCaseInsensitiveEnumValuesAllowed(true).parseArgs(args);
        command.options.validate();
        return new WorkerWiring(command.options);
    }
}
