package org.kcrawl.http.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Proxy URLs as users write them. */
class ProxySettingsTest {

    @Test
    void parsesHttpAndSocksProxiesWithAndWithoutCredentials() {
        assertThat(ProxySettings.parse("http://proxy.example:3128"))
                .isEqualTo(ProxySettings.of(ProxySettings.Type.HTTP, "proxy.example", 3128));
        assertThat(ProxySettings.parse("SOCKS5://127.0.0.1:1080/"))
                .isEqualTo(ProxySettings.of(ProxySettings.Type.SOCKS5, "127.0.0.1", 1080));
        assertThat(ProxySettings.parse("http://[::1]:8080"))
                .isEqualTo(ProxySettings.of(ProxySettings.Type.HTTP, "::1", 8080));
        assertThat(ProxySettings.parse("http://crawler:p%40ss%3Aw+rd@proxy.example:3128"))
                .isEqualTo(new ProxySettings(ProxySettings.Type.HTTP, "proxy.example", 3128, "crawler", "p@ss:w+rd"));
    }

    @Test
    void badUrlsAreRefusedSayingWhatIsMissingWithoutThePassword() {
        assertThatThrownBy(() -> ProxySettings.parse("https://proxy.example:3128"))
                .hasMessageContaining("http://").hasMessageContaining("socks5://");
        assertThatThrownBy(() -> ProxySettings.parse("http://proxy.example"))
                .hasMessageContaining("port").hasMessageContaining("3128");
        assertThatThrownBy(() -> ProxySettings.parse("socks5://u:secret@proxy.example"))
                .hasMessageContaining("port").hasMessageNotContaining("secret");
        assertThatThrownBy(() -> ProxySettings.parse("http://user@proxy.example:3128"))
                .hasMessageContaining("without a password");
        assertThatThrownBy(() -> ProxySettings.parse("http://proxy.example:3128/path"))
                .hasMessageContaining("without a path");
        assertThatThrownBy(() -> ProxySettings.parse(" ")).hasMessageContaining("blank");
        // host:port without a scheme: the message says what to write, not how java.net.URI failed.
        assertThatThrownBy(() -> ProxySettings.parse("127.0.0.1:3128"))
                .hasMessage("proxy '127.0.0.1:3128' has no scheme: write http://127.0.0.1:3128 (HTTP CONNECT) or"
                        + " socks5://127.0.0.1:3128");
        assertThatThrownBy(() -> ProxySettings.parse("crawler:secret@proxy.example:3128"))
                .hasMessageContaining("has no scheme").hasMessageNotContaining("secret");
    }

    @Test
    void theRedactedUrlHidesThePassword() {
        assertThat(ProxySettings.parse("http://crawler:secret@proxy.example:3128").redactedUrl())
                .isEqualTo("http://crawler:***@proxy.example:3128");
        assertThat(ProxySettings.parse("socks5://[::1]:1080").redactedUrl()).isEqualTo("socks5://[::1]:1080");
    }
}
