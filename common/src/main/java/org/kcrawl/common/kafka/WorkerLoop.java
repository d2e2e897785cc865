package org.kcrawl.common.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.common.message.MalformedMessageException;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.metrics.LogContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The poll loop every worker runs: one consumer on one thread, records decoded and handed to a
 * {@link RecordHandler}, offsets committed only when every output of a record is acknowledged.
 *
 * <ul>
 *   <li>Completions arrive on other threads and are queued ({@link Completions}); the poll thread alone
 *       applies them and touches the consumer and the {@link OffsetTracker}.</li>
 *   <li>Memory is bounded: past {@code maxPending} uncompleted records or {@code maxPendingBytes}
 *       of them, every partition is paused (the loop keeps polling, so the group membership stays
 *       alive); past {@code maxPendingPerPartition} in one partition, that partition alone is paused,
 *       so a partition whose records take long does not stall the others ({@link FlowControl}).</li>
 *   <li>Undecodable or unhandleable records go to the dead-letter topic.</li>
 *   <li>Exactly once ({@link Transactions}), outputs count as done once in the open transaction, which
 *       the loop ends every {@code commitInterval} with the offsets it makes safe ({@link LoopCommits});
 *       a transaction that fails rewinds every partition ({@link Rewinds}). What follows describes at
 *       least once, where the consumer commits.</li>
 *   <li>Each commit names the records completed past its offset ({@link DoneOffsets}); a partition taken up
 *       from such a commit skips them.</li>
 *   <li>Completed offsets are committed asynchronously at most every {@code commitInterval}
 *       ({@link OffsetCommitter}); polls return at least every {@code pollTimeout}, so what is left
 *       goes out soon after the work ends. A commit that fails is made again at the next one, since
 *       under cooperative assignment nothing else would end the partition's lag.</li>
 *   <li>On revoke, completed offsets are committed, whatever became of earlier commits; on loss,
 *       nothing is ({@link PartitionHandover}).</li>
 *   <li>A failed output rewinds its partition to the last committed offset; while the loop drains
 *       to stop, it is left uncommitted instead.</li>
 *   <li>Which partitions are owned is this loop's record alone ({@link PartitionOwnership}): each record
 *       is handed over with the claim it was consumed under, and the outcome of a record whose claim
 *       has ended (revoked, lost or rewound since) is dropped, never committed.</li>
 * </ul>
 *
 * @param <V> the decoded message type
 */
public final class WorkerLoop<V> implements Runnable {
    private static final Logger log = LoggerFactory.getLogger(WorkerLoop.class);

    /**
     * How long a revoke waits for work under way in its partitions: a request on the wire ends within this
     * on a healthy site; a slower one is left to the partitions' next owner. The whole group's rebalance
     * waits for it.
     */
    static final Duration REVOKE_GRACE = Duration.ofSeconds(2);
    /**
     * The shortest poll while work is under way, exactly once: the longest a completion waits for the poll
     * thread once its transaction may end (see {@link #pollTimeout}).
     */
    static final Duration COMPLETION_POLL = Duration.ofMillis(5);

    private final String name;
    private final Consumer<String, byte[]> consumer;
    private final List<String> topics;
    private final Class<V> type;
    private final RecordHandler<V> handler;
    private final DeadLetterPublisher deadLetters;
    private final WorkerLoopSettings settings;

    private final OffsetTracker tracker = new OffsetTracker();
    private final FlowControl flow;
    private final LoopCommits commits;
    private final Rewinds rewinds;
    private final Completions completions;
    private final PartitionHandover handover;
    private final PartitionOwnership ownership = new PartitionOwnership(System::nanoTime);
    private final AtomicBoolean stopRequested = new AtomicBoolean();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final AtomicInteger pendingGauge = new AtomicInteger();
    private final AtomicLong pendingBytesGauge = new AtomicLong();
    private final AtomicInteger assignedGauge = new AtomicInteger();
    private final AtomicLong lastPollNanos = new AtomicLong(System.nanoTime());
    private final AtomicLong deadLettered = new AtomicLong();
    private final AtomicInteger pausedGauge = new AtomicInteger();
    private volatile boolean running;
    /** Poll thread only: the loop is draining its work to stop. */
    private boolean draining;

    public WorkerLoop(String name, Consumer<String, byte[]> consumer, List<String> topics, Class<V> type,
                      RecordHandler<V> handler, DeadLetterPublisher deadLetters, WorkerLoopSettings settings) {
        this(name, consumer, topics, type, handler, deadLetters, settings, null);
    }

    /**
     * A loop whose handler sends its outputs through {@code outputs}: exactly once, the loop commits its
     * offsets in their transactions; at least once (or null), with the consumer.
     */
    public WorkerLoop(String name, Consumer<String, byte[]> consumer, List<String> topics, Class<V> type,
                      RecordHandler<V> handler, DeadLetterPublisher deadLetters, WorkerLoopSettings settings,
                      Transactions outputs) {
        this(name, consumer, topics, type, handler, deadLetters, settings, outputs, false);
    }

