package org.kcrawl.common.message;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.Map;
import org.kcrawl.common.Checks;

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
 * @param redirectTo the absolute redirect target of a 3xx (or of a {@code Refresh} header the fetcher
 *                   followed), null otherwise
 * @param hops redirect hops that led to the requested URL, as its request said: a refresh the page
 *             declares in its markup counts on from here, against the one hop limit of the crawl.
 *             Written only when not 0
 * @param seed true when the request was a seed (or a redirect target a seed led to), so a refresh the
 *             page declares moves the crawl as a seed's 3xx does. Written only when true
 * @param rendered true when the body is the DOM a browser built by running the page's scripts (the render
 *                 worker's output, UTF-8 HTML), not the bytes the server sent. Written only when true; a
 *                 page without it (every page of an older build) was not rendered
 * @param notModified true when the request was a recrawl's conditional GET and the server answered 304:
 *                    there is no body, the parser writes a record that says so and parses nothing.
 *                    Written only when true
 * @param revisitOf for a not-modified page, when the content it stands for was fetched (the recrawl's
 *                  previous fetch); null otherwise, and then not written
 * @param capture the request and response heads as exchanged, when the fetcher captures them for
 *                archiving; null otherwise, and then not written
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
        @JsonProperty("redirect_to") String redirectTo,
        @JsonProperty("hops") @JsonInclude(JsonInclude.Include.NON_DEFAULT) int hops,
        @JsonProperty("seed") @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean seed,
        @JsonProperty("rendered") @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean rendered,
        @JsonProperty("not_modified") @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean notModified,
        @JsonProperty("revisit_of") @JsonInclude(JsonInclude.Include.NON_NULL) Instant revisitOf,
        @JsonProperty("capture") @JsonInclude(JsonInclude.Include.NON_NULL) Capture capture) {

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
        Checks.notNegative(hops, "hops");
        if (seed && depth != 0) {
            throw new IllegalArgumentException("a seed's page is at depth 0 but was at depth " + depth);
        }
        if (notModified && status != 304) {
            throw new IllegalArgumentException("a not-modified page has status 304 but had " + status);
        }
        Checks.plausibleTime(revisitOf, "revisit_of");
    }

    /** A page as fetchers wrote it before recrawls and captures. */
    public FetchedPage(int v, String requestedUrl, String finalUrl, int status, Map<String, String> headers,
                       String contentType, byte[] body, Instant fetchedAt, long fetchMs, int depth, boolean truncated,
                       String redirectTo, int hops, boolean seed) {
        this(v, requestedUrl, finalUrl, status, headers, contentType, body, fetchedAt, fetchMs, depth, truncated,
                redirectTo, hops, seed, false, false, null, null);
    }

    /** A page as fetched ({@code rendered} false) or as a browser built it, of no recrawl and not captured. */
    public FetchedPage(int v, String requestedUrl, String finalUrl, int status, Map<String, String> headers,
                       String contentType, byte[] body, Instant fetchedAt, long fetchMs, int depth, boolean truncated,
                       String redirectTo, int hops, boolean seed, boolean rendered) {
        this(v, requestedUrl, finalUrl, status, headers, contentType, body, fetchedAt, fetchMs, depth, truncated,
                redirectTo, hops, seed, rendered, false, null, null);
    }

    /** A page of a request that is no seed and no redirect target (hops 0). */
    public FetchedPage(int v, String requestedUrl, String finalUrl, int status, Map<String, String> headers,
                       String contentType, byte[] body, Instant fetchedAt, long fetchMs, int depth, boolean truncated,
                       String redirectTo) {
        this(v, requestedUrl, finalUrl, status, headers, contentType, body, fetchedAt, fetchMs, depth, truncated,
                redirectTo, 0, false, false);
    }

    /**
     * The request this page answered, as far as a page carries it (URL, depth, hops, seed flag): a
     * first attempt, discovered when it was fetched. What a redirect the page declares is followed
     * from ({@link CrawlRequest#redirectTo}).
     */
    public CrawlRequest request() {
        return new CrawlRequest(SchemaVersions.CURRENT, requestedUrl, depth, null, fetchedAt, 1, hops, null,
                seed);
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
                && truncated == p.truncated && hops == p.hops && seed == p.seed && rendered == p.rendered
                && notModified == p.notModified
                && requestedUrl.equals(p.requestedUrl) && finalUrl.equals(p.finalUrl)
                && headers.equals(p.headers) && java.util.Objects.equals(contentType, p.contentType)
                && java.util.Arrays.equals(body, p.body) && fetchedAt.equals(p.fetchedAt)
                && java.util.Objects.equals(redirectTo, p.redirectTo)
                && java.util.Objects.equals(revisitOf, p.revisitOf) && java.util.Objects.equals(capture, p.capture);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(requestedUrl, status, fetchedAt) * 31 + java.util.Arrays.hashCode(body);
    }

    @Override
    public String toString() {
        return "FetchedPage[" + requestedUrl + " status=" + status + " bytes=" + body.length
                + (truncated ? " truncated" : "") + (rendered ? " rendered" : "") + (notModified ? " not-modified" : "") + "]";
    }
}
