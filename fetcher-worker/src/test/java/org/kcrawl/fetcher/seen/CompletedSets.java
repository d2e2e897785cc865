package org.kcrawl.fetcher.seen;

import it.unimi.dsi.fastutil.longs.Long2IntMap;

/** In-heap completed sets for tests. */
public final class CompletedSets {
    private CompletedSets() {}

    /** A heap set holding {@code fingerprints}, fetched at an unknown time (as old as can be). */
    public static CompletedSet of(long... fingerprints) {
        CompletedSet set = new HeapSeenStore().open(0);
        for (long fp : fingerprints) {
            set.add(fp, FetchTimes.NONE, -1);
        }
        return set;
    }

    /** A heap set holding the fingerprints of {@code fetchTimes}, each fetched at its {@link FetchTimes} value. */
    public static CompletedSet of(Long2IntMap fetchTimes) {
        CompletedSet set = new HeapSeenStore().open(0);
        fetchTimes.long2IntEntrySet().forEach(e -> set.add(e.getLongKey(), e.getIntValue(), -1));
        return set;
    }
}
