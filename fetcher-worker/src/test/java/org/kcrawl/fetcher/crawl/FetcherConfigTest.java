package org.kcrawl.fetcher.crawl;

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
import org.kcrawl.http.client.HttpClientSettings;

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
        assertThat(c.scopeConfig().maxDepth()).isEqualTo(5);
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
    void pageMemoryMustFitHalfTheHeapAndTheRefusalNamesTheKeys() {
        long mib = 1024 * 1024;
        FetcherConfig defaults = FetcherConfig.defaults();
        assertThat(defaults.maxInflightBodyBytes()).isEqualTo(32 * mib);
        defaults.checkFitsHeap(256 * mib); // the local launcher's -Xmx256m

        FetcherConfig big = bind(null, Map.of("KCRAWL_FETCHER_CONCURRENCY", "1024",
                "KCRAWL_FETCHER_MAX_INFLIGHT_BODY_BYTES", Long.toString(128 * mib)));
        assertThatThrownBy(() -> big.checkFitsHeap(256 * mib)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("'max_unacked_page_bytes + max_inflight_body_bytes + concurrency'")
                .hasMessageContaining("224 MiB (max_unacked_page_bytes 32 MiB + max_inflight_body_bytes 128 MiB"
                        + " + concurrency 1024 x 64 KiB)")
                .hasMessageContaining("more than half of its 256 MiB heap")
                .hasMessageContaining("-Xmx");
        big.checkFitsHeap(512 * mib);
        // concurrency x max_body_bytes (2 GiB here) is no longer what must fit: bodies take turns.
        assertThat((long) big.concurrency() * big.maxBodyBytes()).isGreaterThan(512 * mib);

        assertThatThrownBy(() -> bind(null, Map.of("KCRAWL_FETCHER_MAX_INFLIGHT_BODY_BYTES", "1000")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("max_inflight_body_bytes")
                .hasMessageContaining("max_body_bytes");
    }

    @Test
    void aHugePerHostIsAcceptedAndBoundedByConcurrencyWithoutOverflow() {
        FetcherConfig c = bind(null, Map.of("KCRAWL_FETCHER_PER_HOST", Integer.toString(Integer.MAX_VALUE)));
        assertThat(c.httpClient().maxConnectionsPerHost()).isEqualTo(c.concurrency());
        assertThat(c.politeness().perHost()).isEqualTo(Integer.MAX_VALUE);
        c.checkFitsHeap(256L * 1024 * 1024);
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
        int code = FetcherMain.MAIN.run(new String[] {"--frobnicate"}, Map.of(), new java.io.PrintStream(err, true),
                new java.util.concurrent.atomic.AtomicBoolean());

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("unknown argument '--frobnicate'").contains("usage:");
    }

    @Test
    void mainReportsConfigurationErrorsByKey() {
        var err = new java.io.ByteArrayOutputStream();
        int code = FetcherMain.MAIN.run(new String[0], Map.of("KCRAWL_FETCHER_BURST", "0"),
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
    void theHttpClientReadsSitemapAndPdfBodiesInFull() {
        assertThat(FetcherConfig.defaults().httpClient().fullBodyContentTypes()).contains("text/html",
                "application/xhtml+xml", "text/plain", "application/xml", "text/xml", "application/gzip",
                "application/x-gzip", "application/pdf", "application/octet-stream");
    }

    @Test
    void everyClientSettingIsReachableFromTheConfiguration() throws Exception {
        Path trust = pem("trust.pem", "CERTIFICATE");
        Path cert = pem("client.pem", "CERTIFICATE");
        Path key = pem("client.key", "PRIVATE KEY");
        Path file = dir.resolve("fetcher.yaml");
        Files.writeString(file, String.join("\n",
                "user_agent: 'kcrawl-test/1 (+https://example.org/bot)'",
                "headers: {Accept-Language: de}",
                "host_headers: {Docs.Example: {Authorization: 'Bearer abc'}}",
                "proxies: ['http://u:p@127.0.0.1:3128', 'socks5://127.0.0.1:1080']",
                "proxy_mode: round_robin",
                "proxy_cool_down: PT5M",
                "connect_timeout: PT3S",
                "tls_handshake_timeout: PT4S",
                "read_timeout: PT6S",
                "request_timeout: PT20S",
                "max_body_bytes: 1048576",
                "max_decoded_bytes: 3145728",
                "max_header_bytes: 4096",
                "max_header_count: 50",
                "full_body_types: [application/json]",
                "concurrency: 100",
                "per_host: 4",
                "idle_connection_timeout: PT5S",
                "max_idle_connections: 64",
                "io_threads: 3",
                "allow_private: true",
                "allow_cidrs: [192.168.7.0/24]",
                "deny_cidrs: [34.118.224.0/20]",
                "trust_certificates: " + trust,
                "client_certificate: " + cert,
                "client_key: " + key,
                "dns_query_timeout: PT2S",
                "dns_max_ttl: PT1M",
                "dns_negative_ttl: PT1S",
                "capture_heads: true",
                ""));
        HttpClientSettings bound = bind(file, Map.of()).httpClient();
        HttpClientSettings defaults = FetcherConfig.defaults().httpClient();

        // Left out on purpose: accepting any certificate is for tests; trust_certificates covers a private CA.
        java.util.Set<String> notForUsers = java.util.Set.of("trustAllCertificates");
        for (java.lang.reflect.RecordComponent c : HttpClientSettings.class.getRecordComponents()) {
            if (!notForUsers.contains(c.getName())) {
                assertThat(c.getAccessor().invoke(bound)).as("%s is reachable from the configuration", c.getName())
                        .isNotEqualTo(c.getAccessor().invoke(defaults));
            }
        }
        assertThat(bound.hostHeaders()).containsOnlyKeys("docs.example");
        assertThat(bound.proxies()).extracting(org.kcrawl.http.client.ProxySettings::redactedUrl)
                .containsExactly("http://u:***@127.0.0.1:3128", "socks5://127.0.0.1:1080");
        assertThat(bound.fullBodyContentTypes()).contains("text/html", "application/xml", "application/json");
    }

    @Test
    void clientSettingsBindFromTheEnvironment() {
        FetcherConfig c = bind(null, Map.of(
                "KCRAWL_FETCHER_PROXIES", "[socks5://127.0.0.1:1080]",
                "KCRAWL_FETCHER_HEADERS", "{X-Crawl: nightly}",
                "KCRAWL_FETCHER_HOST_HEADERS", "{intranet.example: {Authorization: Basic dTpw}}",
                "KCRAWL_FETCHER_DENY_CIDRS", "[34.118.224.0/20, '2600:1900:4000::/44']"));
        HttpClientSettings http = c.httpClient();
        assertThat(http.proxies()).hasSize(1);
        assertThat(http.extraHeaders()).containsEntry("X-Crawl", "nightly");
        assertThat(http.hostHeaders().get("intranet.example")).containsEntry("Authorization", "Basic dTpw");
        assertThat(http.denyCidrs()).containsExactly("34.118.224.0/20", "2600:1900:4000::/44");
        assertThat(FetcherConfig.defaults().httpClient().maxDecodedBytes()).isEqualTo(8L * 1024 * 1024);
        assertThat(FetcherConfig.defaults().proxyMode()).isEqualTo(org.kcrawl.http.client.ProxyMode.STICKY);
    }

    @Test
    void badClientSettingsNameTheirKey() throws IOException {
        Map<String, String> keyByVariable = new java.util.LinkedHashMap<>();
        keyByVariable.put("KCRAWL_FETCHER_HEADERS={Host: evil.example}", "headers");
        keyByVariable.put("KCRAWL_FETCHER_HOST_HEADERS={'https://a.example': {X-A: b}}", "host_headers");
        keyByVariable.put("KCRAWL_FETCHER_PROXIES=[ftp://127.0.0.1:21]", "proxies");
        keyByVariable.put("KCRAWL_FETCHER_PROXY_MODE=random", "proxy_mode");
        keyByVariable.put("KCRAWL_FETCHER_DENY_CIDRS=[10.0.0.1/8]", "deny_cidrs");
        keyByVariable.put("KCRAWL_FETCHER_ALLOW_CIDRS=[nowhere]", "allow_cidrs");
        keyByVariable.put("KCRAWL_FETCHER_FULL_BODY_TYPES=['text/html; charset=utf-8']", "full_body_types");
        keyByVariable.put("KCRAWL_FETCHER_MAX_DECODED_BYTES=1000", "max_decoded_bytes");
        keyByVariable.put("KCRAWL_FETCHER_MAX_HEADER_BYTES=100", "max_header_bytes");
        keyByVariable.put("KCRAWL_FETCHER_IO_THREADS=-1", "io_threads");
        keyByVariable.put("KCRAWL_FETCHER_DNS_QUERY_TIMEOUT=PT0S", "dns_query_timeout");
        keyByVariable.put("KCRAWL_FETCHER_TRUST_CERTIFICATES=" + dir.resolve("missing.pem"), "trust_certificates");
        keyByVariable.put("KCRAWL_FETCHER_CLIENT_CERTIFICATE=" + pem("only-cert.pem", "CERTIFICATE"),
                "client_certificate");
        keyByVariable.forEach((assignment, key) -> {
            int eq = assignment.indexOf('=');
            assertThatThrownBy(() -> bind(null, Map.of(assignment.substring(0, eq), assignment.substring(eq + 1))))
                    .as(assignment).isInstanceOf(ConfigException.class)
                    .satisfies(e -> assertThat(((ConfigException) e).key()).isEqualTo(key));
        });

        Path rsa = dir.resolve("rsa.key");
        Files.writeString(rsa, "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n");
        assertThatThrownBy(() -> bind(null, Map.of("KCRAWL_FETCHER_CLIENT_CERTIFICATE",
                pem("c.pem", "CERTIFICATE").toString(), "KCRAWL_FETCHER_CLIENT_KEY", rsa.toString())))
                .isInstanceOf(ConfigException.class).hasMessageContaining("client_key")
                .hasMessageContaining("openssl pkcs8 -topk8 -nocrypt");
        assertThatThrownBy(() -> bind(null, Map.of("KCRAWL_FETCHER_PROXIES", "[http://u:hunter2@127.0.0.1]")))
                .hasMessageContaining("port").hasMessageNotContaining("hunter2");
    }

    private Path pem(String name, String block) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, "-----BEGIN " + block + "-----\nMIIB\n-----END " + block + "-----\n");
        return file;
    }
}
