package org.kcrawl.cli;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.MessageCodec;

/**
 * One line of a {@code --fetch-only} crawl's output: what was fetched, without the body (a line per
 * page stays small, and the bytes count says how much came back).
 *
 * @param url the requested URL
 * @param finalUrl the URL the body came from
 * @param status HTTP status code
 * @param contentType the Content-Type header, null if absent
 * @param bytes body bytes received (after decompression, at most the body cap)
 * @param truncated true when the body was cut at the size cap
 * @param redirectTo where a 3xx pointed, null otherwise (the target gets its own line when in scope)
 * @param fetchedAt when the response completed
 * @param fetchMs request duration in milliseconds
 */
record FetchRecord(
        @JsonProperty("url") String url,
        @JsonProperty("final_url") String finalUrl,
        @JsonProperty("status") int status,
        @JsonProperty("content_type") String contentType,
        @JsonProperty("bytes") int bytes,
        @JsonProperty("truncated") boolean truncated,
        @JsonProperty("redirect_to") String redirectTo,
        @JsonProperty("fetched_at") Instant fetchedAt,
        @JsonProperty("fetch_ms") long fetchMs) {

    /** Writes a pages-topic message as its fetch-only line. */
    static final LineFormat PAGES = value -> MessageCodec.get().encode(of(
            MessageCodec.get().decode(value, FetchedPage.class)));

    /** The line for {@code page}. */
    static FetchRecord of(FetchedPage page) {
        if (page == null) {
            throw new IllegalArgumentException("page must not be null");
        }
        return new FetchRecord(page.requestedUrl(), page.finalUrl(), page.status(), page.contentType(),
                page.body().length, page.truncated(), page.redirectTo(), page.fetchedAt(), page.fetchMs());
    }
}
