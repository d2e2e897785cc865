package org.kcrawl.common.kafka;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.common.metrics.LogContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The outcomes of a {@link WorkerLoop}'s consumed records, handed from the threads that finish them to the
 * poll thread, which alone applies them: a done record's offset becomes committable ({@link OffsetTracker}),
 * an abandoned one is left to the partition's next owner, a failed output rewinds its partition (or, exactly
 * once, aborts the open transaction), and a record whose outputs the broker will never take is dead-lettered.
 * The outcome of a record whose claim has ended is dropped.
 */
final class Completions {
    /** The loop's own logger: these are its lines, where a logging setup that names the loop expects them. */
    private static final Logger log = LoggerFactory.getLogger(WorkerLoop.class);

    private final String name;
    private final OffsetTracker tracker;
    private final LoopCommits commits;
    private final Rewinds rewinds;
    private final BiFunction<ConsumerRecord<String, byte[]>, Exception, CompletionStage<?>> deadLetter;
    private final BooleanSupplier draining;
    /** Blocking, so that a revoke can wait for the outcomes of work under way ({@link #awaitAll}). */
    private final LinkedBlockingQueue<Completion> queue = new LinkedBlockingQueue<>();

    /**
     * Outcomes of the loop {@code name}; {@code deadLetter} publishes a source record to the dead-letter
     * topic, and {@code draining} says whether the loop is giving its partitions up to stop.
     */
    Completions(String name, OffsetTracker tracker, LoopCommits commits, Rewinds rewinds,
                BiFunction<ConsumerRecord<String, byte[]>, Exception, CompletionStage<?>> deadLetter,
                BooleanSupplier draining) {
        this.name = name;
        this.tracker = tracker;
        this.commits = commits;
        this.rewinds = rewinds;
        this.deadLetter = deadLetter;
        this.draining = draining;
    }

    /** Queues the outcome of {@code record} (of {@code tp}, under {@code claim}) as {@code stage} completes. */
    void when(CompletionStage<?> stage, ConsumerRecord<String, byte[]> record, TopicPartition tp, Claim claim) {
        long offset = record.offset();
        // Keep the record only when its outputs can never be published: it then goes to dead letters.
        stage.whenComplete((ignored, error) -> queue.add(new Completion(tp, offset, claim, error,
                PermanentSendErrors.isPermanent(error) ? record : null)));
    }

    /** Applies every outcome queued now. Poll thread only. */
    void applyQueued() {
        apply(queue.poll(), null);
    }

    /**
     * Applies outcomes as they come until none of {@code awaited} is under way any more or {@code grace} has
     * passed; false when some still are. Poll thread only.
     */
    boolean awaitAll(Set<RecordId> awaited, Duration grace) {
        long deadline = System.nanoTime() + grace.toNanos();
        while (!awaited.isEmpty()) {
            long left = deadline - System.nanoTime();
            Completion next = null;
            try {
                next = left > 0 ? queue.poll(left, TimeUnit.NANOSECONDS) : null;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (next == null) {
                return false;
            }
            apply(next, awaited);
        }
        return true;
    }

    /** Applies {@code first} (when not null) and every outcome queued after it, removing each from {@code awaited}. */
    @SuppressWarnings("try") // the MDC entries are the resource; the body never names it
    private void apply(Completion first, Set<RecordId> awaited) {
        Set<TopicPartition> toRewind = new HashSet<>();
        for (Completion c = first; c != null; c = queue.poll()) {
            if (awaited != null) {
                awaited.remove(new RecordId(c.tp, c.offset));
            }
            if (!c.claim.isCurrent()) {
                continue; // result of an earlier ownership; must not be committed now
            }
            if (c.error instanceof AbandonedWorkException
                    || c.error instanceof CompletionException && c.error.getCause() instanceof AbandonedWorkException) {
                tracker.abandoned(c.tp, c.offset);
            } else if (c.record != null) {
                deadLetterUnpublishable(c);
            } else if (c.error != null && draining.getAsBoolean()) {
                // The worker is giving its partitions up: a rewind would only redo the record here before
                // the stop, and the handler cancels what it will not start (see RecordHandler.stopping).
                // Left uncommitted, it is the next owner's.
                tracker.abandoned(c.tp, c.offset);
            } else if (c.error != null && commits.exactlyOnce()) {
                try (LogContext context = LogContext.of(c.tp.topic(), c.tp.partition(), c.offset)) {
                    log.warn("{}: output of {}@{} failed; the transaction will abort: {}", name, c.tp, c.offset,
                            c.error.toString());
                }
                commits.outputFailed();
            } else if (c.error != null) {
                try (LogContext context = LogContext.of(c.tp.topic(), c.tp.partition(), c.offset)) {
                    log.warn("{}: output of {}@{} failed, rewinding the partition: {}", name, c.tp, c.offset,
                            c.error.toString());
                }
                toRewind.add(c.tp);
            } else {
                tracker.completed(c.tp, c.offset);
            }
        }
        if (!toRewind.isEmpty()) {
            rewinds.rewind(toRewind);
        }
    }

    /**
     * An output the broker will refuse however often it is retried (too large, unserializable):
     * rewinding would redo the work forever, so the source message is dead-lettered instead and
     * its offset completes when the dead letter is acknowledged.
     */
    @SuppressWarnings("try") // the MDC entries are the resource; the body never names it
    private void deadLetterUnpublishable(Completion c) {
        Throwable cause = PermanentSendErrors.unwrap(c.error);
        try (LogContext context = LogContext.of(c.record)) {
            log.error("{}: an output of {}@{} can never be published ({}); dead-lettering the source message",
                    name, c.tp, c.offset, cause.toString());
        }
        deadLetter.apply(c.record, cause instanceof Exception e ? e : new IllegalStateException(cause))
                .whenComplete((ignored, error) -> queue.add(new Completion(c.tp, c.offset, c.claim, error, null)));
    }

    private record Completion(TopicPartition tp, long offset, Claim claim, Throwable error,
                              ConsumerRecord<String, byte[]> record) {}
}
