package org.kcrawl.fetcher.seen;

/** Where each partition's {@link CompletedSet} lives: the heap ({@link HeapSeenStore}) or RocksDB ({@link RocksSeenStore}). */
public interface SeenStore extends AutoCloseable {

    /**
     * The completed set of {@code partition} as this store last left it (empty, resuming at 0, when it
     * keeps nothing or what it kept is unusable).
     */
    CompletedSet open(int partition);

    /**
     * Closes {@code current} (the set {@link #open} gave for {@code partition}), discards what is kept
     * for the partition and returns an empty set resuming at 0: used when the kept checkpoint does not
     * fit the topic (recreated, or compacted past it).
     */
    CompletedSet reset(int partition, CompletedSet current);

    @Override
    default void close() {}
}
