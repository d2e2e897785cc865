package org.kcrawl.common.message;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import org.kcrawl.common.Checks;

/**
 * A URL to fetch, as carried on the urls topic (keyed by host).
 *
 * @param v schema version
 * @param url absolute http(s) URL to fetch
 * @param depth link distance from a seed (seeds are 0)
 * @param sourceUrl the page this URL was found on, null for seeds
 * @param discoveredAt when the URL was discovered
 * @param attempt fetch attempt number, starting at 1
 * @param hops redirect hops that led here (0 unless this URL is a redirect target)
 * @param notBefore earliest time this URL may be fetched, null for "now" (used to park retries)
 * @param seed true for a seed and for the redirect targets a seed led to (depth 0): the seed moved there,
 *             so a redirect from it brings its target's site into the crawl's scope, as Heritrix treats
 *             a seed's redirect as a new seed. Written only when true; a request without it is no seed.
 *             A sitemap from robots.txt is at depth 0 too, but no seed
 * @param revisit for a recrawl: the URL's previous fetch (validators, and when it was), so it is fetched
 *                again conditionally, once; null for every other request, and then not written
 * @param refusedSince when the URL's server first refused it (429, or 503 with a Retry-After) among the
 *                     refusals since its last other answer: a refused URL is tried again without counting an
 *                     attempt until it has been refused for the fetcher's {@code rate_limited_give_up}; null
 *                     (and not written) when it was not refused
 */
public record CrawlRequest(
        @JsonProperty("v") int v,
        @JsonProperty("url") String url,
        @JsonProperty("depth") int depth,
        @JsonProperty("source_url") String sourceUrl,
        @JsonProperty("discovered_at") Instant discoveredAt,
        @JsonProperty("attempt") int attempt,
        @JsonProperty("hops") int hops,
        @JsonProperty("not_before") Instant notBefore,
        @JsonProperty("seed") @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean seed,
        @JsonProperty("revisit") @JsonInclude(JsonInclude.Include.NON_NULL) Revisit revisit,
        @JsonProperty("refused_since") @JsonInclude(JsonInclude.Include.NON_NULL) Instant refusedSince) {

    public CrawlRequest {
        Checks.httpUrl(url, "url");
        Checks.notNegative(depth, "depth");
        Checks.plausibleTime(Checks.notNull(discoveredAt, "discovered_at"), "discovered_at");
        Checks.plausibleTime(notBefore, "not_before");
        Checks.plausibleTime(refusedSince, "refused_since");
        if (attempt < 1) {
            throw new IllegalArgumentException("attempt must be >= 1 but was " + attempt);
        }
        Checks.notNegative(hops, "hops");
        if (seed && depth != 0) {
            throw new IllegalArgumentException("a seed is at depth 0 but was at depth " + depth);
        }
    }

    /** A request that was not refused. */
    public CrawlRequest(int v, String url, int depth, String sourceUrl, Instant discoveredAt, int attempt, int hops,
                        Instant notBefore, boolean seed, Revisit revisit) {
        this(v, url, depth, sourceUrl, discoveredAt, attempt, hops, notBefore, seed, revisit, null);
    }

    /** A request that is no recrawl. */
    public CrawlRequest(int v, String url, int depth, String sourceUrl, Instant discoveredAt, int attempt, int hops,
                        Instant notBefore, boolean seed) {
        this(v, url, depth, sourceUrl, discoveredAt, attempt, hops, notBefore, seed, null);
    }

    /** A request that is no seed (a discovered link, a sitemap, a redirect target of either). */
    public CrawlRequest(int v, String url, int depth, String sourceUrl, Instant discoveredAt, int attempt, int hops,
                        Instant notBefore) {
        this(v, url, depth, sourceUrl, discoveredAt, attempt, hops, notBefore, false);
    }

    /** A seed: depth 0, first attempt, no source. */
    public static CrawlRequest seed(String url, Instant now) {
        return new CrawlRequest(SchemaVersions.CURRENT, url, 0, null, now, 1, 0, null, true);
    }

    /** A link found on {@code sourceUrl}, one level deeper than the page it was found on. */
    public static CrawlRequest discovered(String url, int depth, String sourceUrl, Instant now) {
        return new CrawlRequest(SchemaVersions.CURRENT, url, depth, sourceUrl, now, 1, 0, null);
    }

    /**
     * The same URL scheduled for another attempt, not before {@code notBefore}: its previous one failed, so
     * whatever refusals came before it are over.
     */
    public CrawlRequest retry(Instant notBefore) {
        return new CrawlRequest(v, url, depth, sourceUrl, discoveredAt, attempt + 1, hops, notBefore, seed, revisit);
    }

    /** The same attempt, not before {@code notBefore} (a URL parked until its turn). */
    public CrawlRequest withNotBefore(Instant notBefore) {
        return new CrawlRequest(v, url, depth, sourceUrl, discoveredAt, attempt, hops, notBefore, seed, revisit,
                refusedSince);
    }

    /**
     * The same attempt, refused by its server at {@code now} and tried again not before {@code notBefore}
     * (null: when its host's pace allows): refused since the first of its refusals in a row.
     */
    public CrawlRequest refused(Instant now, Instant notBefore) {
        return new CrawlRequest(v, url, depth, sourceUrl, discoveredAt, attempt, hops, notBefore, seed, revisit,
                refusedSince == null ? now : refusedSince);
    }

    /**
     * A redirect target reached from this request: same depth, one more hop, a seed when this is one; no
     * recrawl (the target has a status of its own, and a recrawl revisits it by that).
     */
    public CrawlRequest redirectTo(String target, Instant now) {
        return new CrawlRequest(SchemaVersions.CURRENT, target, depth, url, now, 1, hops + 1, null, seed);
    }
}
