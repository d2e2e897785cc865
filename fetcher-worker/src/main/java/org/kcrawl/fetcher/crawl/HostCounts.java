package org.kcrawl.fetcher.crawl;

import java.util.HashMap;
import java.util.Map;

/**
 * How many URLs of each host are at one step: waiting for robots.txt (so the scheduler can count them
 * against the host's in-memory backlog), or admitted under a partition's {@link HostBudget}. Only
 * hosts with a non-zero count are kept. Thread-safe.
 */
final class HostCounts {
    private final Map<String, int[]> counts = new HashMap<>();
    private int total;

    synchronized void increment(String host) {
        counts.computeIfAbsent(host, h -> new int[1])[0]++;
        total++;
    }

    /** Counts one more URL of {@code host} unless it already has {@code max}; true when it was counted. */
    synchronized boolean tryIncrement(String host, long max) {
        if (of(host) >= max) {
            return false;
        }
        increment(host);
        return true;
    }

    synchronized void decrement(String host) {
        int[] c = counts.get(host);
        if (c == null) {
            throw new IllegalStateException("no URL of " + host + " was counted");
        }
        if (--c[0] == 0) {
            counts.remove(host);
        }
        total--;
    }

    synchronized int of(String host) {
        int[] c = counts.get(host);
        return c == null ? 0 : c[0];
    }

    synchronized int total() {
        return total;
    }

    /** Hosts with a non-zero count. */
    synchronized int hosts() {
        return counts.size();
    }
}
