package org.kcrawl.fetcher.crawl;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * The budget units ({@code max_pages}, {@code max_pages_per_host}) that URLs parked to come back later keep
 * for their copies, by urls partition and URL fingerprint. A parked URL used to give its units back and be
 * charged again on its return; meanwhile later URLs took the units, the copy came back over budget and was
 * skipped, and the turn the host's line had kept for it passed with no request: a {@code --max-pages 15}
 * crawl of a host at one request a second took 22 s, with gaps of 2-4 s. Only while a budget is limited;
 * at most one entry per parked URL, dropped when its copy comes back or its partition is revoked.
 * Thread-safe.
 */
final class ParkedUnits {
    /** What a parked URL keeps: its {@code max_pages} unit (when that budget is limited) and its host's. */
    record Held(boolean pageUnit, HostCounts hostCharge) {
    }

    private final Map<Integer, Map<Long, Held>> partitions = new HashMap<>();

    /**
     * Keeps {@code held} for the copy of the URL {@code fingerprint} parked from {@code partition}; returns
     * what was kept for that URL already (another record of it, parked before), for the caller to give back.
     */
    synchronized Held keep(int partition, long fingerprint, Held held) {
        return partitions.computeIfAbsent(partition, p -> new HashMap<>()).put(fingerprint, held);
    }

    /** The units kept for the URL {@code fingerprint} of {@code partition}, now handed to its copy; or null. */
    synchronized Held take(int partition, long fingerprint) {
        Map<Long, Held> byUrl = partitions.get(partition);
        if (byUrl == null) {
            return null;
        }
        Held held = byUrl.remove(fingerprint);
        if (byUrl.isEmpty()) {
            partitions.remove(partition);
        }
        return held;
    }

    /**
     * Forgets the units kept in {@code revoked} partitions (their copies come back to their next owner,
     * which charges them); returns how many {@code max_pages} units they held, to give back.
     */
    synchronized int drop(Collection<Integer> revoked) {
        int pageUnits = 0;
        for (Integer partition : revoked) {
            Map<Long, Held> byUrl = partitions.remove(partition);
            if (byUrl != null) {
                for (Held held : byUrl.values()) {
                    pageUnits += held.pageUnit() ? 1 : 0;
                }
            }
        }
        return pageUnits;
    }
}
