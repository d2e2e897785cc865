package org.kcrawl.fetcher.seen;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.kcrawl.common.message.Revisit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The URLs this worker has seen, per urls partition, as 64-bit fingerprints: completed ones, each with
 * the second its last fetch completed, in the partition's {@link CompletedSet} (the heap or RocksDB,
 * see {@link SeenStore}), claims in primitive hash sets in the heap (about 16 bytes a URL in flight).
 *
 * <p>Two kinds of entries keep at-least-once and dedup together:
 * <ul>
 *   <li><b>completed</b>: the URL's terminal outputs and its seen marker are acknowledged. Restored
 *       from the seen topic on assignment, so it survives restarts and rebalances.</li>
 *   <li><b>claimed</b>: accepted in this session and not finished yet; memory only. A crash loses
 *       claims, and the URL is then fetched again by whoever redelivers it, which is what
 *       at-least-once asks for.</li>
 * </ul>
 * A new request (attempt 1) is a duplicate when claimed or completed. A recrawl's request (one that
 * carries a {@link Revisit}) of a completed URL is not, unless the URL was fetched again after the fetch
 * its revisit names: so a recrawl fetches each URL once, whichever of its copies comes first, and a
 * copy with older validators than the store's newest is dropped. A retry (attempt &gt; 1) is a
 * duplicate when completed, or when another copy of the URL holds the claim and has not handed it
 * over: the copy that published the retry (or parked a retry) {@linkplain #handOver hands the claim
 * over}, and the retry takes it. Without a hand-over, a first attempt redelivered after a restart and
 * the retry it had published before would both be fetched.
 *
 * <p>Thread-safe: claims come from the poll thread, completions from producer threads.
 */
public final class SeenSet {
    /** The last marker offset per seen partition of the transaction being applied. */
    private final Map<Integer, Long> lastMarkers = new HashMap<>();
    private static final Logger log = LoggerFactory.getLogger(SeenSet.class);
    private final ConcurrentHashMap<Integer, PartitionSeen> partitions = new ConcurrentHashMap<>();

    /**
     * Installs partition {@code partition}'s restored completed set, which it now owns, replacing (and
     * closing) any earlier state.
     */
    public void restore(int partition, CompletedSet completed) {
        if (completed == null) {
            throw new IllegalArgumentException("completed must not be null (partition " + partition + ")");
        }
        PartitionSeen old = partitions.put(partition, new PartitionSeen(completed));
        if (old != null) {
            old.close();
        }
    }

    /**
     * Forgets {@code revoked} partitions and closes their completed sets (a persistent set keeps its
     * checkpoint for whoever restores the partition next).
     */
    public void drop(Collection<Integer> revoked) {
        for (Integer p : revoked) {
            PartitionSeen old = partitions.remove(p);
            if (old != null) {
                old.close();
            }
        }
    }

    /** Drops every partition (the worker is stopping). */
    public void close() {
        drop(new ArrayList<>(partitions.keySet()));
    }

    /**
     * Claims {@code fingerprint} for fetching; false when it is a duplicate. Throws when the
     * partition was never restored, since deciding without its history would fetch URLs twice.
     */
    public boolean claim(int partition, long fingerprint, boolean retry) {
        return owned(partition).claim(fingerprint, retry, FetchTimes.NONE);
    }

    /**
     * Claims {@code fingerprint} for fetching as a request carrying {@code revisit} (null: none) asks;
     * false when it is a duplicate (see the class comment).
     */
    public boolean claim(int partition, long fingerprint, boolean retry, Revisit revisit) {
        return owned(partition).claim(fingerprint, retry,
                revisit == null ? FetchTimes.NONE : FetchTimes.of(revisit.fetchedAt()));
    }

    /**
     * The copy holding the claim of {@code fingerprint} ended by publishing a later attempt (a retry,
     * or a parked retry): that attempt may take the claim over when it arrives.
     */
    public void handOver(int partition, long fingerprint) {
        PartitionSeen p = partitions.get(partition);
        if (p != null) {
            p.handOver(fingerprint);
        }
    }

    /** Gives a claim back (the URL was parked and will come round again as a new request). */
    public void unclaim(int partition, long fingerprint) {
        PartitionSeen p = partitions.get(partition);
        if (p != null) {
            p.unclaim(fingerprint);
        }
    }

    /**
     * Records that {@code fingerprint}'s terminal outputs and marker, of a fetch completed at
     * {@code fetchedAtMillis}, are acknowledged, the marker at {@code markerOffset} of the seen
     * partition (-1 when unknown).
     */
    public void completed(int partition, long fingerprint, long fetchedAtMillis, long markerOffset) {
        PartitionSeen p = partitions.get(partition);
        if (p != null) {
            p.completed(fingerprint, FetchTimes.ofMillis(fetchedAtMillis), markerOffset);
        }
    }

