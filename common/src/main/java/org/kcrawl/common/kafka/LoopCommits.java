package org.kcrawl.common.kafka;

import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a {@link WorkerLoop}'s completed offsets go: to the consumer once the outputs are acknowledged (at
 * least once, {@link OffsetCommitter}), or with the output transaction ({@link TransactionalCommits}); and
 * what every commit carries besides the contiguous offset: the records done past it ({@link DoneOffsets}),
 * read back when a partition is taken up, and the consumer's position past offsets that hold no record.
 *
 * <p>Poll thread only. A method returning false means the commit failed in a way that lost outputs: the
 * loop must rewind the partitions it still owns.
 */
final class LoopCommits {
    private static final Logger log = LoggerFactory.getLogger(LoopCommits.class);

    private final String name;
    private final Consumer<?, ?> consumer;
    private final OffsetTracker tracker;
    private final PartitionOwnership ownership;
    private final OffsetCommitter commits;
    /** Null at least once. */
    private final TransactionalCommits transactional;
    private final Runnable applyCompletions;
    /** Exactly once: an output failed since the transaction began, so it must abort. */
    private boolean outputFailed;

    /**
     * Commits for a loop that applies its queued completions with {@code applyCompletions}; exactly once
     * when {@code outputs} are, their offsets riding in the transaction unless {@code redoneRecordsSkipped}.
     */
    LoopCommits(String name, Consumer<?, ?> consumer, OffsetTracker tracker, PartitionOwnership ownership,
                WorkerLoopSettings settings, RecordHandler<?> handler, Transactions outputs,
                boolean redoneRecordsSkipped, Runnable applyCompletions) {
        this.name = name;
        this.consumer = consumer;
        this.tracker = tracker;
        this.ownership = ownership;
        this.applyCompletions = applyCompletions;
        this.commits = new OffsetCommitter(name, consumer, tracker, new CommitThrottle(settings.commitInterval()),
                handler::committed);
        this.transactional = outputs == null || !outputs.exactlyOnce() ? null : new TransactionalCommits(name,
                outputs, consumer, new CommitThrottle(settings.commitInterval()), handler::committed,
                redoneRecordsSkipped ? commits : null);
        if (transactional != null) {
            outputs.onAbort(this::transactionLost);
        }
    }

    /** True when outputs and offsets are committed in transactions. */
    boolean exactlyOnce() {
        return transactional != null;
    }

    /**
     * True when the output transaction may end inside a rebalance callback: exactly once with the offsets
     * committed after it (see {@link TransactionalCommits#offsetsAfterTransaction}).
     */
    boolean transactionEndsApartFromTheGroup() {
        return transactional != null && transactional.offsetsAfterTransaction();
    }

    /**
     * Exactly once, nanoseconds until the interval lets the transaction end (0 when it may end now); -1 at
     * least once, where outputs are seen downstream as soon as they are acknowledged, commit or not.
     */
    long nanosUntilTransactionDue() {
        return transactional == null ? -1 : transactional.nanosUntilDue();
    }

    /** Exactly once: an output of the open transaction failed; it aborts at its end. */
    void outputFailed() {
        outputFailed = true;
    }

    /** Commits what completed when the interval allows; false when the loop must rewind every partition. */
    boolean commitIfDue() {
        if (transactional == null) {
            notePositions();
            commits.commitAsyncIfDue();
            return true;
        }
        return transactional.endIfDue(this::settle) || lost();
    }

    /**
     * Commits all that completed in {@code tps} before they are given up or closed; exactly once the whole
     * transaction ends. False when the loop must rewind the partitions it keeps. At least once, a failed
     * commit throws.
     */
    boolean commitNow(Collection<TopicPartition> tps) {
        if (transactional == null) {
            notePositions();
            commits.commitSync(tps);
            return true;
        }
        // The claims on tps end with the settling, under the send lock: a page finishing after this commit
        // must not send into the next transaction outputs whose offsets the next owner never sees committed.
        return transactional.endNow(() -> {
            Map<TopicPartition, OffsetAndMetadata> offsets = settle();
            ownership.end(tps);
            return offsets;
        }) || lost();
    }

    /** Before {@code tps} are rewound at least once: what did complete, committed, or the rewind would redo it. */
    void beforeRewind(Collection<TopicPartition> tps) {
        if (transactional == null) {
            commits.commitSync(tps);
        }
        // Exactly once, what completed was committed with the transaction, or is to be redone.
    }

    /** Exactly once: aborts the open transaction (partitions were lost); the loop rewinds what it keeps. */
    void abort(String why) {
        if (transactional != null) {
            transactional.abort(why);
        }
    }

    /** Reads what the commits of newly owned {@code tps} say was done past their committed offsets. */
    void resume(Collection<TopicPartition> tps) {
        try {
            Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(new HashSet<>(tps));
            committed.forEach((tp, om) -> {
                if (om != null) {
                    resume(tp, om);
                }
            });
            log.info("{}: taking up {}", name, Rewinds.describe(tps, committed));
        } catch (WakeupException e) {
            throw e;
        } catch (KafkaException e) {
            log.warn("{}: reading the committed offsets of {} failed; records done past them are redone: {}",
                    name, tps, e.toString());
        }
    }

    /** Takes up {@code tp} from its commit {@code committed}. */
    void resume(TopicPartition tp, OffsetAndMetadata committed) {
        tracker.resume(tp, committed.offset(), DoneOffsets.decode(committed.offset(), committed.metadata()));
    }

    private boolean lost() {
        outputFailed = false;
        return false;
    }

    /**
     * Under the transaction's send lock: the completions of everything sent so far, then the offsets to
     * commit with it, or null when an output failed and the transaction must abort.
     */
    private Map<TopicPartition, OffsetAndMetadata> settle() {
        applyCompletions.run();
        notePositions();
        if (outputFailed) {
            outputFailed = false;
            return null;
        }
        return tracker.takeCommittable();
    }

    /**
     * An output transaction aborted (under its lock, before any send can reach the next one). Every claim
     * ends: work under way then sends nothing, since the rewind that follows redoes its record. And what the
     * tracker took as done goes: those outputs are gone, and until the rewind succeeds (it may have to wait
     * for a broker) no later commit may count them.
     */
    private void transactionLost() {
        ownership.endAll();
        tracker.forget(ownership.partitions());
    }

    /**
     * Tells the tracker where the consumer stands in each partition owned under a current claim (see
     * {@link OffsetTracker#consumedTo}); a partition whose claim ended awaits its rewind, and the records its
     * consumer moved past meanwhile were never started.
     */
    private void notePositions() {
        for (TopicPartition tp : ownership.partitions()) {
            Claim claim = ownership.claim(tp);
            if (claim == null || !claim.isCurrent()) {
                continue;
            }
            try {
                tracker.consumedTo(tp, consumer.position(tp, Duration.ZERO));
            } catch (org.apache.kafka.common.errors.TimeoutException e) {
                // No position yet (its committed offset is still being fetched): nothing consumed to note.
            }
        }
    }
}
