package org.kcrawl.http.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.url.HostKey;

class FetchTargetTest {

    @Test
    void defaultPortsPathAndHostHeader() throws FetchException {
        FetchTarget t = FetchTarget.parse("https://Example.COM");
        assertThat(t.https()).isTrue();
        assertThat(t.port()).isEqualTo(443);
        assertThat(t.requestTarget()).isEqualTo("/");
        assertThat(t.hostHeader()).isEqualTo("example.com");
        assertThat(t.hostKey()).isEqualTo(HostKey.of("https://Example.COM"));
    }

    @Test
    void explicitPortQueryAndEncodedPathAreKept() throws FetchException {
        FetchTarget t = FetchTarget.parse("http://a.example:8080/p%20q/r?x=1&y=%2F#frag");
        assertThat(t.port()).isEqualTo(8080);
        assertThat(t.requestTarget()).isEqualTo("/p%20q/r?x=1&y=%2F");
        assertThat(t.hostHeader()).isEqualTo("a.example:8080");
        assertThat(t.poolKey()).isEqualTo(new PoolKey(false, "a.example", 8080));
    }

    @Test
    void ipv6LiteralKeepsBracketsInTheKeyButNotInTheHost() throws FetchException {
        FetchTarget t = FetchTarget.parse("http://[::1]:8080/");
        assertThat(t.host()).isEqualTo("::1");
        assertThat(t.hostKey()).isEqualTo("[::1]").isEqualTo(HostKey.of("http://[::1]:8080/"));
        assertThat(t.hostHeader()).isEqualTo("[::1]:8080");
    }

    @Test
    void unusableUrlsAreInvalidUrlFailures() {
        for (String url : new String[] {"ftp://a.example/", "/relative", "http:///nohost", "http://a b/", "mailto:x@y"}) {
            assertThatThrownBy(() -> FetchTarget.parse(url)).as(url)
                    .isInstanceOfSatisfying(FetchException.class,
                            e -> assertThat(e.reason()).isEqualTo(FailureReason.INVALID_URL));
        }
    }
}
