package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.testkit.proxy.LoopbackProxy;

/**
 * The fetcher's client options as a user reaches them, through the crawl command: proxies
 * ({@code --proxy}), headers ({@code --header}, and {@code host_headers} in {@code --config}), address
 * ranges, and TLS files. Sites live on 127.0.0.2 and 127.0.0.3 and the proxies on 127.0.0.1, with no
 * {@code --allow-private}: only the ranges the configuration opens may be crawled.
 */
class ProxyHeadersTlsCrawlIT {
    @TempDir
    Path dir;

    @Test
    void proxiesCarryTheCrawlHeadersReachTheirHostsAndTheGuardStillJudgesEveryTarget() throws Exception {
        try (RecordingSite a = RecordingSite.http("127.0.0.2");
             RecordingSite b = RecordingSite.http("127.0.0.3");
             RecordingSite onProxyAddress = RecordingSite.http("127.0.0.1");
             LoopbackProxy proxy = LoopbackProxy.start(LoopbackProxy.Protocol.HTTP, "crawler", "s3cret")) {
            a.page("/", "<html><title>a</title><a href=/a>a</a> <a href='" + b.root() + "'>b</a>"
                    + " <a href='" + onProxyAddress.url("/x") + "'>x</a></html>").page("/a", "<title>a/a</title>");
            b.page("/", "<title>b</title>");
            onProxyAddress.page("/x", "<title>x</title>");
            Path config = config("fetcher:",
                    "  allow_cidrs: [127.0.0.2/32, 127.0.0.3/32]",
                    "  host_headers:",
                    "    127.0.0.2: {Authorization: Bearer for-a-only}");

            int exit = crawl("--config", config.toString(), "--scope", "any", "--proxy", proxy.url(),
                    "--header", "X-Crawl: nightly", "--header", "Accept-Language: de", a.root());

            assertThat(exit).isZero();
            assertThat(urls("records.jsonl")).containsExactlyInAnyOrder(a.root(), a.url("/a"), b.root());
            assertThat(lines("failures.jsonl")).singleElement().satisfies(f -> {
                assertThat(f.get("url").asText()).isEqualTo(onProxyAddress.url("/x"));
                assertThat(f.get("reason").asText()).isEqualTo("blocked_address");
            });
            assertThat(a.requests()).extracting(RecordingSite.Request::path).contains("/robots.txt", "/", "/a");
            assertThat(a.requests()).allSatisfy(r -> {
                assertThat(r.header("X-Crawl")).isEqualTo("nightly");
                assertThat(r.header("Accept-Language")).isEqualTo("de");
                assertThat(r.header("Authorization")).isEqualTo("Bearer for-a-only");
            });
            assertThat(b.requests()).isNotEmpty().allSatisfy(r -> {
                assertThat(r.header("X-Crawl")).isEqualTo("nightly");
                assertThat(r.header("Authorization")).as("another host's header").isNull();
            });
            assertThat(onProxyAddress.requests()).as("the proxy's address opens nothing").isEmpty();
            assertThat(proxy.destinations()).containsOnly("127.0.0.2:" + a.port(), "127.0.0.3:" + b.port())
                    .contains("127.0.0.3:" + b.port());
        }
    }

    @Test
    void aProxyThatIsDownIsSkippedAndTheSocksProxyCarriesTheWholeCrawl() throws Exception {
        try (RecordingSite a = RecordingSite.http("127.0.0.2");
             RecordingSite b = RecordingSite.http("127.0.0.3");
             LoopbackProxy socks = LoopbackProxy.start(LoopbackProxy.Protocol.SOCKS5, "crawler", "s3cret")) {
            a.page("/", "<title>a</title><a href=/1>1</a><a href=/2>2</a><a href='" + b.root() + "'>b</a>")
                    .page("/1", "<title>1</title>").page("/2", "<title>2</title>");
            b.page("/", "<title>b</title><a href=/3>3</a>").page("/3", "<title>3</title>");
            Path config = config("fetcher:",
                    "  allow_cidrs: [127.0.0.2/32, 127.0.0.3/32]",
                    "  proxy_mode: round_robin",
                    "  max_attempts: 6",
                    "  robots_retry: PT0.2S",
                    "  retry_base_delay: PT0.1S",
                    "  retry_max_delay: PT0.2S");

            int exit = crawl("--config", config.toString(), "--scope", "any",
                    "--proxy", "http://127.0.0.1:" + deadPort(), "--proxy", socks.url(), a.root());

            assertThat(exit).isZero();
            assertThat(urls("records.jsonl")).containsExactlyInAnyOrder(a.root(), a.url("/1"), a.url("/2"), b.root(),
                    b.url("/3"));
            assertThat(lines("failures.jsonl")).isEmpty();
            assertThat(socks.destinations()).contains("127.0.0.2:" + a.port(), "127.0.0.3:" + b.port());
        }
    }

    @Test
    void aTrustedServerThatAsksForAClientCertificateGetsTheConfiguredOne() throws Exception {
        TestPki pki = TestPki.create(dir);
        try (RecordingSite site = RecordingSite.https("127.0.0.2", pki.serverContext(), true)) {
            site.page("/", "<title>mutual</title>");
            Path withCertificate = config("fetcher:",
                    "  allow_cidrs: [127.0.0.2/32]",
                    "  trust_certificates: " + pki.serverCertificatePem(),
                    "  client_certificate: " + pki.clientCertificatePem(),
                    "  client_key: " + pki.clientKeyPem());

            assertThat(crawl("--config", withCertificate.toString(), site.root())).isZero();

            assertThat(urls("records.jsonl")).containsExactly(site.root());
            assertThat(site.requests()).extracting(RecordingSite.Request::clientSubject).containsOnly(TestPki.CLIENT_SUBJECT);

            int served = site.requests().size();
            Path trustOnly = config("fetcher:",
                    "  allow_cidrs: [127.0.0.2/32]",
                    "  trust_certificates: " + pki.serverCertificatePem(),
                    "  max_attempts: 1");
            assertThat(crawl("--config", trustOnly.toString(), site.root())).isZero();
            assertThat(lines("records.jsonl")).isEmpty();
            // The JDK's server ends a refused handshake by closing the connection, without an alert.
            assertThat(lines("failures.jsonl")).singleElement()
                    .satisfies(f -> assertThat(f.get("reason").asText()).isIn("tls", "connect"));
            assertThat(site.requests()).as("nothing is served without the certificate").hasSize(served);
        }
    }

    private Path config(String... lines) throws IOException {
        Path file = Files.createTempFile(dir, "crawl", ".yaml");
        Files.writeString(file, String.join("\n", lines) + "\n");
        return file;
    }

    private int crawl(String... options) {
        List<String> args = new ArrayList<>(List.of(
                "--bootstrap", SharedKafka.bootstrapServers(),
                "--crawl-name", SharedKafka.uniqueCrawlName("reach"),
                "--quiet", "--rate", "50", "--max-depth", "3",
                "--out", dir.resolve("records.jsonl").toString(),
                "--failures", dir.resolve("failures.jsonl").toString()));
        args.addAll(List.of(options));
        return CrawlMain.run(args.toArray(String[]::new));
    }

    private List<String> urls(String file) throws IOException {
        return lines(file).stream().map(r -> r.get("url").asText()).toList();
    }

    private List<JsonNode> lines(String file) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve(file), StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                out.add(MessageCodec.get().readTree(line.getBytes(StandardCharsets.UTF_8)));
            }
        }
        return out;
    }

    private static int deadPort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }
}
