package org.kcrawl.common.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.topic.TopicLayout;

/** A page's message sized as a whole: a rendered page with its source body fits the producer's request size. */
class PageFitTest {
    private static final int MIB = 1024 * 1024;

    /**
     * 2 MiB of DOM and a 1.5 MiB source body (base64 in the header): the message passed the producer's 4 MiB
     * request size (RecordTooLargeException, a dead letter, no record). It now fits; the DOM is whole and the
     * source body loses its end, flagged.
     */
    @Test
    void aRenderedPageWithItsSourceFitsTheRequestSizeKeepingItsDom() {
        byte[] dom = filled(2 * MIB, 'd');
        byte[] source = filled(3 * MIB / 2, 's');
        FetchedPage page = rendered(dom, source);
        assertThat(MessageCodec.get().encode(page).length).as("the page as rendered")
                .isGreaterThan(TopicLayout.DEFAULT_MAX_MESSAGE_BYTES);

        FetchedPage fitted = PageFit.within(page, PageFit.MAX_PAGE_MESSAGE_BYTES);

        int size = MessageCodec.get().encode(fitted).length;
        assertThat(size).isLessThanOrEqualTo(PageFit.MAX_PAGE_MESSAGE_BYTES)
                .isGreaterThan(PageFit.MAX_PAGE_MESSAGE_BYTES - 1024);
        assertThat(fitted.body()).isEqualTo(dom);
        assertThat(fitted.truncated()).isFalse();
        assertThat(fitted.capture().sourceTruncated()).isTrue();
        byte[] kept = fitted.capture().sourceBody();
        assertThat(kept.length).isLessThan(source.length);
        assertThat(kept).isEqualTo(Arrays.copyOf(source, kept.length));
        assertThat(fitted.capture().request()).isEqualTo(page.capture().request());
    }

    @Test
    void aDomTooLargeEvenWithoutItsSourceIsCutAndFlagged() {
        FetchedPage fitted = PageFit.within(rendered(filled(5 * MIB, 'd'), filled(MIB, 's')),
                PageFit.MAX_PAGE_MESSAGE_BYTES);

        assertThat(MessageCodec.get().encode(fitted).length).isLessThanOrEqualTo(PageFit.MAX_PAGE_MESSAGE_BYTES);
        assertThat(fitted.capture().sourceBody()).isEmpty();
        assertThat(fitted.capture().sourceTruncated()).isTrue();
        assertThat(fitted.truncated()).isTrue();
        assertThat(fitted.body().length).isGreaterThan(PageFit.MAX_PAGE_MESSAGE_BYTES - 4096);
    }

    @Test
    void aPageThatFitsIsLeftAsItIs() {
        FetchedPage page = rendered(filled(MIB, 'd'), filled(MIB, 's'));

        assertThat(PageFit.within(page, PageFit.MAX_PAGE_MESSAGE_BYTES)).isSameAs(page);
    }

    private static FetchedPage rendered(byte[] dom, byte[] source) {
        Capture capture = new Capture("GET / HTTP/1.1\r\nHost: site.example\r\n\r\n",
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n", "192.0.2.1").withSource(source, false);
        return new FetchedPage(1, "https://site.example/", "https://site.example/", 200,
                Map.of("content-type", "text/html; charset=utf-8"), "text/html; charset=utf-8", dom,
                Instant.parse("2026-12-06T07:00:00Z"), 900, 1, false, null, 0, false, true, false, null, capture);
    }

    private static byte[] filled(int n, char c) {
        byte[] b = new byte[n];
        Arrays.fill(b, (byte) c);
        return new String(b, StandardCharsets.US_ASCII).getBytes(StandardCharsets.US_ASCII);
    }
}
