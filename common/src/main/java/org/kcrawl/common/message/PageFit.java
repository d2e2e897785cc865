package org.kcrawl.common.message;

import java.util.Arrays;
import org.kcrawl.common.topic.TopicLayout;

/**
 * Sizes a page's message as a whole before it is sent: a rendered page carries the DOM as its body and the
 * bytes the server sent in its capture (base64, a third larger), which together can pass the producer's
 * request size though each is within the body cap, and the producer would refuse the record (a dead letter,
 * no record). Such a page keeps its DOM and loses the end of its source body (flagged {@code
 * source_truncated}); only when that is not enough is the DOM cut as well (flagged {@code truncated}).
 */
public final class PageFit {
    /** The largest page message sent: the producer's request size less room for the key and the framing. */
    public static final int MAX_PAGE_MESSAGE_BYTES = TopicLayout.DEFAULT_MAX_MESSAGE_BYTES - 16 * 1024;
    /** Room for everything of a page but its body and source body, in a first look that spares the encoding. */
    private static final int ROOM = 512 * 1024;
    private static final int SLACK = 64;

    private PageFit() {}

    /**
     * {@code page} as is when its message is at most {@code maxBytes}, else with its source body, then its body,
     * cut until it is. Encodes the page once when it may not fit (a large rendered page), else not at all.
     */
    public static FetchedPage within(FetchedPage page, int maxBytes) {
        Capture capture = page.capture();
        long source = capture == null || capture.sourceBody() == null ? 0 : capture.sourceBody().length;
        if (page.body().length + (source + 2) / 3 * 4 + ROOM <= maxBytes) {
            return page;
        }
        FetchedPage fitted = page;
        for (int attempt = 0; attempt < 4; attempt++) {
            long excess = (long) MessageCodec.get().encode(fitted).length - maxBytes;
            if (excess <= 0) {
                return fitted;
            }
            fitted = cut(fitted, excess + ((long) SLACK << attempt));
        }
        return fitted;
    }

    /** {@code page} less {@code excess} bytes of message: from its source body first (3 bytes a 4-character run). */
    private static FetchedPage cut(FetchedPage page, long excess) {
        Capture capture = page.capture();
        byte[] source = capture == null ? null : capture.sourceBody();
        if (source != null && source.length > 0) {
            long sourceCut = Math.min(source.length, (excess + 3) / 4 * 3);
            excess -= sourceCut / 3 * 4;
            capture = capture.withSource(Arrays.copyOf(source, (int) (source.length - sourceCut)), true);
            page = with(page, page.body(), page.truncated(), capture);
        }
        if (excess > 0) {
            byte[] body = page.body();
            page = with(page, Arrays.copyOf(body, (int) Math.max(0, body.length - excess)), true, capture);
        }
        return page;
    }

    private static FetchedPage with(FetchedPage p, byte[] body, boolean truncated, Capture capture) {
        return new FetchedPage(p.v(), p.requestedUrl(), p.finalUrl(), p.status(), p.headers(), p.contentType(), body,
                p.fetchedAt(), p.fetchMs(), p.depth(), truncated, p.redirectTo(), p.hops(), p.seed(), p.rendered(),
                p.notModified(), p.revisitOf(), capture);
    }
}
