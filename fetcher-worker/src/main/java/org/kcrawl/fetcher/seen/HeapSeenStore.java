package org.kcrawl.fetcher.seen;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;

/**
 * Keeps completed fingerprints in primitive hash sets in the heap (about 16 bytes a URL at fastutil's
 * load factor, up to twice that while it rehashes) and nothing across assignments: every assignment
 * reads the partition's history from the beginning. The fastest lookups and no disk, for crawls whose
 * seen-set fits the heap comfortably.
 */
public final class HeapSeenStore implements SeenStore {

    @Override
    public CompletedSet open(int partition) {
        return new HeapCompleted();
    }

    @Override
    public CompletedSet reset(int partition, CompletedSet current) {
        return new HeapCompleted();
    }

    /** A completed set in a {@link LongOpenHashSet}. */
    static final class HeapCompleted implements CompletedSet {
        private final LongOpenHashSet set = new LongOpenHashSet();

        @Override
        public boolean contains(long fingerprint) {
            return set.contains(fingerprint);
        }

        @Override
        public void add(long fingerprint, long offset) {
            set.add(fingerprint);
        }

        @Override
        public void remove(long fingerprint, long offset) {
            set.remove(fingerprint);
        }

        @Override
        public long resumeOffset() {
            return 0; // nothing survives an assignment
        }

        @Override
        public void caughtUp(long offset) {}

        @Override
        public long size() {
            return set.size();
        }

        @Override
        public void close() {}
    }
}