    /**
     * A loop like the one above where, exactly once and with {@code redoneRecordsSkipped}, the handler itself
     * skips a redone record whose outputs were committed (the fetcher's seen-set): offsets are then committed
     * by the consumer right after each transaction rather than in it, so a rebalance cannot abort it (see
     * {@link TransactionalCommits}).
     */
    public WorkerLoop(String name, Consumer<String, byte[]> consumer, List<String> topics, Class<V> type,
                      RecordHandler<V> handler, DeadLetterPublisher deadLetters, WorkerLoopSettings settings,
                      Transactions outputs, boolean redoneRecordsSkipped) {
        this.name = name;
        this.consumer = consumer;
        this.topics = List.copyOf(topics);
        this.type = type;
        this.handler = handler;
        this.deadLetters = deadLetters;
        this.settings = settings;
        this.flow = new FlowControl(settings);
        this.commits = new LoopCommits(name, consumer, tracker, ownership, settings, handler, outputs,
                redoneRecordsSkipped, this::applyCompletions);
        this.rewinds = new Rewinds(name, consumer, tracker, ownership, commits, handler);
        this.completions = new Completions(name, tracker, commits, rewinds, this::deadLetter, () -> draining);
        this.handover = new PartitionHandover(name, consumer, handler,
                new PartitionBookkeeping(tracker, ownership, commits, rewinds, completions, flow), REVOKE_GRACE,
                () -> draining, this::updateGauges);
    }

    @Override
    public void run() {
        running = true;
        try {
            consumer.subscribe(topics, handover);
            while (!stopRequested.get()) {
                pollOnce();
            }
            drain();
        } catch (WakeupException e) {
            if (!stopRequested.get()) {
                throw e;
            }
            drain();
        } catch (RuntimeException e) {
            log.error("{}: poll loop failed; pending work will be redelivered to the next owner", name, e);
            throw e;
        } finally {
            closeConsumer();
            running = false;
            stopped.countDown();
        }
    }

    /** Asks the loop to stop taking work, finish what is in flight (within the drain time) and close. */
    public void requestStop() {
        if (stopRequested.compareAndSet(false, true)) {
            consumer.wakeup();
        }
    }