    /**
     * Records, once its transaction has committed, that {@code fingerprint}'s outputs and marker are on the
     * topics, the marker at {@code markerOffset} ({@link CompletedSet#UNCHECKPOINTED} when unknown). Follow the
     * transaction's markers with {@link #transactionCommitted()}.
     */
    public void completedInTransaction(int partition, long fingerprint, long fetchedAtMillis, long markerOffset) {
        completed(partition, fingerprint, fetchedAtMillis, markerOffset);
        if (markerOffset >= 0) {
            synchronized (lastMarkers) {
                lastMarkers.merge(partition, markerOffset, Math::max);
            }
        }
    }

    /**
     * The transaction whose markers {@link #completedInTransaction} just applied committed: its commit marker
     * follows its last marker in each seen partition it wrote, an offset no marker will ever fill, and a
     * persistent store's checkpoint may move over it. (Another producer's record there instead, an operator's
     * tombstone or a late marker of the partition's previous owner, would be passed over until the store is
     * rebuilt; nothing else writes a partition its owner writes.)
     */
    public void transactionCommitted() {
        Map<Integer, Long> ends;
        synchronized (lastMarkers) {
            ends = new HashMap<>(lastMarkers);
            lastMarkers.clear();
        }
        ends.forEach((partition, last) -> {
            PartitionSeen p = partitions.get(partition);
            if (p != null) {
                p.transactionCommitted(last + 1);
            }
        });
    }

    /** True when {@code fingerprint} is completed in {@code partition}. */
    public boolean isCompleted(int partition, long fingerprint) {
        PartitionSeen p = partitions.get(partition);
        return p != null && p.isCompleted(fingerprint);
    }

    /** Completed fingerprints held, over all partitions. */
    public long completedCount() {
        return partitions.values().stream().mapToLong(PartitionSeen::completedCount).sum();
    }

    /** Claimed, not yet completed fingerprints held, over all partitions. */
    public long claimedCount() {
        return partitions.values().stream().mapToLong(PartitionSeen::claimedCount).sum();
    }

    /** True when {@code partition} has been restored and not dropped. */
    public boolean owns(int partition) {
        return partitions.containsKey(partition);
    }

    private PartitionSeen owned(int partition) {
        PartitionSeen p = partitions.get(partition);
        if (p == null) {
            throw new IllegalStateException("seen-set of partition " + partition + " is not restored");
        }
        return p;
    }

    /**
     * One partition's state. Every access holds its lock, so the completed set (not thread-safe, and
     * natively backed for RocksDB) is never used concurrently nor after {@link #close()}.
     */
    private static final class PartitionSeen {
        /** Completed fingerprints and their last fetch times. */
        private final CompletedSet completed;
        private final LongOpenHashSet claimed = new LongOpenHashSet();
        /** Claims whose holder handed them over to a later attempt not yet arrived (a subset of claimed). */
        private final LongOpenHashSet handedOver = new LongOpenHashSet();
        private boolean closed;

        PartitionSeen(CompletedSet completed) {
            this.completed = completed;
        }

        /** {@code revisitOf}: the fetch a recrawl's request revisits, {@link FetchTimes#NONE} for none. */
        synchronized boolean claim(long fp, boolean retry, int revisitOf) {
            if (closed) {
                throw new IllegalStateException("seen-set of the partition was dropped");
            }
            int last = completed.lastFetch(fp);
            if (last != FetchTimes.NONE && (revisitOf == FetchTimes.NONE || FetchTimes.after(last, revisitOf))) {
                return false;
            }
            if (retry && handedOver.remove(fp)) {
                return true; // the claim passes from the attempt that published this one
            }
            return claimed.add(fp);
        }

        synchronized void handOver(long fp) {
            if (claimed.contains(fp)) {
                handedOver.add(fp);
            }
        }

        synchronized void unclaim(long fp) {
            claimed.remove(fp);
            handedOver.remove(fp);
        }

        synchronized void completed(long fp, int at, long offset) {
            if (closed) {
                return; // revoked meanwhile: the next owner reads the marker from the topic
            }
            try {
                completed.add(fp, at, offset);
            } catch (IllegalStateException e) {
                // The marker is on the topic (it was acknowledged): a broken store loses nothing but this
                // entry until the partition is restored again; the URL's outputs must still be counted.
                log.warn("seen store failed to record a completed URL: {}", e.getMessage());
            }
            // Completed supersedes the claim; keeping both would double the memory per URL.
            claimed.remove(fp);
            handedOver.remove(fp);
        }

        synchronized void transactionCommitted(long commitMarker) {
            if (closed) {
                return;
            }
            try {
                completed.transactionCommitted(commitMarker);
            } catch (IllegalStateException e) {
                log.warn("seen store failed to record a transaction's end: {}", e.getMessage());
            }
        }

        synchronized boolean isCompleted(long fp) {
            return !closed && completed.contains(fp);
        }

        synchronized long completedCount() {
            return closed ? 0 : completed.size();
        }

        synchronized void close() {
            if (!closed) {
                closed = true;
                completed.close();
            }
        }

        synchronized long claimedCount() {
            return claimed.size();
        }
    }
}
