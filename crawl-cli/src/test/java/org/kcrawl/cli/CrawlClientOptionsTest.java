package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.config.ConfigException;
import org.kcrawl.http.client.HttpClientSettings;
import org.kcrawl.http.client.ProxyMode;
import org.kcrawl.http.client.ProxySettings;
import picocli.CommandLine;

/**
 * Every setting of the fetcher's HTTP client a user can give the crawl command, through {@code --proxy},
 * {@code --header} or the {@code fetcher:} section of {@code --config}, reaches the client the crawl
 * builds; the end-to-end crawls through proxies, headers and client certificates are in
 * {@link ProxyHeadersTlsCrawlIT}.
 */
class CrawlClientOptionsTest {
    @TempDir
    Path dir;

    private HttpClientSettings client(String yaml, String... args) throws IOException {
        List<String> all = new ArrayList<>();
        if (yaml != null) {
            Path file = dir.resolve("crawl.yaml");
            Files.writeString(file, yaml);
            all.addAll(List.of("--config", file.toString()));
        }
        all.addAll(List.of(args));
        all.add("http://example.org/");
        CrawlCommand command = new CrawlCommand();
        new CommandLine(command).setCaseInsensitiveEnumValuesAllowed(true).parseArgs(all.toArray(String[]::new));
        command.options.validate();
        return new WorkerWiring(command.options).fetcherConfig().httpClient();
    }

    private Path pem(String name, String block) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, "-----BEGIN " + block + "-----\nAAAA\n-----END " + block + "-----\n");
        return file;
    }

    @Test
    void everyClientSettingOfTheConfigFileReachesTheClient() throws IOException {
        Path ca = pem("ca.pem", "CERTIFICATE");
        Path cert = pem("client.pem", "CERTIFICATE");
        Path key = pem("client.pk8", "PRIVATE KEY");
        HttpClientSettings c = client(String.join("\n",
                "fetcher:",
                "  headers: {Accept-Language: de, X-Crawl: from-file}",
                "  host_headers:",
                "    Intranet.Example.org: {Authorization: Bearer t0ken}",
                "  proxies: [http://crawler:s3cret@127.0.0.1:3128, socks5://127.0.0.1:1080]",
                "  proxy_mode: round_robin",
                "  proxy_cool_down: PT2M",
                "  tls_handshake_timeout: PT3S",
                "  trust_certificates: " + ca,
                "  client_certificate: " + cert,
                "  client_key: " + key,
                "  dns_query_timeout: PT2S",
                "  dns_max_ttl: PT1M",
                "  dns_negative_ttl: PT5S",
                "  full_body_types: [application/json]",
                "  max_decoded_bytes: 33554432",
                "  max_header_bytes: 32768",
                "  max_header_count: 100",
                "  idle_connection_timeout: PT10S",
                "  io_threads: 3",
                "  allow_cidrs: [10.20.0.0/16]",
                "  deny_cidrs: [100.96.0.0/11]",
                ""));

        assertThat(c.extraHeaders()).containsEntry("Accept-Language", "de").containsEntry("X-Crawl", "from-file");
        assertThat(c.hostHeaders()).containsOnlyKeys("intranet.example.org");
        assertThat(c.hostHeaders().get("intranet.example.org")).containsEntry("Authorization", "Bearer t0ken");
        assertThat(c.proxies()).containsExactly(new ProxySettings(ProxySettings.Type.HTTP, "127.0.0.1", 3128,
                "crawler", "s3cret"), ProxySettings.of(ProxySettings.Type.SOCKS5, "127.0.0.1", 1080));
        assertThat(c.proxyMode()).isEqualTo(ProxyMode.ROUND_ROBIN);
        assertThat(c.proxyCoolDown()).isEqualTo(Duration.ofMinutes(2));
        assertThat(c.tlsHandshakeTimeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(c.trustedCertificates()).isEqualTo(ca);
        assertThat(c.clientCertificate()).isEqualTo(cert);
        assertThat(c.clientKey()).isEqualTo(key);
        assertThat(c.dnsQueryTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(c.dnsMaxTtl()).isEqualTo(Duration.ofMinutes(1));
        assertThat(c.dnsNegativeTtl()).isEqualTo(Duration.ofSeconds(5));
        assertThat(c.fullBodyContentTypes()).contains("application/json", "text/html");
        assertThat(c.maxDecodedBytes()).isEqualTo(32L * 1024 * 1024);
        assertThat(c.maxHeaderBytes()).isEqualTo(32 * 1024);
        assertThat(c.maxHeaderCount()).isEqualTo(100);
        assertThat(c.idleConnectionTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(c.eventLoopThreads()).isEqualTo(3);
        assertThat(c.allowCidrs()).containsExactly("10.20.0.0/16");
        assertThat(c.denyCidrs()).containsExactly("100.96.0.0/11");
    }

    @Test
    void theCommandLinesProxiesReplaceTheFilesAndItsHeadersWinOverTheFilesOfTheSameName() throws IOException {
        HttpClientSettings c = client(String.join("\n",
                        "fetcher:",
                        "  headers: {Accept-Language: de, X-Crawl: from-file}",
                        "  proxies: [socks5://127.0.0.1:1080]",
                        ""),
                "--proxy", "http://127.0.0.1:3128", "--proxy", "http://127.0.0.1:3129",
                "--header", "X-Crawl: nightly", "--header", "X-Run: 7");

        assertThat(c.proxies()).containsExactly(ProxySettings.of(ProxySettings.Type.HTTP, "127.0.0.1", 3128),
                ProxySettings.of(ProxySettings.Type.HTTP, "127.0.0.1", 3129));
        assertThat(c.proxyMode()).as("the default: each host keeps its proxy").isEqualTo(ProxyMode.STICKY);
        assertThat(c.extraHeaders()).isEqualTo(Map.of("Accept-Language", "de", "X-Crawl", "nightly", "X-Run", "7"));
        assertThat(client(null).proxies()).as("no proxy unless asked").isEmpty();
    }

    @Test
    void aBadClientSettingInTheFileIsRefusedNamingIt() {
        assertThatThrownBy(() -> client("fetcher:\n  proxy_mode: random\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("proxy_mode");
        assertThatThrownBy(() -> client("fetcher:\n  client_certificate: /nonexistent/client.pem\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("client_certificate");
        assertThatThrownBy(() -> client("fetcher:\n  deny_cidrs: [10.0.0.0/33]\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("deny_cidrs");
    }
}
