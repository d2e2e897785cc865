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
 * A {@link WorkerLoop}'s commits in exactly-once mode: its completed offsets go into the output
 * transaction ({@link Transactions#end}) at most every commit interval, and at once where a commit must
 * not wait (revoke, stop). A transaction that fails to end is gone with everything it held: the loop
 * rewinds every partition it owns to the committed offsets.
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

    TransactionalCommits(String name, Transactions outputs, Consumer<?, ?> consumer, CommitThrottle throttle,
                         java.util.function.Consumer<Map<TopicPartition, OffsetAndMetadata>> onCommitted) {
        this.name = name;
        this.outputs = outputs;
        this.consumer = consumer;
        this.throttle = throttle;
        this.onCommitted = onCommitted;
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
        throttle.sent(now);
        return end(settle, false);
    }

    /**
     * Ends the transaction now, waiting for sends in progress if it must. Returns false when it failed
     * (or could not end at all) and the transaction was aborted: the loop must rewind what it still owns.
     */
    boolean endNow(Supplier<Map<TopicPartition, OffsetAndMetadata>> settle) {
        return end(settle, true);
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
            return offsets;
        };
        try {
            // A few tries of the lock: sends in progress hold it only while they append.
            for (int attempt = 0; attempt < (mustEnd ? 25 : 1); attempt++) {
                if (outputs.end(remembering, consumer::groupMetadata)) {
                    if (committed.get() != null && !committed.get().isEmpty()) {
                        onCommitted.accept(committed.get());
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
