package org.kcrawl.common.kafka;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Tracks out-of-order completion of consumed records per partition and yields the offsets that are
 * safe to commit: the lowest offset still pending, or one past the last started offset when none is.
 *
 * <p>Not thread-safe: owned by the poll thread, which feeds it completions from a queue.
 */
public final class OffsetTracker {
    private final Map<TopicPartition, PartitionState> partitions = new HashMap<>();
    private int pending;

    /** Starts tracking {@code offset}; offsets of a partition must be added in increasing order. */
    public void started(TopicPartition tp, long offset) {
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
        s.pendingOffsets.add(offset);
        pending++;
    }

    /**
     * Marks {@code offset} as given up: it no longer counts as pending, but it still holds back the
     * committed offset, so the record is redelivered to the partition's next owner.
     */
    public void abandoned(TopicPartition tp, long offset) {
        PartitionState s = partitions.get(tp);
        if (s != null && s.pendingOffsets.remove(offset)) {
            pending--;
            s.abandonedOffsets.add(offset);
        }
    }

    /**
     * Marks {@code offset} done. Unknown offsets (of a partition that was revoked meanwhile) are
     * ignored, since their results must not be committed.
     */
    public void completed(TopicPartition tp, long offset) {
        PartitionState s = partitions.get(tp);
        if (s != null && s.pendingOffsets.remove(offset)) {
            pending--;
        }
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

    /** Forgets {@code tps}: their in-flight records will never be committed by this tracker. */
    public void forget(Collection<TopicPartition> tps) {
        for (TopicPartition tp : tps) {
            PartitionState s = partitions.remove(tp);
            if (s != null) {
                pending -= s.pendingOffsets.size();
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
        return s == null ? 0 : s.pendingOffsets.size();
    }

    private static final class PartitionState {
        final TreeSet<Long> pendingOffsets = new TreeSet<>();
        final TreeSet<Long> abandonedOffsets = new TreeSet<>();
        long lastStarted = -1;
        long handedOut = -1;

        long committable() {
            long limit = pendingOffsets.isEmpty() ? lastStarted + 1 : pendingOffsets.first();
            return abandonedOffsets.isEmpty() ? limit : Math.min(limit, abandonedOffsets.first());
        }
    }
}
