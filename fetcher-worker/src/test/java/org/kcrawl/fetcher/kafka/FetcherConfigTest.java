package org.kcrawl.fetcher.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.config.ConfigException;
import org.kcrawl.fetcher.http.HttpClientSettings;

class FetcherConfigTest {
    @TempDir
    Path dir;

    private FetcherConfig bind(Path file, Map<String, String> env) {
        return new ConfigBinder().bind(FetcherConfig.class, FetcherConfig.defaults(), file, env,
                FetcherConfig.ENV_PREFIX);
    }

    @Test
    void defaultsArePolite() {
        FetcherConfig c = FetcherConfig.defaults();

        assertThat(c.rate()).isEqualTo(1.0);
        assertThat(c.burst()).isEqualTo(1);
        assertThat(c.perHost()).isEqualTo(2);
        assertThat(c.concurrency()).isEqualTo(256);
        assertThat(c.maxPages()).isZero();
        assertThat(c.maxDepth()).isEqualTo(5);
        assertThat(c.maxAttempts()).isEqualTo(3);
        assertThat(c.maxRedirectHops()).isEqualTo(5);
        assertThat(c.ignoreRobots()).isFalse();
        assertThat(c.allowPrivate()).isFalse();
        assertThat(c.maxCrawlDelay()).isEqualTo(Duration.ofSeconds(30));
        assertThat(c.robotsTtl()).isEqualTo(Duration.ofHours(24));
        assertThat(c.perAddress()).as("unset").isEqualTo(FetcherConfig.PER_ADDRESS_OF_PER_HOST);
        assertThat(c.politeness().perAddress()).as("per_host, but at least 8").isEqualTo(8);
        assertThat(c.parkTiers()).containsExactly(Duration.ofSeconds(10), Duration.ofMinutes(1), Duration.ofMinutes(10),
                Duration.ofHours(1));
        assertThat(c.politeness().maxQueueWait()).as("a host's queue reaches as far as a URL may be held")
                .isEqualTo(c.maxHold());
        assertThat(c.politeness().maxHostQueue()).isEqualTo(c.maxHostQueue());
        assertThat(c.adaptive()).as("the latency-aware throttle is opt-in").isFalse();
        assertThat(c.politeness().adaptive()).isFalse();
    }

