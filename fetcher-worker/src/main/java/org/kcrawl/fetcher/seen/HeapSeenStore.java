package org.kcrawl.fetcher.seen;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;

/**
 * Keeps completed fingerprints with their last fetch times in primitive hash maps in the heap (about
 * 24 bytes a URL at fastutil's load factor, up to twice that while it rehashes) and nothing across assignments: every assignment
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

    /** A completed set in a {@link Long2IntOpenHashMap} of fingerprint to last fetch time. */
    static final class HeapCompleted implements CompletedSet {
        private final Long2IntOpenHashMap set = new Long2IntOpenHashMap();

        HeapCompleted() {
            set.defaultReturnValue(FetchTimes.NONE);
        }

        @Override
        public int lastFetch(long fingerprint) {
            return set.get(fingerprint);
        }

        @Override
        public void add(long fingerprint, int fetchedAt, long offset) {
            set.put(fingerprint, FetchTimes.known(fetchedAt));
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
