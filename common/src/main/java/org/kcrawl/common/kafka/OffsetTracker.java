package org.kcrawl.common.kafka;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Tracks out-of-order completion of consumed records per partition and yields the offsets that are
 * safe to commit: the lowest offset still pending, or one past the last started offset when none is.
 * It also sums the bytes of the pending records, per partition and in total, so that whatever drops
 * a record (completion, abandonment, a forgotten partition) drops its bytes with it.
 *
 * <p>Each commit names the records completed past the committed offset in its metadata ({@link DoneOffsets}),
 * and a partition resumed from such a commit ({@link #resume}) knows which of its records to skip.
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
     * in increasing order. Returns the committed offset {@code tp} was taken up from when {@code offset}, its
     * first record since, lies before it (the consumer's position moved back behind the commit: an offset
     * reset); else -1.
     */
    public long started(TopicPartition tp, long offset, int bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must be >= 0 but was " + bytes);
        }
        PartitionState s = partitions.computeIfAbsent(tp, k -> new PartitionState());
        long passedBack = -1;
        if (s.lastStarted < 0) {
            passedBack = offset < s.resumedFrom ? s.resumedFrom : -1;
            // The consumer's position is already here; committing it again would be a wasted round trip.
            s.handedOut = offset;
        }
        if (offset <= s.lastStarted) {
            throw new IllegalArgumentException("offset " + offset + " of " + tp + " added out of order");
        }
        s.lastStarted = offset;
        s.pending.put(offset, bytes);
        s.pendingBytes += bytes;
        pending++;
        pendingBytes += bytes;
        return passedBack;
    }

    /**
     * Marks {@code offset} as given up: it no longer counts as pending, but it still holds back the
     * committed offset, so the record is redelivered to the partition's next owner.
     */
    public void abandoned(TopicPartition tp, long offset) {
        PartitionState s = partitions.get(tp);
        if (s != null && drop(s, offset)) {
            s.abandoned.add(offset);
        }
    }

    /**
     * Takes what the commit of {@code tp} that its records start after says was done already (see
     * {@link DoneOffsets}); call before its first record is started.
     */
    public void resume(TopicPartition tp, long committed, DoneOffsets done) {
        PartitionState s = partitions.computeIfAbsent(tp, k -> new PartitionState());
        s.resumed = done;
        s.resumedFrom = committed;
        // Committed already: until the consumer's position is known (its first fetch of the committed
        // offset may wait on a coordinator) or a record starts, there is nothing to commit. Without this the
        // partition's next commit named offset 0, and its next owner handled every record again.
        s.handedOut = Math.max(s.handedOut, committed);
    }

    /**
     * The consumer's position in {@code tp} (the next offset it will return): every record before it was
     * started, and offsets past the last started one hold none (transactions' commit markers, aborted
     * records), so a partition with nothing pending may commit up to it. Without this, a topic written in
     * transactions would always look one message behind its end.
     */
    public void consumedTo(TopicPartition tp, long position) {
        PartitionState s = partitions.computeIfAbsent(tp, k -> new PartitionState());
        if (s.lastStarted < 0 && s.consumedTo < 0) {
            s.handedOut = position; // where the partition starts: committed already
        }
        s.consumedTo = Math.max(s.consumedTo, position);
    }

    /** True when the record at {@code offset} of {@code tp} was done before, by the commit it resumed from. */
    public boolean alreadyDone(TopicPartition tp, long offset) {
        PartitionState s = partitions.get(tp);
        return s != null && s.resumed.isDone(offset);
    }

    /**
     * Marks {@code offset} done. Unknown offsets (of a partition that was revoked meanwhile) are
     * ignored, since their results must not be committed.
     */
    public void completed(TopicPartition tp, long offset) {
        PartitionState s = partitions.get(tp);
        if (s != null && drop(s, offset)) {
            s.advanced = true;
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
            if (committable > s.handedOut || s.advanced && s.lastStarted >= 0) {
                out.put(tp, s.handOut(committable));
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
            if (s != null && (s.lastStarted >= 0 || s.consumedTo > s.handedOut)) {
                out.put(tp, s.handOut(s.committable()));
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
        /** Given up offsets: the lowest caps the committable offset until the partition goes; none is done. */
        final TreeSet<Long> abandoned = new TreeSet<>();
        /** What the commit the partition resumed from says was done already. */
        DoneOffsets resumed = DoneOffsets.none();
        /** The committed offset the partition was taken up from; -1 when none was read. */
        long resumedFrom = -1;
        long lastStarted = -1;
        long handedOut = -1;
        /** The consumer's position when last told: no record before it is unstarted. */
        long consumedTo = -1;
        /** A record completed since the last hand-out: the done offsets past the committable one grew. */
        boolean advanced;

        long committable() {
            long limit = pending.isEmpty() ? Math.max(Math.max(lastStarted + 1, consumedTo), resumedFrom)
                    : pending.firstKey();
            return abandoned.isEmpty() ? limit : Math.min(limit, abandoned.first());
        }

        /**
         * The commit of {@code committable}, naming the records done past it (every started one that is
         * neither pending nor abandoned); marks it handed out.
         */
        OffsetAndMetadata handOut(long committable) {
            handedOut = committable;
            advanced = false;
            // Records the resumed commit named done and not consumed again yet are still done.
            long end = Math.max(lastStarted + 1, resumed.end());
            if (committable >= end || lastStarted < 0) {
                return new OffsetAndMetadata(committable);
            }
            TreeSet<Long> notDone = new TreeSet<>(pending.keySet());
            notDone.addAll(abandoned);
            resumed.addNotDone(lastStarted + 1, notDone);
            return new OffsetAndMetadata(committable, DoneOffsets.encode(committable, end, notDone));
        }
    }
}
