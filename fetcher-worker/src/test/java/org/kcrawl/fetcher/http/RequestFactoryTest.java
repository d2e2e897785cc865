package org.kcrawl.fetcher.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.Revisit;

class RequestFactoryTest {
    private static final Instant T0 = Instant.parse("2026-11-29T12:00:00Z");
    private final RequestFactory factory = new RequestFactory("kcrawl-test", Map.of());

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
    void aValidatorThatWouldSplitTheHeadIsLeftOut() throws Exception {
        FullHttpRequest r = factory.get(FetchTarget.parse("http://127.0.0.1:8080/a"),
                new Revisit(T0, "\"x\"\r\nX-Injected: 1", "Sun, 29 Nov 2026 10:00:00 GMT", null, 0));
        assertThat(r.headers().contains(HttpHeaderNames.IF_NONE_MATCH)).isFalse();
        assertThat(r.headers().get(HttpHeaderNames.IF_MODIFIED_SINCE)).isEqualTo("Sun, 29 Nov 2026 10:00:00 GMT");
        r.release();
    }
}
