package org.kcrawl.common.kafka;

import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link WorkerLoop}'s commits in exactly-once mode: the output transaction ends ({@link Transactions#end})
 * at most every commit interval, and at once where a commit must not wait (revoke, stop). A transaction
 * that fails to end is gone with everything it held: the loop rewinds every partition it owns to the
 * committed offsets.
 *
 * <p>Where the completed offsets go depends on what a redone record does:
 * <ul>
 *   <li>Offsets in the transaction (the parser): a redone page would publish its record again, so its offset
 *       commits with its outputs. The group's generation then rides in the transaction, and a rebalance
 *       happening meanwhile fails it: its pages are parsed again.</li>
 *   <li>Offsets after the transaction (the fetcher): a redone URL whose outputs were committed finds its seen
 *       marker, committed with them, and is skipped before any request; so its offset is committed by the
 *       consumer once the transaction has committed, and a rebalance never aborts the transaction and sends
 *       its URLs to be fetched again.</li>
 * </ul>
 *
 * <p>Poll thread only.
 */
final class TransactionalCommits {
    private static final Logger log = LoggerFactory.getLogger(TransactionalCommits.class);

    private final String name;
    private final Transactions outputs;
    private final Consumer<?, ?> consumer;
    private final CommitThrottle throttle;
    private final java.util.function.Consumer<Map<TopicPartition, OffsetAndMetadata>> onCommitted;
    /** Null when offsets go into the transaction; else what commits them after it. */
    private final OffsetCommitter afterTransaction;
    /** Commits of offsets after the transaction so far (see {@link #endIfDue}). */
    private long offsetsCommittedApart;

    TransactionalCommits(String name, Transactions outputs, Consumer<?, ?> consumer, CommitThrottle throttle,
                         java.util.function.Consumer<Map<TopicPartition, OffsetAndMetadata>> onCommitted,
                         OffsetCommitter afterTransaction) {
        this.name = name;
        this.outputs = outputs;
        this.consumer = consumer;
        this.throttle = throttle;
        this.onCommitted = onCommitted;
        this.afterTransaction = afterTransaction;
    }

    /**
     * Ends the transaction when the interval since the last one allows. Returns false when it failed and
     * the loop must rewind every partition it owns.
     */
    boolean endIfDue(Supplier<Map<TopicPartition, OffsetAndMetadata>> settle) {
        long now = System.nanoTime();
        if (!throttle.due(now)) {
            return true;
        }
        long before = outputs.ended();
        long apartBefore = offsetsCommittedApart;
        boolean ok = end(settle, false);
        if (outputs.ended() != before || offsetsCommittedApart != apartBefore) {
            // Only a commit that carried something starts the interval: the first one after a quiet spell
            // then goes out as soon as the loop sees its work done, not up to an interval later. Offsets the
            // consumer commits after an empty transaction count (URLs skipped as duplicates have no outputs):
            // else they went out at every poll, 200 a second, and as often again while a rebalance failed them.
            throttle.sent(now);
        }
        return ok;
    }

    /** Nanoseconds until the interval allows the transaction to end: 0 when it may end now. */
    long nanosUntilDue() {
        return throttle.nanosUntilDue(System.nanoTime());
    }

    /**
     * Ends the transaction now, waiting for sends in progress if it must. Returns false when it failed
     * (or could not end at all) and the transaction was aborted: the loop must rewind what it still owns.
     */
    boolean endNow(Supplier<Map<TopicPartition, OffsetAndMetadata>> settle) {
        return end(settle, true);
    }

    /**
     * True when offsets are committed after the transaction, by the consumer: the transaction then names no
     * group generation, and may end while the group rebalances (from inside a rebalance callback).
     */
    boolean offsetsAfterTransaction() {
        return afterTransaction != null;
    }

    /** Aborts the transaction: the loop rewinds what it still owns. */
    void abort(String why) {
        outputs.abort(why);
    }

    private boolean end(Supplier<Map<TopicPartition, OffsetAndMetadata>> settle, boolean mustEnd) {
        AtomicReference<Map<TopicPartition, OffsetAndMetadata>> committed = new AtomicReference<>();
        Supplier<Map<TopicPartition, OffsetAndMetadata>> remembering = () -> {
            Map<TopicPartition, OffsetAndMetadata> offsets = settle.get();
            committed.set(offsets);
            return offsets == null || afterTransaction == null ? offsets : Map.of();
        };
        try {
            // A few tries of the lock: sends in progress hold it only while they append.
            for (int attempt = 0; attempt < (mustEnd ? 25 : 1); attempt++) {
                if (outputs.end(remembering, consumer::groupMetadata)) {
                    Map<TopicPartition, OffsetAndMetadata> offsets = committed.get();
                    if (offsets != null && !offsets.isEmpty()) {
                        if (afterTransaction == null) {
                            onCommitted.accept(offsets);
                        } else {
                            offsetsCommittedApart++;
                            afterTransaction.commitHandedOut(offsets, mustEnd);
                        }
                    }
                    return true;
                }
            }
        } catch (TransactionFailedException e) {
            log.warn("{}: {}; rewinding every partition owned", name, e.getMessage());
            return false;
        }
        if (mustEnd) {
            outputs.abort("sends held the transaction open too long to end it");
            return false;
        }
        return true; // not due after all: the next poll tries again
    }
}
