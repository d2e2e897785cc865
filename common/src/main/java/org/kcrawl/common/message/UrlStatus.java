package org.kcrawl.common.message;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Duration;
import java.time.Instant;
import org.kcrawl.common.Checks;

/**
 * The last fetch of one URL, kept in the compacted seen topic as the value of the URL's seen marker
 * (key: its fingerprint; one record per URL after compaction, so the store stays bounded per URL).
 * Recrawls read it back: the URL, where it sat in the crawl, its validators and when it is due again.
 *
 * @param v schema version
 * @param url the URL
 * @param depth link distance from a seed
 * @param hops redirect hops that led to it; written only when not 0
 * @param seed true for a seed (or a redirect target a seed led to); written only when true
 * @param fetchedAt when the fetch completed
 * @param outcome how it ended: page, not_modified, redirect, failure, or render (handed to the render
 *                workers, when {@code fetched_at} is the hand-over's time)
 * @param status the HTTP status, 0 when no response came
 * @param etag the response's ETag, null if none
 * @param lastModified the response's Last-Modified, null if none
 * @param contentHash the body's hash ({@link ContentHash}), null when there was no body
 * @param nextFetchAt when the URL is due again: {@code fetched_at} plus its revisit interval
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UrlStatus(
        @JsonProperty("v") int v,
        @JsonProperty("url") String url,
        @JsonProperty("depth") int depth,
        @JsonProperty("hops") @JsonInclude(JsonInclude.Include.NON_DEFAULT) int hops,
        @JsonProperty("seed") @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean seed,
        @JsonProperty("fetched_at") Instant fetchedAt,
        @JsonProperty("outcome") Outcome outcome,
        @JsonProperty("status") int status,
        @JsonProperty("etag") String etag,
        @JsonProperty("last_modified") String lastModified,
        @JsonProperty("content_hash") String contentHash,
        @JsonProperty("next_fetch_at") Instant nextFetchAt) {

    /** How a fetch ended, as the store keeps it. */
    public enum Outcome {
        @JsonProperty("page") PAGE,
        @JsonProperty("not_modified") NOT_MODIFIED,
        @JsonProperty("redirect") REDIRECT,
        @JsonProperty("failure") FAILURE,
        /** Handed to the render workers (render_patterns): the fetcher fetched nothing, so no validators. */
        @JsonProperty("render") RENDER
    }

    public UrlStatus {
        Checks.httpUrl(url, "url");
        Checks.notNegative(depth, "depth");
        Checks.notNegative(hops, "hops");
        Checks.plausibleTime(Checks.notNull(fetchedAt, "fetched_at"), "fetched_at");
        Checks.notNull(outcome, "outcome");
        if (status != 0 && (status < 100 || status > 999)) {
            throw new IllegalArgumentException("status must be 0 or an HTTP status code (100-999) but was " + status);
        }
        Checks.plausibleTime(Checks.notNull(nextFetchAt, "next_fetch_at"), "next_fetch_at");
        if (nextFetchAt.isBefore(fetchedAt)) {
            throw new IllegalArgumentException("next_fetch_at " + nextFetchAt + " is before fetched_at " + fetchedAt);
        }
        if (seed && depth != 0) {
            throw new IllegalArgumentException("a seed is at depth 0 but was at depth " + depth);
        }
    }

    /** What a request to fetch this URL again carries of this fetch. */
    public Revisit revisit() {
        return new Revisit(fetchedAt, etag, lastModified, contentHash,
                Duration.between(fetchedAt, nextFetchAt).toSeconds());
    }

    /**
     * A request to fetch this URL again, conditionally, where it sat in the crawl (depth, hops, seed):
     * a first attempt, discovered {@code now}.
     */
    public CrawlRequest recrawl(Instant now) {
        return new CrawlRequest(SchemaVersions.CURRENT, url, depth, null, now, 1, hops, null, seed, revisit());
    }
}
