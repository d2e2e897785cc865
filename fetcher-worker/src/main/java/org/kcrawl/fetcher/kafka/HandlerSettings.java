package org.kcrawl.fetcher.kafka;

import java.time.Duration;

/**
 * Per-URL rules of the {@link FetchHandler}.
 *
 * @param maxDepth deepest link distance fetched; deeper requests are counted skips
 * @param maxPages URLs admitted for fetching by this worker, 0 for no limit
 * @param maxHold longest a URL waits in memory for its not-before time; later ones are parked
 *                (re-published unchanged) so they do not pin the partition's committed offset
 * @param maxHostQueue URLs queued in memory per host; more are parked with a later not-before
 */
public record HandlerSettings(int maxDepth, long maxPages, Duration maxHold, int maxHostQueue) {
    public HandlerSettings {
        if (maxDepth < 0) {
            throw new IllegalArgumentException("maxDepth must be >= 0 but was " + maxDepth);
        }
        if (maxPages < 0) {
            throw new IllegalArgumentException("maxPages must be >= 0 but was " + maxPages);
        }
        if (maxHold == null || maxHold.isNegative() || maxHold.isZero()) {
            throw new IllegalArgumentException("maxHold must be positive but was " + maxHold);
        }
        if (maxHostQueue < 1) {
            throw new IllegalArgumentException("maxHostQueue must be >= 1 but was " + maxHostQueue);
        }
    }

    /** Defaults: depth 5, no page limit, 1 min hold, 1,000 queued per host. */
    public static HandlerSettings defaults() {
        return new HandlerSettings(5, 0, Duration.ofMinutes(1), 1_000);
    }
}
