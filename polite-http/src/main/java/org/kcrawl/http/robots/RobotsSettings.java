package org.kcrawl.http.robots;

import java.time.Duration;

/**
 * How robots.txt is fetched, parsed and cached.
 *
 * @param agentToken the product token matched against {@code User-agent} lines (for example
 *                   {@code kcrawl}), not the full User-Agent header
 * @param ttl how long rules are cached, at most 24 hours (RFC 9309, section 2.4)
 * @param unreachableRetry how long a 5xx or unreachable robots.txt blocks the host before it is
 *                         fetched again
 * @param maxCrawlDelay cap on an honoured Crawl-delay
 * @param maxBytes bytes of robots.txt parsed; RFC 9309 asks for at least 500 KiB
 * @param maxRedirects redirects followed when fetching robots.txt (RFC 9309 asks for at least 5)
 * @param maxHosts hosts whose rules are cached at once
 * @param maxCacheBytes bytes the cached rules may hold (estimated from their rules, sitemaps and texts): a
 *                      crawl of many hosts with large robots.txt files must not fill the heap with rules
 *                      before {@code maxHosts} is reached
 * @param unreachableGiveUp how long after a host's robots.txt first failed its URLs may still wait for it:
 *                          a URL whose retry would come later fails instead (with the network's reason);
 *                          zero never gives up early, so the URLs retry until their attempts are spent
 */
public record RobotsSettings(String agentToken, Duration ttl, Duration unreachableRetry, Duration maxCrawlDelay,
                             int maxBytes, int maxRedirects, long maxHosts, long maxCacheBytes,
                             Duration unreachableGiveUp) {
    /** RFC 9309's minimum parse size. */
    public static final int RFC_MIN_BYTES = 500 * 1024;

    /**
     * Default bytes of cached rules: 32 MiB holds about 10,000 hosts of typical files (a few KiB of rules),
     * or about 30 whose files are all at the 500 KiB parse limit, beside a page budget of 64 MiB in a
     * heap of 256 MiB. A host whose rules were dropped has its robots.txt fetched again.
     */
    public static final long DEFAULT_CACHE_BYTES = 32L * 1024 * 1024;

    public RobotsSettings {
        if (agentToken == null || !agentToken.matches("[A-Za-z_-]+")) {
            throw new IllegalArgumentException("agentToken must be a robots.txt product token ([A-Za-z_-]+) but was '"
                    + agentToken + "'");
        }
        if (ttl == null || ttl.isNegative() || ttl.isZero() || ttl.compareTo(Duration.ofHours(24)) > 0) {
            throw new IllegalArgumentException("ttl must be positive and at most 24 hours but was " + ttl);
        }
        if (unreachableRetry == null || unreachableRetry.isNegative() || unreachableRetry.isZero()) {
            throw new IllegalArgumentException("unreachableRetry must be positive but was " + unreachableRetry);
        }
        if (maxCrawlDelay == null || maxCrawlDelay.isNegative()) {
            throw new IllegalArgumentException("maxCrawlDelay must be >= 0 but was " + maxCrawlDelay);
        }
        if (maxBytes < RFC_MIN_BYTES) {
            throw new IllegalArgumentException("maxBytes must be >= " + RFC_MIN_BYTES + " (RFC 9309) but was "
                    + maxBytes);
        }
        if (maxRedirects < 0) {
            throw new IllegalArgumentException("maxRedirects must be >= 0 but was " + maxRedirects);
        }
        if (maxHosts < 1) {
            throw new IllegalArgumentException("maxHosts must be >= 1 but was " + maxHosts);
        }
        if (maxCacheBytes < 2L * RFC_MIN_BYTES) {
            throw new IllegalArgumentException("maxCacheBytes must be >= " + 2L * RFC_MIN_BYTES
                    + " (rules of one file at the parse limit) but was " + maxCacheBytes);
        }
        if (unreachableGiveUp == null || unreachableGiveUp.isNegative()) {
            throw new IllegalArgumentException("unreachableGiveUp must be >= 0 but was " + unreachableGiveUp);
        }
    }

    /**
     * Defaults: token {@code kcrawl}, 24 h cache, 1 min retry when unreachable and no early give-up,
     * Crawl-delay up to 30 s, 500 KiB, 5 redirects, 100,000 hosts in 32 MiB.
     */
    public static RobotsSettings defaults() {
        return new RobotsSettings("kcrawl", Duration.ofHours(24), Duration.ofMinutes(1), Duration.ofSeconds(30),
                RFC_MIN_BYTES, 5, 100_000, DEFAULT_CACHE_BYTES, Duration.ZERO);
    }

    /** These settings with the unreachable schedule {@code retry} and {@code giveUp}. */
    public RobotsSettings withUnreachable(Duration retry, Duration giveUp) {
        return new RobotsSettings(agentToken, ttl, retry, maxCrawlDelay, maxBytes, maxRedirects, maxHosts,
                maxCacheBytes, giveUp);
    }

    /** These settings with the cache bounds {@code hosts} and {@code bytes}. */
    public RobotsSettings withCache(long hosts, long bytes) {
        return new RobotsSettings(agentToken, ttl, unreachableRetry, maxCrawlDelay, maxBytes, maxRedirects, hosts,
                bytes, unreachableGiveUp);
    }
}
