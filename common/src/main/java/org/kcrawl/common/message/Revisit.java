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

    public Revisit {
        Checks.plausibleTime(Checks.notNull(fetchedAt, "revisit.fetched_at"), "revisit.fetched_at");
        Checks.notNegative(interval, "revisit.interval_s");
    }

    /** True when the previous response gave a validator to ask with. */
    public boolean conditional() {
        return etag != null || lastModified != null;
    }
}
