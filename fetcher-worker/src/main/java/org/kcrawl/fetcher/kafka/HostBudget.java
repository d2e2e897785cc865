package org.kcrawl.fetcher.kafka;

import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
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
    private final ConcurrentHashMap<Integer, Counts> partitions = new ConcurrentHashMap<>();

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
    Counts tryAcquire(int partition, String host) {
        if (max == 0) {
            return null;
        }
        Counts counts = partitions.computeIfAbsent(partition, p -> new Counts());
        return counts.tryAcquire(host, max) ? counts : null;
    }

    /**
     * Gives back a unit charged to {@code charged} (the URL was not fetched after all: robots,
     * parked, global budget). A unit charged before a revocation goes back to the dropped counts and
     * cannot touch the new assignment's.
     */
    void release(Counts charged, String host) {
        if (charged != null) {
            charged.release(host);
        }
    }

    /** Forgets the counts of {@code revoked} partitions. */
    void drop(Collection<Integer> revoked) {
        revoked.forEach(partitions::remove);
    }

    /** URLs of {@code host} charged in {@code partition} now. */
    long used(int partition, String host) {
        Counts counts = partitions.get(partition);
        return counts == null ? 0 : counts.of(host);
    }

    /** Hosts with a count, over all owned partitions. */
    long hosts() {
        long n = 0;
        for (Counts c : partitions.values()) {
            n += c.size();
        }
        return n;
    }

    /** The counts of one partition's hosts. */
    static final class Counts {
        private final Object2IntOpenHashMap<String> byHost = new Object2IntOpenHashMap<>();

        synchronized boolean tryAcquire(String host, long max) {
            int used = byHost.getInt(host);
            if (used >= max) {
                return false;
            }
            byHost.put(host, used + 1);
            return true;
        }

        synchronized void release(String host) {
            int used = byHost.getInt(host);
            if (used <= 1) {
                // A host back at zero costs nothing: what is not admitted needs no entry.
                byHost.removeInt(host);
            } else {
                byHost.put(host, used - 1);
            }
        }

        synchronized int of(String host) {
            return byHost.getInt(host);
        }

        synchronized int size() {
            return byHost.size();
        }
    }
}
