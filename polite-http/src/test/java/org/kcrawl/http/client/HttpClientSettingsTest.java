package org.kcrawl.http.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HttpClientSettingsTest {

    @Test
    void defaultsAreTheDocumentedSafeOnes() {
        HttpClientSettings s = HttpClientSettings.defaults();
        assertThat(s.userAgent()).isEqualTo("kcrawl/0.1 (+https://github.com/kcrawl/kcrawl)");
        assertThat(s.connectTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(s.tlsHandshakeTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(s.idleReadTimeout()).isEqualTo(Duration.ofSeconds(15));
        assertThat(s.totalDeadline()).isEqualTo(Duration.ofSeconds(30));
        assertThat(s.maxBodyBytes()).isEqualTo(2 * 1024 * 1024);
        assertThat(s.maxDecodedBytes()).isEqualTo(8L * 1024 * 1024);
        assertThat(s.maxHeaderBytes()).isEqualTo(64 * 1024);
        assertThat(s.maxHeaderCount()).isEqualTo(200);
        assertThat(s.fullBodyContentTypes()).containsExactly("text/html", "application/xhtml+xml");
        assertThat(s.maxConnections()).isEqualTo(256);
        assertThat(s.maxConnectionsPerHost()).isEqualTo(8);
        assertThat(s.eventLoopThreads()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(s.allowPrivate()).isFalse();
        assertThat(s.trustAllCertificates()).isFalse();
        assertThat(s.proxies()).isEmpty();
    }

    @Test
    void builderRoundTripsAndValidates() {
        HttpClientSettings s = HttpClientSettings.defaults().toBuilder().maxBodyBytes(10).maxDecodedBytes(20)
                .allowCidrs(List.of("127.0.0.0/8")).extraHeaders(Map.of("Accept-Language", "en")).build();
        assertThat(s.maxBodyBytes()).isEqualTo(10);
        assertThat(s.allowedRanges()).hasSize(1);
        assertThat(s.toBuilder().build()).isEqualTo(s);
    }

    @Test
    void invalidValuesAreRefusedNamingTheSetting() {
        HttpClientSettings.Builder b = HttpClientSettings.defaults().toBuilder();
        assertThatThrownBy(() -> b.maxBodyBytes(0).build()).hasMessageContaining("maxBodyBytes");
        assertThatThrownBy(() -> HttpClientSettings.defaults().toBuilder().maxDecodedBytes(10).build())
                .hasMessageContaining("maxDecodedBytes");
        assertThatThrownBy(() -> HttpClientSettings.defaults().toBuilder().connectTimeout(Duration.ZERO).build())
                .hasMessageContaining("connectTimeout");
        assertThatThrownBy(() -> HttpClientSettings.defaults().toBuilder().maxConnectionsPerHost(300).build())
                .hasMessageContaining("maxConnectionsPerHost");
        assertThatThrownBy(() -> HttpClientSettings.defaults().toBuilder().allowCidrs(List.of("10.0.0.1/8")).build())
                .hasMessageContaining("allowCidrs");
        assertThatThrownBy(() -> HttpClientSettings.defaults().toBuilder()
                .extraHeaders(Map.of("Host", "evil")).build()).hasMessageContaining("'Host'");
        assertThatThrownBy(() -> HttpClientSettings.defaults().toBuilder()
                .extraHeaders(Map.of("X-A", "a\r\nInjected: 1")).build()).hasMessageContaining("extraHeaders.X-A");
        assertThatThrownBy(() -> HttpClientSettings.defaults().toBuilder()
                .fullBodyContentTypes(List.of("text/html; charset=utf-8")).build())
                .hasMessageContaining("fullBodyContentTypes");
        assertThatThrownBy(() -> HttpClientSettings.defaults().toBuilder().userAgent(" ").build())
                .hasMessageContaining("userAgent");
    }

    @Test
    void hostHeadersClientCertificatesAndDeniedRangesAreValidated() {
        HttpClientSettings.Builder b = HttpClientSettings.defaults().toBuilder();
        assertThat(b.hostHeaders(Map.of("docs.example", Map.of("Authorization", "Bearer x"))).build().hostHeaders())
                .containsOnlyKeys("docs.example");
        assertThatThrownBy(() -> HttpClientSettings.defaults().toBuilder()
                .hostHeaders(Map.of("Docs.Example", Map.of("X-A", "b"))).build()).hasMessageContaining("hostHeaders");
        assertThatThrownBy(() -> HttpClientSettings.defaults().toBuilder()
                .hostHeaders(Map.of("docs.example:8443", Map.of("X-A", "b"))).build()).hasMessageContaining("port");
        assertThatThrownBy(() -> HttpClientSettings.defaults().toBuilder()
                .hostHeaders(Map.of("docs.example", Map.of("Content-Length", "0"))).build())
                .hasMessageContaining("hostHeaders.docs.example").hasMessageContaining("'Content-Length'");
        assertThatThrownBy(() -> HttpClientSettings.defaults().toBuilder()
                .clientCertificate(java.nio.file.Path.of("c.pem")).build())
                .hasMessageContaining("clientCertificate and clientKey");
        assertThatThrownBy(() -> HttpClientSettings.defaults().toBuilder().denyCidrs(List.of("10.0.0.1/8")).build())
                .hasMessageContaining("denyCidrs");
    }

    @Test
    void proxySettingsAreValidated() {
        assertThatThrownBy(() -> new ProxySettings(ProxySettings.Type.HTTP, "p", 0, null, null))
                .hasMessageContaining("port");
        assertThatThrownBy(() -> new ProxySettings(ProxySettings.Type.SOCKS5, "p", 1080, "u", null))
                .hasMessageContaining("together");
        assertThat(new ProxySettings(ProxySettings.Type.HTTP, "p", 3128, "u", "secret").toString())
                .doesNotContain("secret");
    }
}
