package org.kcrawl.common.message;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import org.kcrawl.common.Checks;

/**
 * What a recrawl request knows of the URL's previous fetch, taken from its {@link UrlStatus}: the
 * validators it is fetched again with ({@code If-None-Match}, {@code If-Modified-Since}), and what
 * tells the fetcher whether the URL was fetched again since (then the request is a duplicate).
 *
 * @param fetchedAt when the previous fetch completed; a URL fetched after it is not fetched again
 * @param etag the previous response's ETag, null if it had none
 * @param lastModified the previous response's Last-Modified, null if it had none
 * @param contentHash the previous body's hash ({@link ContentHash}), null when there was no body
 * @param interval the revisit interval the previous fetch was given, in seconds (0 when unknown): the
 *                 next one is shorter when the page changed, longer when not
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Revisit(
        @JsonProperty("fetched_at") Instant fetchedAt,
        @JsonProperty("etag") String etag,
        @JsonProperty("last_modified") String lastModified,
        @JsonProperty("content_hash") String contentHash,
        @JsonProperty("interval_s") @JsonInclude(JsonInclude.Include.NON_DEFAULT) long interval) {

    /**
     * The longest validator kept and sent back. Real ETags and HTTP dates are tens of characters; a site sending
     * kilobytes would otherwise grow every seen marker of its URLs by that much.
     */
    public static final int MAX_VALIDATOR_CHARS = 1024;

    public Revisit {
        Checks.plausibleTime(Checks.notNull(fetchedAt, "revisit.fetched_at"), "revisit.fetched_at");
        Checks.notNegative(interval, "revisit.interval_s");
    }

    /**
     * {@code value} (an ETag or Last-Modified as received) when it can be sent back as a request header: not
     * blank, at most {@link #MAX_VALIDATOR_CHARS}, no control characters (no CR or LF to split the head), no
     * character beyond Latin-1; else null. What is not sent back is not kept either.
     */
    public static String validator(String value) {
        if (value == null || value.isBlank() || value.length() > MAX_VALIDATOR_CHARS) {
            return null;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if ((c < 0x20 && c != '\t') || c == 0x7f || c > 0xff) {
                return null;
            }
        }
        return value;
    }

    /** True when the previous response gave a validator to ask with. */
    public boolean conditional() {
        return etag != null || lastModified != null;
    }
}