    @Test
    void theAdaptiveThrottleBindsFromTheFileOrTheEnvironmentAndReachesTheScheduler() throws IOException {
        Path file = dir.resolve("fetcher.yaml");
        Files.writeString(file, "adaptive: true\n");

        assertThat(bind(file, Map.of()).politeness().adaptive()).isTrue();
        assertThat(bind(null, Map.of("KCRAWL_FETCHER_ADAPTIVE", "true")).politeness().adaptive()).isTrue();
        assertThatThrownBy(() -> bind(null, Map.of("KCRAWL_FETCHER_ADAPTIVE", "sometimes")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("adaptive");
    }

    @Test
    void parkingTiersBindFromTheEnvironmentAndAreChecked() {
        FetcherConfig c = bind(null, Map.of("KCRAWL_FETCHER_PARK_TIERS", "[PT1S, PT5S, PT30S, PT5M]",
                "KCRAWL_FETCHER_PER_ADDRESS", "3", "KCRAWL_FETCHER_MAX_PENDING_PER_PARTITION", "100"));

        assertThat(c.parkTiers()).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(5), Duration.ofSeconds(30),
                Duration.ofMinutes(5));
        assertThat(c.politeness().perAddress()).isEqualTo(3);
        assertThat(c.maxPendingPerPartition()).isEqualTo(100);
        assertThatThrownBy(() -> bind(null, Map.of("KCRAWL_FETCHER_PARK_TIERS", "[PT5S, PT1S, PT30S, PT5M]")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("park_tiers");
        assertThatThrownBy(() -> bind(null, Map.of("KCRAWL_FETCHER_PARK_TIERS", "[PT5S]")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("park_tiers");
        assertThatThrownBy(() -> bind(null, Map.of("KCRAWL_FETCHER_PARK_TIERS", "[PT30S, PT1M, PT5M, PT1H]")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("max_hold");
        assertThatThrownBy(() -> bind(null, Map.of("KCRAWL_FETCHER_PER_ADDRESS", "-1")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("per_address");
    }

    @Test
    void perAddressFollowsPerHostUnlessItIsSet() throws IOException {
        assertThat(bind(null, Map.of("KCRAWL_FETCHER_PER_HOST", "64")).politeness().perAddress())
                .as("per_host raised from the environment").isEqualTo(64);
        Path file = dir.resolve("fetcher.yaml");
        Files.writeString(file, "per_host: 16\n");
        assertThat(bind(file, Map.of()).politeness().perAddress()).as("per_host raised in the file").isEqualTo(16);

        Files.writeString(file, "per_host: 16\nper_address: 4\n");
        FetcherConfig lower = bind(file, Map.of());
        assertThat(lower.politeness().perAddress()).as("a lower per_address set on purpose is kept").isEqualTo(4);
        assertThat(lower.politeness().perHost()).isEqualTo(16);

        FetcherConfig fromEnv = bind(file, Map.of("KCRAWL_FETCHER_PER_ADDRESS", "32"));
        assertThat(fromEnv.perAddressInForce()).isEqualTo(32);
        assertThat(bind(file, Map.of("KCRAWL_FETCHER_PER_ADDRESS", "0")).perAddressInForce())
                .as("0 unsets it again").isEqualTo(16);
    }

    @Test
    void bindsSnakeCaseYamlAndEnvironmentOverIt() throws IOException {
        Path file = dir.resolve("fetcher.yaml");
        Files.writeString(file, "crawl_name: shop\nrate: 2.5\nper_host: 4\nmax_hold: PT10S\nignore_robots: true\n");

        FetcherConfig c = bind(file, Map.of("KCRAWL_FETCHER_PER_HOST", "3", "KCRAWL_FETCHER_MAX_PAGES", "50",
                "UNRELATED", "x"));

        assertThat(c.crawlName()).isEqualTo("shop");
        assertThat(c.rate()).isEqualTo(2.5);
        assertThat(c.perHost()).isEqualTo(3);
        assertThat(c.maxPages()).isEqualTo(50);
        assertThat(c.maxHold()).isEqualTo(Duration.ofSeconds(10));
        assertThat(c.ignoreRobots()).isTrue();
        assertThat(c.concurrency()).isEqualTo(256);
    }

    @Test
    void invalidValuesNameTheirKey() {
        assertThatThrownBy(() -> bind(null, Map.of("KCRAWL_FETCHER_RATE", "0")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("rate");
        assertThatThrownBy(() -> bind(null, Map.of("KCRAWL_FETCHER_PER_HOST", "0")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("per_host");
        assertThatThrownBy(() -> bind(null, Map.of("KCRAWL_FETCHER_ROBOTS_TTL", "PT25H")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("robots_ttl");
        assertThatThrownBy(() -> bind(null, Map.of("KCRAWL_FETCHER_CRAWL_NAME", "no spaces")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("crawl_name");
        assertThatThrownBy(() -> bind(null, Map.of("KCRAWL_FETCHER_RATEE", "2")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("rate");
    }

    @Test
    void theHttpClientFollowsTheSchedulersCapsAndReadsRobotsTxt() {
        FetcherConfig c = bind(null, Map.of("KCRAWL_FETCHER_ALLOW_PRIVATE", "true", "KCRAWL_FETCHER_PER_HOST", "3",
                "KCRAWL_FETCHER_CONCURRENCY", "40", "KCRAWL_FETCHER_USER_AGENT", "test-agent/1"));

        HttpClientSettings http = c.httpClient();

        assertThat(http.allowPrivate()).isTrue();
        assertThat(http.maxConnections()).isEqualTo(40);
        assertThat(http.maxConnectionsPerHost()).isEqualTo(4);
        assertThat(http.userAgent()).isEqualTo("test-agent/1");
        assertThat(http.fullBodyContentTypes()).contains("text/plain", "text/html");
        assertThat(http.maxBodyBytes()).isEqualTo(c.maxBodyBytes());
    }

    @Test
    void mainRefusesBadArgumentsWithUsage() {
        var err = new java.io.ByteArrayOutputStream();
        int code = FetcherMain.run(new String[] {"--frobnicate"}, Map.of(), new java.io.PrintStream(err, true),
                new java.util.concurrent.atomic.AtomicBoolean());

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("unknown argument '--frobnicate'").contains("usage:");
    }

    @Test
    void mainReportsConfigurationErrorsByKey() {
        var err = new java.io.ByteArrayOutputStream();
        int code = FetcherMain.run(new String[0], Map.of("KCRAWL_FETCHER_BURST", "0"),
                new java.io.PrintStream(err, true), new java.util.concurrent.atomic.AtomicBoolean());

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("burst");
    }

    @Test
    void sitemapsAreFollowedAndHostsUnlimitedByDefaultAndBothBind() {
        FetcherConfig defaults = FetcherConfig.defaults();
        assertThat(defaults.followSitemaps()).isTrue();
        assertThat(defaults.maxPagesPerHost()).isZero();
        assertThat(defaults.handler().followSitemaps()).isTrue();
        assertThat(defaults.handler().maxPagesPerHost()).isZero();

        FetcherConfig c = bind(null, Map.of("KCRAWL_FETCHER_MAX_PAGES_PER_HOST", "25",
                "KCRAWL_FETCHER_FOLLOW_SITEMAPS", "false"));

        assertThat(c.handler().maxPagesPerHost()).isEqualTo(25);
        assertThat(c.handler().followSitemaps()).isFalse();
        assertThatThrownBy(() -> bind(null, Map.of("KCRAWL_FETCHER_MAX_PAGES_PER_HOST", "-1")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("max_pages_per_host");
    }

    @Test
    void theHttpClientReadsSitemapBodiesInFull() {
        assertThat(FetcherConfig.defaults().httpClient().fullBodyContentTypes()).contains("text/html",
                "application/xhtml+xml", "text/plain", "application/xml", "text/xml", "application/gzip",
                "application/x-gzip");
    }
}
