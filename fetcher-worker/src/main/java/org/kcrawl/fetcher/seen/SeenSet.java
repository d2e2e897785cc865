package org.kcrawl.fetcher.seen;

import it.unimi.dsi.fastutil.longs.Long2IntMap;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import it.unimi.dsi.fastutil.longs.LongSet;
import org.kcrawl.common.message.Revisit;
import java.util.Collection;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The URLs this worker has seen, per urls partition, as 64-bit fingerprints in primitive hash maps,
 * each with the second its last fetch completed (about 24 bytes a URL at fastutil's default load
 * factor, not the string).
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
    private final ConcurrentHashMap<Integer, PartitionSeen> partitions = new ConcurrentHashMap<>();

    /**
     * Installs partition {@code partition}'s restored completed fingerprints with their last fetch times
     * ({@link FetchTimes}), replacing any earlier state.
     */
    public void restore(int partition, Long2IntMap completed) {
        partitions.put(partition, new PartitionSeen(completed == null ? new Long2IntOpenHashMap() : completed));
    }

    /** Installs completed fingerprints whose fetch times are unknown (as old as can be). */
    public void restore(int partition, LongSet completed) {
        Long2IntOpenHashMap times = new Long2IntOpenHashMap();
        if (completed != null) {
            completed.forEach(fp -> times.put(fp, 1));
        }
        restore(partition, times);
    }

    /** Forgets {@code revoked} partitions (their next owner restores them from the topic). */
    public void drop(Collection<Integer> revoked) {
        revoked.forEach(partitions::remove);
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

    /** Records that {@code fingerprint}'s terminal outputs and marker are acknowledged. */
    public void completed(int partition, long fingerprint) {
        completed(partition, fingerprint, System.currentTimeMillis());
    }

    /**
     * Records that {@code fingerprint}'s terminal outputs and marker, of a fetch completed at
     * {@code fetchedAtMillis}, are acknowledged.
     */
    public void completed(int partition, long fingerprint, long fetchedAtMillis) {
        PartitionSeen p = partitions.get(partition);
        if (p != null) {
            p.completed(fingerprint, FetchTimes.ofMillis(fetchedAtMillis));
        }
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

    private static final class PartitionSeen {
        /** Completed fingerprints and their last fetch times. */
        private final Long2IntMap completed;
        private final LongOpenHashSet claimed = new LongOpenHashSet();
        /** Claims whose holder handed them over to a later attempt not yet arrived (a subset of claimed). */
        private final LongOpenHashSet handedOver = new LongOpenHashSet();

        PartitionSeen(Long2IntMap completed) {
            completed.defaultReturnValue(FetchTimes.NONE);
            this.completed = completed;
        }

        /** {@code revisitOf}: the fetch a recrawl's request revisits, {@link FetchTimes#NONE} for none. */
        synchronized boolean claim(long fp, boolean retry, int revisitOf) {
            int last = completed.get(fp);
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

        synchronized void completed(long fp, int at) {
            completed.put(fp, at);
            // Completed supersedes the claim; keeping both would double the memory per URL.
            claimed.remove(fp);
            handedOver.remove(fp);
        }

        synchronized boolean isCompleted(long fp) {
            return completed.containsKey(fp);
        }

        synchronized long completedCount() {
            return completed.size();
        }

        synchronized long claimedCount() {
            return claimed.size();
        }
    }
}
