package org.kcrawl.common.message;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.Map;

/**
 * A fetched response, as carried on the pages topic from fetcher to parser.
 *
 * @param v schema version
 * @param requestedUrl the URL that was requested
 * @param finalUrl the URL the body came from (equal to requestedUrl: redirects are not followed inline)
 * @param status HTTP status code
 * @param headers selected response headers, lower-case names
 * @param contentType the Content-Type header, null if absent
 * @param body the (possibly truncated) body; empty for content types fetched as metadata only
 * @param fetchedAt when the response completed
 * @param fetchMs request duration in milliseconds
 * @param depth link distance from a seed
 * @param truncated true when the body was cut at the size cap
 * @param redirectTo the absolute redirect target for a 3xx, null otherwise
 */
public record FetchedPage(
        @JsonProperty("v") int v,
        @JsonProperty("requested_url") String requestedUrl,
        @JsonProperty("final_url") String finalUrl,
        @JsonProperty("status") int status,
        @JsonProperty("headers") Map<String, String> headers,
        @JsonProperty("content_type") String contentType,
        @JsonProperty("body") byte[] body,
        @JsonProperty("fetched_at") Instant fetchedAt,
        @JsonProperty("fetch_ms") long fetchMs,
        @JsonProperty("depth") int depth,
        @JsonProperty("truncated") boolean truncated,
        @JsonProperty("redirect_to") String redirectTo) {

    public FetchedPage {
        Checks.httpUrl(requestedUrl, "requested_url");
        Checks.httpUrl(finalUrl, "final_url");
        if (status < 100 || status > 999) {
            throw new IllegalArgumentException("status must be an HTTP status code (100-999) but was " + status);
        }
        headers = headers == null ? Map.of() : Map.copyOf(headers);
        body = body == null ? new byte[0] : body;
        Checks.plausibleTime(Checks.notNull(fetchedAt, "fetched_at"), "fetched_at");
        Checks.notNegative(fetchMs, "fetch_ms");
        Checks.notNegative(depth, "depth");
    }

    /** Returns the body as given; callers must not modify it. */
    @Override
    public byte[] body() {
        return body;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FetchedPage p
                && v == p.v && status == p.status && fetchMs == p.fetchMs && depth == p.depth
                && truncated == p.truncated
                && requestedUrl.equals(p.requestedUrl) && finalUrl.equals(p.finalUrl)
                && headers.equals(p.headers) && java.util.Objects.equals(contentType, p.contentType)
                && java.util.Arrays.equals(body, p.body) && fetchedAt.equals(p.fetchedAt)
                && java.util.Objects.equals(redirectTo, p.redirectTo);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(requestedUrl, status, fetchedAt) * 31 + java.util.Arrays.hashCode(body);
    }

    @Override
    public String toString() {
        return "FetchedPage[" + requestedUrl + " status=" + status + " bytes=" + body.length
                + (truncated ? " truncated" : "") + "]";
    }
}
