package org.kcrawl.fetcher.seen;

/**
 * The completed fingerprints of one seen partition, each with its last fetch time ({@link FetchTimes}),
 * as far as the seen topic has been applied: the state a {@link SeenStore} keeps for a partition, in
 * the heap or on disk. The time is what recrawls judge a URL by (fetched again after which fetch).
 *
 * <p>Not thread-safe: {@link SeenSet} calls it under its partition's lock, and a restore owns it
 * alone until it hands it to the {@link SeenSet}.
 */
public interface CompletedSet extends AutoCloseable {

    /** True when {@code fingerprint} is completed. */
    default boolean contains(long fingerprint) {
        return lastFetch(fingerprint) != FetchTimes.NONE;
    }

    /**
     * The last fetch time ({@link FetchTimes}) of completed {@code fingerprint}, {@link FetchTimes#NONE}
     * when it is not completed.
     */
    int lastFetch(long fingerprint);

    /**
     * Records the marker of {@code fingerprint}, of a fetch completed at {@code fetchedAt} (a
     * {@link FetchTimes} value, never {@link FetchTimes#NONE}), read or written at {@code offset} of
     * the seen partition ({@code -1} when unknown, which never advances the checkpoint).
     */
    void add(long fingerprint, int fetchedAt, long offset);

    /**
     * The {@code offset} of a live marker whose offset is unknown (committed in a transaction the broker did
     * not say where): stored durably, it never advances the checkpoint (the next restore reads it again).
     */
    long UNCHECKPOINTED = -2;

    /**
     * A transaction whose markers in this partition were applied committed, and {@code offset} (just past its
     * last marker here) holds its commit marker: the checkpoint may move over it as over an applied marker.
     */
    default void transactionCommitted(long offset) {}

    /** Applies a tombstone read at {@code offset}: an operator un-marked the URL. */
    void remove(long fingerprint, long offset);

    /**
     * The seen-topic offset to read on from: every record before it is applied. 0 for a set that
     * holds nothing of the partition yet.
     */
    long resumeOffset();

    /**
     * Every record of the partition before {@code offset} is applied (a restore read up to it): the
     * set may persist that claim, and live markers from {@code offset} on extend it.
     */
    void caughtUp(long offset);

    /** Completed fingerprints held (an estimate for a disk store). */
    long size();

    /** Releases what the set holds; a persistent set keeps its data and checkpoint for the next owner. */
    @Override
    void close();
}
