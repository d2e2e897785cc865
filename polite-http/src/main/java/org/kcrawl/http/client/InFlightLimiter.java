package org.kcrawl.http.client;

import java.util.HashMap;
import java.util.Map;

/**
 * Counts fetches in flight, in total and per host, and admits a new one only below both caps.
 * Thread-safe; the critical sections are a few arithmetic operations and never wait on I/O.
 */
final class InFlightLimiter {
    private final int maxTotal;
    private final int maxPerHost;
    private final Map<String, Integer> perHost = new HashMap<>();
    private int total;

    InFlightLimiter(int maxTotal, int maxPerHost) {
        this.maxTotal = maxTotal;
        this.maxPerHost = maxPerHost;
    }

    /** Admits one fetch for {@code hostKey} when both caps allow it; returns false otherwise. */
    synchronized boolean tryAcquire(String hostKey) {
        int host = perHost.getOrDefault(hostKey, 0);
        if (total >= maxTotal || host >= maxPerHost) {
            return false;
        }
        total++;
        perHost.put(hostKey, host + 1);
        return true;
    }

    /** Ends one admitted fetch for {@code hostKey}. */
    synchronized void release(String hostKey) {
        Integer host = perHost.get(hostKey);
        if (host == null) {
            throw new IllegalStateException("release without acquire for host " + hostKey);
        }
        if (host == 1) {
            perHost.remove(hostKey);
        } else {
            perHost.put(hostKey, host - 1);
        }
        total--;
    }

    synchronized int total() {
        return total;
    }

    synchronized int forHost(String hostKey) {
        return perHost.getOrDefault(hostKey, 0);
    }
}