    /** Waits for the loop to have closed its consumer. */
    public boolean awaitStopped(Duration timeout) throws InterruptedException {
        return stopped.await(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    /** Consumed records whose outputs are not yet all acknowledged. */
    public int pending() {
        return pendingGauge.get();
    }

    /** Serialized bytes (value plus key) of the consumed records whose outputs are not all acknowledged. */
    public long pendingBytes() {
        return pendingBytesGauge.get();
    }

    /** Partitions currently paused for flow control (all of them, or those past their own bound). */
    public int pausedPartitions() {
        return pausedGauge.get();
    }

    /** Partitions currently owned. */
    public int assignedPartitions() {
        return assignedGauge.get();
    }

    /** Records sent to the dead-letter topic by this loop. */
    public long deadLettered() {
        return deadLettered.get();
    }

    /**
     * Ends the output transaction when its interval is due, called by a handler that blocks the poll thread
     * for long inside a rebalance callback (the fetcher restoring the seen-sets of new partitions, a second
     * or more): the partitions already owned go on working meanwhile, and what they finish would otherwise
     * wait uncommitted for the callback to return, all of it lost if the worker died then (a chaos run lost
     * 32 pages fetched during one restore). Only where the offsets are committed after the transaction: a
     * transaction carrying them names the group's generation, which the rebalance under way is changing.
     * A failed end leaves the partitions' rewind to the loop's next turn. Poll thread only.
     */
    public void commitFromCallback() {
        if (commits.transactionEndsApartFromTheGroup() && !commits.commitIfDue()) {
            rewinds.atNextPoll(ownership.partitions());
        }
    }

    /** True while the loop runs and has polled within {@code maxSilence}: the liveness signal. */
    public boolean isAlive(Duration maxSilence) {
        return running && System.nanoTime() - lastPollNanos.get() < maxSilence.toNanos();
    }

    private void pollOnce() {
        rewinds.retry();
        applyCompletions();
        commitIfDue();
        applyBackpressure();
        ConsumerRecords<String, byte[]> records;
        try {
            records = consumer.poll(pollTimeout());
        } catch (WakeupException e) {
            if (stopRequested.get()) {
                return;
            }
            throw e;
        }
        lastPollNanos.set(System.nanoTime());
        for (ConsumerRecord<String, byte[]> record : records) {
            start(record);
        }
        updatePendingGauges();
    }

    /**
     * How long the next poll may wait. Exactly once, a record's outputs are seen downstream only when its
     * transaction ends, and the loop notices a completion only between polls: while work is under way a
     * poll returns when the interval allows the next transaction, and then every {@link #COMPLETION_POLL}.
     * A completion waiting out a whole poll timeout was most of each hop of a crawl's first pages
     * (response to commit, parse to commit), pages on which every later request of the crawl depends.
     */
    Duration pollTimeout() {
        long untilDue = tracker.pending() == 0 ? -1 : commits.nanosUntilTransactionDue();
        if (untilDue < 0) {
            return settings.pollTimeout();
        }
        return untilDue <= COMPLETION_POLL.toNanos() ? COMPLETION_POLL
                : Duration.ofNanos(Math.min(untilDue, settings.pollTimeout().toNanos()));
    }

    @SuppressWarnings("try") // the MDC entries are the resource; the body never names it
    private void start(ConsumerRecord<String, byte[]> record) {
        TopicPartition tp = new TopicPartition(record.topic(), record.partition());
        Claim claim = ownership.claim(tp);
        if (claim == null || !claim.isCurrent()) {
            // A record of a partition we no longer own (revoked inside this poll), or one whose rewind is
            // due (an aborted transaction's): never started.
            return;
        }
        long committed = tracker.started(tp, record.offset(), sizeOf(record));
        if (committed >= 0) {
            // Its records from here to the commit are handled again, and their outputs repeated.
            log.warn("{}: {} starts at offset {}, behind its committed offset {} (the consumer's position was"
                    + " reset)", name, tp, record.offset(), committed);
        }
        if (tracker.alreadyDone(tp, record.offset())) {
            // Done by an earlier owner after the committed offset (its commit says so): handling it again
            // would repeat its outputs.
            tracker.completed(tp, record.offset());
            return;
        }
        CompletionStage<?> stage;
        try {
            V message = MessageCodec.get().decode(record.value(), type);
            stage = handler.handle(message, record, claim);
        } catch (MalformedMessageException e) {
            stage = deadLetter(record, e);
        } catch (RuntimeException e) {
            // A handler bug on one message must not stop the worker; the message is kept for inspection.
            try (LogContext context = LogContext.of(record)) {
                log.error("{}: handler failed on {}-{}@{}", name, record.topic(), record.partition(), record.offset(),
                        e);
            }
            stage = deadLetter(record, e);
        }
        completions.when(stage, record, tp, claim);
    }

    /**
     * What a consumed record weighs for the byte bound: its serialized value and key, or their lengths
     * when the sizes are unknown (records not read from a broker).
     */
    static int sizeOf(ConsumerRecord<String, byte[]> record) {
        long value = record.serializedValueSize() >= 0 ? record.serializedValueSize()
                : record.value() == null ? 0 : record.value().length;
        long key = record.serializedKeySize() >= 0 ? record.serializedKeySize()
                : record.key() == null ? 0 : record.key().length();
        return (int) Math.min(Integer.MAX_VALUE, value + key);
    }

    private void updatePendingGauges() {
        pendingGauge.set(tracker.pending());
        pendingBytesGauge.set(tracker.pendingBytes());
    }

    private void updateGauges() {
        updatePendingGauges();
        assignedGauge.set(ownership.partitions().size());
    }

    private CompletionStage<?> deadLetter(ConsumerRecord<String, byte[]> record, Exception cause) {
        deadLettered.incrementAndGet();
        return deadLetters.publish(record, cause);
    }

    private void applyCompletions() {
        completions.applyQueued();
        updatePendingGauges();
    }

    /** Commits what completed when the interval allows: with the output transaction, or by the consumer. */
    private void commitIfDue() {
        if (!commits.commitIfDue()) {
            rewinds.rewindAll();
        }
    }

    private void applyBackpressure() {
        flow.apply(consumer, ownership.partitions(), tracker);
        pausedGauge.set(flow.pausedPartitions());
    }

    private void drain() {
        draining = true;
        consumer.pause(consumer.assignment());
        try {
            handler.stopping();
        } catch (RuntimeException e) {
            log.warn("{}: handler failed to give up queued work; draining it instead", name, e);
        }
        long deadline = System.nanoTime() + settings.drainTimeout().toNanos();
        applyCompletions();
        while (tracker.pending() > 0 && System.nanoTime() < deadline) {
            // Keep polling (all partitions paused) so the group does not evict us while we drain.
            try {
                consumer.poll(settings.pollTimeout());
            } catch (WakeupException e) {
                // requestStop() may wake us more than once; keep draining.
            }
            lastPollNanos.set(System.nanoTime());
            applyCompletions();
            commitIfDue();
        }
        if (tracker.pending() > 0) {
            log.warn("{}: {} records still in flight after the drain time; they will be redelivered",
                    name, tracker.pending());
        }
        try {
            handover.commitNow(ownership.partitions());
        } catch (RuntimeException e) {
            log.warn("{}: final commit failed; the next owner may redo some work: {}", name, e.toString());
        }
        Collection<TopicPartition> owned = new ArrayList<>(ownership.partitions());
        tracker.forget(owned);
        ownership.revoke(owned, handler);
    }

    private void closeConsumer() {
        try {
            consumer.close(CloseOptions.timeout(Duration.ofSeconds(10)));
        } catch (RuntimeException e) {
            log.warn("{}: consumer close failed: {}", name, e.toString());
        }
    }
}
