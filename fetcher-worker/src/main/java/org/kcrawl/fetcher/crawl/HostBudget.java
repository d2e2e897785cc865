package org.kcrawl.fetcher.crawl;

import java.util.Collection;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@code max_pages_per_host} budget: URLs of each host admitted for fetching, counted per owned
 * urls partition and forgotten when the partition is revoked. Every URL of a host lands on one
 * partition, so the count lives with the partition and its owner alone decides; a new assignment
 * starts from 0 (restoring the count exactly would need a count per host in the seen topic).
 * Memory: one entry per host with admitted URLs in an owned partition. Thread-safe.
 */
final class HostBudget {
    private final long max;
    private final ConcurrentHashMap<Integer, HostCounts> partitions = new ConcurrentHashMap<>();

    /** A budget of {@code max} URLs per host; 0 means no limit (and nothing is counted). */
    HostBudget(long max) {
        if (max < 0) {
            throw new IllegalArgumentException("max must be >= 0 but was " + max);
        }
        this.max = max;
    }

    /** True when a limit applies. */
    boolean limited() {
        return max > 0;
    }

    /**
     * Charges one URL of {@code host} in {@code partition}: the counts it was charged to (for
     * {@link #release}), or null when the host has used up its budget. Without a limit nothing is
     * counted and the result is null too, so callers check {@link #limited()} first.
     */
    HostCounts tryAcquire(int partition, String host) {
        if (max == 0) {
            return null;
        }
        HostCounts counts = partitions.computeIfAbsent(partition, p -> new HostCounts());
        return counts.tryIncrement(host, max) ? counts : null;
    }

    /**
     * Gives back a unit charged to {@code charged} (the URL was not fetched after all: robots,
     * parked, global budget). A unit charged before a revocation goes back to the dropped counts and
     * cannot touch the new assignment's.
     */
    void release(HostCounts charged, String host) {
        if (charged != null) {
            charged.decrement(host);
        }
    }

    /** Forgets the counts of {@code revoked} partitions. */
    void drop(Collection<Integer> revoked) {
        revoked.forEach(partitions::remove);
    }

    /** URLs of {@code host} charged in {@code partition} now. */
    long used(int partition, String host) {
        HostCounts counts = partitions.get(partition);
        return counts == null ? 0 : counts.of(host);
    }

    /** Hosts with a count, over all owned partitions. */
    long hosts() {
        long n = 0;
        for (HostCounts c : partitions.values()) {
            n += c.hosts();
        }
        return n;
    }
}
