package org.kcrawl.common.kafka;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Decides which partitions a {@link WorkerLoop} keeps paused: every partition while the total of
 * pending records or of their bytes is at its bound, and a single partition while its own pending
 * records are at the per-partition bound. Each pause lifts at three quarters of the bound that caused
 * it, so the loop does not flap around the limit.
 *
 * <p>A total pause lifts at the latest when nothing is pending, so the loop always takes what its
 * next poll returns then, even a record larger than the whole byte bound: a bound must never stop a
 * loop with nothing in flight.
 *
 * <p>The per-partition bound is what keeps one partition whose records take long (a slow host's
 * URLs, parked URLs held until their time) from filling the total bound and stalling partitions
 * whose records would complete at once. Poll thread only.
 */
final class FlowControl {
    private final int maxPending;
    private final int maxPerPartition;
    private final long maxBytes;
    private final Set<TopicPartition> full = new HashSet<>();
    private final Set<TopicPartition> paused = new HashSet<>();
    private boolean allPaused;
    private boolean countReached;
    private boolean bytesReached;

    FlowControl(WorkerLoopSettings settings) {
        this.maxPending = settings.maxPending();
        this.maxPerPartition = settings.maxPendingPerPartition();
        this.maxBytes = settings.maxPendingBytes();
    }

    /** Brings the consumer's pauses of {@code owned} in line with what is pending now. */
    void apply(Consumer<?, ?> consumer, Collection<TopicPartition> owned, OffsetTracker tracker) {
        updateAllPaused(tracker.pending(), tracker.pendingBytes());
        List<TopicPartition> pause = new ArrayList<>();
        List<TopicPartition> resume = new ArrayList<>();
        for (TopicPartition tp : owned) {
            int pending = tracker.pending(tp);
            if (full.contains(tp)) {
                if (pending <= maxPerPartition * 3 / 4) {
                    full.remove(tp);
                }
            } else if (pending >= maxPerPartition) {
                full.add(tp);
            }
            boolean want = allPaused || full.contains(tp);
            if (want && paused.add(tp)) {
                pause.add(tp);
            } else if (!want && paused.remove(tp)) {
                resume.add(tp);
            }
        }
        if (!pause.isEmpty()) {
            consumer.pause(pause);
        }
        if (!resume.isEmpty()) {
            consumer.resume(resume);
        }
    }

    private void updateAllPaused(int total, long bytes) {
        // A bound reached while paused must drain to its own mark too before the pause lifts.
        countReached |= total >= maxPending;
        bytesReached |= bytes >= maxBytes;
        if (!allPaused) {
            allPaused = countReached || bytesReached;
        } else if ((!countReached || total <= maxPending * 3 / 4) && (!bytesReached || bytes <= maxBytes / 4 * 3)) {
            allPaused = false;
            countReached = false;
            bytesReached = false;
        }
    }

    /** Newly owned partitions start paused while every partition is. */
    void assigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        if (allPaused && !partitions.isEmpty()) {
            consumer.pause(partitions);
            paused.addAll(partitions);
        }
    }

    /** Forgets partitions no longer owned; the consumer drops their pauses itself. */
    void released(Collection<TopicPartition> partitions) {
        full.removeAll(partitions);
        paused.removeAll(partitions);
    }

    /** True while the total bound pauses every partition. */
    boolean allPaused() {
        return allPaused;
    }

    /** Partitions paused for flow control now. */
    int pausedPartitions() {
        return paused.size();
    }
}
