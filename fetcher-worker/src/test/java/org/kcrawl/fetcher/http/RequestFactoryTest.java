package org.kcrawl.fetcher.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http.FullHttpRequest;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The headers a request carries: the client's, the configured ones, and its host's own. */
class RequestFactoryTest {

    private static FetchTarget target(String url) {
        try {
            return FetchTarget.parse(url);
        } catch (FetchException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void hostHeadersGoToTheirHostOnlyAndWinOverTheCommonOnes() {
        RequestFactory factory = new RequestFactory("ua/1", Map.of("Accept-Language", "en", "X-Team", "crawl"),
                Map.of("docs.example", Map.of("Authorization", "Bearer t0ken", "X-Team", "docs")));

        FullHttpRequest own = factory.get(target("https://docs.example:8443/a"));
        assertThat(own.headers().get("Authorization")).isEqualTo("Bearer t0ken");
        assertThat(own.headers().getAll("X-Team")).containsExactly("docs");
        assertThat(own.headers().get("Accept-Language")).isEqualTo("en");
        assertThat(own.headers().get("Host")).isEqualTo("docs.example:8443");
        own.release();

        FullHttpRequest other = factory.get(target("https://www.docs.example/a"));
        assertThat(other.headers().contains("Authorization")).isFalse();
        assertThat(other.headers().getAll("X-Team")).containsExactly("crawl");
        assertThat(other.headers().get("User-Agent")).isEqualTo("ua/1");
        other.release();
    }

    @Test
    void configuredHeadersReplaceTheClientsDefaultsOfTheSameName() {
        FullHttpRequest r = new RequestFactory("ua/1", Map.of("Accept", "text/html")).get(target("http://a.example/"));
        assertThat(r.headers().getAll("Accept")).containsExactly("text/html");
        assertThat(r.headers().get("Accept-Encoding")).isEqualTo(RequestFactory.ACCEPT_ENCODING);
        r.release();
    }
}
