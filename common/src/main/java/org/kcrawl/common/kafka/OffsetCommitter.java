package org.kcrawl.common.kafka;

import java.util.Collection;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Commits a {@link WorkerLoop}'s completed offsets: asynchronously at most every commit interval
 * ({@link CommitThrottle}), and synchronously, all that completed, where a commit must not wait (revoke,
 * rewind, stop).
 *
 * <p>A failed asynchronous commit is handed back to the {@link OffsetTracker} and made again at the next
 * one, even when the partition has not advanced since: no later record of the partition may come to
 * carry it (its work ended), and a cooperative rebalance keeps a partition without restarting it from
 * its committed offset, as every eager rebalance did. Until a commit succeeds the group's lag stays,
 * and the partition's next owner redoes the work. A synchronous commit takes everything committable,
 * handed out before or not, since an asynchronous commit of it may still be in flight and fail.
 *
 * <p>Poll thread only: the consumer runs commit callbacks inside its own calls on that thread.
 */
final class OffsetCommitter {
    private static final Logger log = LoggerFactory.getLogger(OffsetCommitter.class);

    private final String name;
    private final Consumer<?, ?> consumer;
    private final OffsetTracker tracker;
    private final CommitThrottle throttle;
    private final java.util.function.Consumer<Map<TopicPartition, OffsetAndMetadata>> onCommitted;
    /** Asynchronous commits that failed since the last one that succeeded. */
    private int failedInARow;

    /** A committer that tells {@code onCommitted} of each commit that succeeded (on the poll thread). */
    OffsetCommitter(String name, Consumer<?, ?> consumer, OffsetTracker tracker, CommitThrottle throttle,
                    java.util.function.Consumer<Map<TopicPartition, OffsetAndMetadata>> onCommitted) {
        this.name = name;
        this.consumer = consumer;
        this.tracker = tracker;
        this.throttle = throttle;
        this.onCommitted = onCommitted;
    }

    /** Sends what advanced (or failed before) asynchronously, when the interval since the last commit allows. */
    void commitAsyncIfDue() {
        long now = System.nanoTime();
        if (!throttle.due(now)) {
            return; // the tracker keeps what is committable; a later call hands it all out at once
        }
        Map<TopicPartition, OffsetAndMetadata> offsets = tracker.takeCommittable();
        if (!offsets.isEmpty()) {
            throttle.sent(now);
            consumer.commitAsync(offsets, this::asyncCommitted);
        }
    }

    /**
     * Commits all that completed in {@code tps} and waits for the broker; when it fails, hands the offsets
     * back (so a later commit makes them) and throws.
     */
    void commitSync(Collection<TopicPartition> tps) {
        commitHandedOut(tracker.allCommittable(tps), true);
    }

    /**
     * Commits {@code offsets}, handed out by the tracker already (the outputs of their records were committed
     * in a transaction just now): asynchronously, or synchronously where a commit must not wait (revoke,
     * stop). A failure hands them back like any other.
     */
    void commitHandedOut(Map<TopicPartition, OffsetAndMetadata> offsets, boolean sync) {
        if (offsets.isEmpty()) {
            return;
        }
        if (!sync) {
            consumer.commitAsync(offsets, this::asyncCommitted);
            return;
        }
        try {
            commitSync(offsets);
        } catch (KafkaException e) {
            tracker.notCommitted(offsets);
            throw e;
        }
        onCommitted.accept(offsets);
    }

    private void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets) {
        try {
            consumer.commitSync(offsets);
        } catch (WakeupException e) {
            // requestStop() wakes the consumer once, so that a blocked poll returns. A loop that stops
            // without polling again (no drain time, nothing pending) meets that wakeup here instead, and
            // it is spent now: commit again, or the next owner redoes what was finished.
            consumer.commitSync(offsets);
        }
    }

    private void asyncCommitted(Map<TopicPartition, OffsetAndMetadata> offsets, Exception error) {
        if (error == null) {
            if (failedInARow > 0) {
                log.info("{}: commits succeed again after {} failed", name, failedInARow);
                failedInARow = 0;
            }
            onCommitted.accept(offsets);
            return;
        }
        tracker.notCommitted(offsets);
        // A rebalance or a broker away fails every commit until it ends: one line for the whole spell.
        if (failedInARow++ == 0) {
            log.warn("{}: async commit failed; trying again at the next commit: {}", name, error.toString());
        } else {
            log.debug("{}: async commit failed again ({} in a row): {}", name, failedInARow, error.toString());
        }
    }
}
