package org.kcrawl.common.kafka;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Tracks out-of-order completion of consumed records per partition and yields the offsets that are
 * safe to commit: the lowest offset still pending, or one past the last started offset when none is.
 * It also sums the bytes of the pending records, per partition and in total, so that whatever drops
 * a record (completion, abandonment, a forgotten partition) drops its bytes with it.
 *
 * <p>The bytes add constant work to each operation; the pending offsets stay in one ordered map per
 * partition, as before. Not thread-safe: owned by the poll thread, which feeds it completions from a
 * queue.
 */
public final class OffsetTracker {
    private final Map<TopicPartition, PartitionState> partitions = new HashMap<>();
    private int pending;
    private long pendingBytes;

    /** Starts tracking {@code offset} of no size; offsets of a partition must be added in increasing order. */
    public void started(TopicPartition tp, long offset) {
        started(tp, offset, 0);
    }

    /**
     * Starts tracking {@code offset}, a record of {@code bytes}; offsets of a partition must be added
     * in increasing order.
     */
    public void started(TopicPartition tp, long offset, int bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must be >= 0 but was " + bytes);
        }
        PartitionState s = partitions.get(tp);
        if (s == null) {
            s = new PartitionState();
            // The consumer's position is already here; committing it again would be a wasted round trip.
            s.handedOut = offset;
            partitions.put(tp, s);
        }
        if (offset <= s.lastStarted) {
            throw new IllegalArgumentException("offset " + offset + " of " + tp + " added out of order");
        }
        s.lastStarted = offset;
        s.pending.put(offset, bytes);
        s.pendingBytes += bytes;
        pending++;
        pendingBytes += bytes;
    }

    /**
     * Marks {@code offset} as given up: it no longer counts as pending, but it still holds back the
     * committed offset, so the record is redelivered to the partition's next owner.
     */
    public void abandoned(TopicPartition tp, long offset) {
        PartitionState s = partitions.get(tp);
        if (s != null && drop(s, offset)) {
            s.firstAbandoned = Math.min(s.firstAbandoned, offset);
        }
    }

    /**
     * Marks {@code offset} done. Unknown offsets (of a partition that was revoked meanwhile) are
     * ignored, since their results must not be committed.
     */
    public void completed(TopicPartition tp, long offset) {
        PartitionState s = partitions.get(tp);
        if (s != null) {
            drop(s, offset);
        }
    }

    /**
     * Hands {@code offsets} back after a commit of them failed, so that the next call hands them out
     * again instead of waiting for the partition to advance further: a partition that does not advance
     * again (its work ended, or a cooperative rebalance kept it without a restart from the committed
     * offset) would otherwise keep its lag for good. An offset already superseded by a later hand-out is
     * left alone; that later commit covers it.
     */
    public void notCommitted(Map<TopicPartition, OffsetAndMetadata> offsets) {
        offsets.forEach((tp, om) -> {
            PartitionState s = partitions.get(tp);
            if (s != null && s.handedOut == om.offset()) {
                s.handedOut = -1;
            }
        });
    }

    /** Offsets that advanced since the last call, ready to commit; marks them as handed out. */
    public Map<TopicPartition, OffsetAndMetadata> takeCommittable() {
        return committableFor(partitions.keySet());
    }

    /** Offsets of {@code tps} that advanced since they were last handed out. */
    public Map<TopicPartition, OffsetAndMetadata> committableFor(Collection<TopicPartition> tps) {
        Map<TopicPartition, OffsetAndMetadata> out = new HashMap<>();
        for (TopicPartition tp : tps) {
            PartitionState s = partitions.get(tp);
            if (s == null) {
                continue;
            }
            long committable = s.committable();
            if (committable > s.handedOut) {
                out.put(tp, new OffsetAndMetadata(committable));
                s.handedOut = committable;
            }
        }
        return out;
    }

    /**
     * Offsets of {@code tps} safe to commit now, whether handed out before or not: for a commit that must
     * not count on an earlier one, which may still be in flight and fail (before a partition is given up,
     * rewound or closed). Marks them as handed out.
     */
    public Map<TopicPartition, OffsetAndMetadata> allCommittable(Collection<TopicPartition> tps) {
        Map<TopicPartition, OffsetAndMetadata> out = new HashMap<>();
        for (TopicPartition tp : tps) {
            PartitionState s = partitions.get(tp);
            if (s != null && s.lastStarted >= 0) {
                long committable = s.committable();
                out.put(tp, new OffsetAndMetadata(committable));
                s.handedOut = committable;
            }
        }
        return out;
    }

    /** Forgets {@code tps}: their in-flight records will never be committed by this tracker. */
    public void forget(Collection<TopicPartition> tps) {
        for (TopicPartition tp : tps) {
            PartitionState s = partitions.remove(tp);
            if (s != null) {
                pending -= s.pending.size();
                pendingBytes -= s.pendingBytes;
            }
        }
    }

    /** Records started and not yet completed, over all partitions. */
    public int pending() {
        return pending;
    }

    /** Records started and not yet completed in {@code tp}. */
    public int pending(TopicPartition tp) {
        PartitionState s = partitions.get(tp);
        return s == null ? 0 : s.pending.size();
    }

    /** Bytes of the records started and not yet completed, over all partitions. */
    public long pendingBytes() {
        return pendingBytes;
    }

    /** Bytes of the records started and not yet completed in {@code tp}. */
    public long pendingBytes(TopicPartition tp) {
        PartitionState s = partitions.get(tp);
        return s == null ? 0 : s.pendingBytes;
    }

    private boolean drop(PartitionState s, long offset) {
        Integer bytes = s.pending.remove(offset);
        if (bytes == null) {
            return false;
        }
        s.pendingBytes -= bytes;
        pending--;
        pendingBytes -= bytes;
        return true;
    }

    private static final class PartitionState {
        /** Pending offsets and the bytes of each. */
        final TreeMap<Long, Integer> pending = new TreeMap<>();
        long pendingBytes;
        /** Only the lowest abandoned offset matters: it caps the committable offset until the partition goes. */
        long firstAbandoned = Long.MAX_VALUE;
        long lastStarted = -1;
        long handedOut = -1;

        long committable() {
            long limit = pending.isEmpty() ? lastStarted + 1 : pending.firstKey();
            return Math.min(limit, firstAbandoned);
        }
    }
}
