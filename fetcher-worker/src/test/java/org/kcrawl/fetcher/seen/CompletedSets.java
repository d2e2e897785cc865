package org.kcrawl.fetcher.seen;

/** In-heap completed sets for tests. */
public final class CompletedSets {
    private CompletedSets() {}

    /** A heap set holding {@code fingerprints}. */
    public static CompletedSet of(long... fingerprints) {
        CompletedSet set = new HeapSeenStore().open(0);
        for (long fp : fingerprints) {
            set.add(fp, -1);
        }
        return set;
    }
}
