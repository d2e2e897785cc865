package org.kcrawl.http.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.Revisit;

/** The headers a request carries: the client's, the configured ones, and its host's own. */
class RequestFactoryTest {
    private static final Instant T0 = Instant.parse("2026-11-29T12:00:00Z");
    private final RequestFactory factory = new RequestFactory("kcrawl-test", Map.of());

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

    @Test
    void aRecrawlAsksWithBothValidators() throws Exception {
        FullHttpRequest r = factory.get(FetchTarget.parse("http://127.0.0.1:8080/a"),
                new Revisit(T0, "\"5f-1\"", "Sun, 29 Nov 2026 10:00:00 GMT", null, 0));
        assertThat(r.headers().get(HttpHeaderNames.IF_NONE_MATCH)).isEqualTo("\"5f-1\"");
        assertThat(r.headers().get(HttpHeaderNames.IF_MODIFIED_SINCE)).isEqualTo("Sun, 29 Nov 2026 10:00:00 GMT");
        r.release();
    }

    @Test
    void aFirstFetchOrARevisitWithoutValidatorsIsUnconditional() throws Exception {
        FullHttpRequest first = factory.get(FetchTarget.parse("http://127.0.0.1:8080/a"));
        FullHttpRequest bare = factory.get(FetchTarget.parse("http://127.0.0.1:8080/a"), new Revisit(T0, null, null, null, 0));
        for (FullHttpRequest r : new FullHttpRequest[] {first, bare}) {
            assertThat(r.headers().contains(HttpHeaderNames.IF_NONE_MATCH)).isFalse();
            assertThat(r.headers().contains(HttpHeaderNames.IF_MODIFIED_SINCE)).isFalse();
            r.release();
        }
    }

    @Test
    void aValidatorLongerThanTheCapIsLeftOut() throws Exception {
        String longest = "\"" + "e".repeat(Revisit.MAX_VALIDATOR_CHARS - 2) + "\"";
        FullHttpRequest atCap = factory.get(FetchTarget.parse("http://127.0.0.1:8080/a"),
                new Revisit(T0, longest, null, null, 0));
        FullHttpRequest over = factory.get(FetchTarget.parse("http://127.0.0.1:8080/a"),
                new Revisit(T0, longest + "e", null, null, 0));
        assertThat(atCap.headers().get(HttpHeaderNames.IF_NONE_MATCH)).isEqualTo(longest);
        assertThat(over.headers().contains(HttpHeaderNames.IF_NONE_MATCH)).isFalse();
        atCap.release();
        over.release();
    }

    @Test
    void aValidatorThatWouldSplitTheHeadIsLeftOut() throws Exception {
        FullHttpRequest r = factory.get(FetchTarget.parse("http://127.0.0.1:8080/a"),
                new Revisit(T0, "\"x\"\r\nX-Injected: 1", "Sun, 29 Nov 2026 10:00:00 GMT", null, 0));
        assertThat(r.headers().contains(HttpHeaderNames.IF_NONE_MATCH)).isFalse();
        assertThat(r.headers().get(HttpHeaderNames.IF_MODIFIED_SINCE)).isEqualTo("Sun, 29 Nov 2026 10:00:00 GMT");
        r.release();
    }

    @Test
    void aHostsOwnHeadersNeverReplaceARecrawlsValidators() {
        RequestFactory withHost = new RequestFactory("ua/1", Map.of(),
                Map.of("a.example", Map.of("If-None-Match", "\"configured\"")));
        FullHttpRequest r = withHost.get(target("http://a.example/"), new Revisit(T0, "\"page\"", null, null, 0));
        assertThat(r.headers().getAll(HttpHeaderNames.IF_NONE_MATCH)).containsExactly("\"page\"");
        r.release();
    }
}
