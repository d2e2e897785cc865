package org.kcrawl.common.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CompletionStage;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetCommitCallback;
import org.apache.kafka.clients.consumer.internals.AutoOffsetResetStrategy;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.MessageCodec;

/** The loop's commit, dead-letter and flow-control rules, against Kafka's own mock clients. */
class WorkerLoopTest {
    private static final String TOPIC = "t.urls";
    private final TopicPartition p0 = new TopicPartition(TOPIC, 0);
    private final TopicPartition p1 = new TopicPartition(TOPIC, 1);
    private final RecordingConsumer consumer = new RecordingConsumer();
    private final MockProducer<String, byte[]> producer =
            new MockProducer<>(true, null, new StringSerializer(), new ByteArraySerializer());
    private final Map<Long, CompletableFuture<Void>> outputs = new ConcurrentHashMap<>();
    private final List<Long> handled = new CopyOnWriteArrayList<>();
    /** The claim each offset was last handed with. */
    private final Map<Long, Claim> claims = new ConcurrentHashMap<>();
    private WorkerLoop<CrawlRequest> loop;
    private Thread thread;

    /** Partitions the handler was told are gone, call by call. */
    private final List<java.util.Collection<TopicPartition>> revoked = new CopyOnWriteArrayList<>();
    private volatile Runnable onStopping = () -> { };
    /** What the handler does when told of new partitions, on the loop's thread inside the rebalance callback. */
    private volatile java.util.function.Consumer<java.util.Collection<TopicPartition>> onAssigned = ps -> { };
    /** What the handler says it has under way in partitions being revoked. */
    private volatile java.util.function.Function<java.util.Collection<TopicPartition>, java.util.Collection<RecordId>>
            onRevoking = ps -> List.of();

    private final RecordHandler<CrawlRequest> handler = new RecordHandler<>() {
        @Override
        public CompletionStage<?> handle(CrawlRequest message, ConsumerRecord<String, byte[]> record, Claim claim) {
            handled.add(record.offset());
            claims.put(record.offset(), claim);
            return outputs.computeIfAbsent(record.offset(), k -> new CompletableFuture<>());
        }

        @Override
        public void partitionsRevoked(java.util.Collection<TopicPartition> partitions) {
            revoked.add(List.copyOf(partitions));
        }

        @Override
        public void partitionsAssigned(java.util.Collection<TopicPartition> partitions) {
            onAssigned.accept(partitions);
        }

        @Override
        public java.util.Collection<RecordId> partitionsRevoking(java.util.Collection<TopicPartition> partitions) {
            return onRevoking.apply(partitions);
        }

        @Override
        public void stopping() {
            onStopping.run();
        }
    };

    private void startLoop(int maxPending) {
        startLoop(new WorkerLoopSettings(maxPending, Duration.ofMillis(5), Duration.ofSeconds(1)), List.of(p0));
    }

    private void startLoop(WorkerLoopSettings settings, List<TopicPartition> partitions) {
        loop = new WorkerLoop<>("test", consumer, List.of(TOPIC), CrawlRequest.class, handler,
                new DeadLetterPublisher(producer, "t.dead-letters"), settings);
        Map<TopicPartition, Long> beginnings = new java.util.HashMap<>();
        partitions.forEach(tp -> beginnings.put(tp, 0L));
        consumer.updateBeginningOffsets(beginnings);
        consumer.schedulePollTask(() -> consumer.rebalance(partitions));
        thread = new Thread(loop, "loop");
        thread.start();
        await().until(() -> loop.assignedPartitions() == partitions.size());
    }

    @AfterEach
    void stop() throws InterruptedException {
        outputs.values().forEach(f -> f.complete(null));
        if (loop != null) {
            loop.requestStop();
            thread.join(5000);
        }
    }

    /**
     * An earlier owner's commit stopped at offset 0 (still pending then) but named offset 1 done: the new
     * owner handles 0 and 2 and skips 1, whose outputs were published already; before the metadata, 1 was
     * handled again and its outputs repeated.
     */
    @Test
    void aRecordTheCommitNamesDonePastTheCommittedOffsetIsSkipped() {
        consumer.earlierOwnerCommitted(Map.of(p0, new OffsetAndMetadata(0,
                DoneOffsets.encode(0, 2, new java.util.TreeSet<>(List.of(0L))))));
        startLoop(100);
        add(0, valid());
        add(1, valid());
        add(2, valid());
        await().until(() -> handled.size() == 2);
        await().during(Duration.ofMillis(100)).atMost(Duration.ofSeconds(2)).until(() -> handled.size() == 2);
        assertThat(handled).containsExactly(0L, 2L);
        outputs.get(0L).complete(null);
        outputs.get(2L).complete(null);
        await().until(() -> Long.valueOf(3).equals(committed()));
    }

    @Test
    void commitsOnlyWhatCompletedInOrder() {
        startLoop(100);
        add(0, valid());
        add(1, valid());
        add(2, valid());
        await().until(() -> handled.size() == 3);
        outputs.get(1L).complete(null);
        outputs.get(2L).complete(null);
        // 0 still pending: the committed offset stays before it, and the commit names 1 and 2 as done, so that
        // the partition's next owner skips them. (A commit may come between the two completions, naming 1.)
        await().until(() -> {
            var c = consumer.committed(java.util.Set.of(p0)).get(p0);
            return c != null && DoneOffsets.decode(0, c.metadata()).isDone(2);
        });
        var held = consumer.committed(java.util.Set.of(p0)).get(p0);
        assertThat(held.offset()).isZero();
        assertThat(DoneOffsets.decode(0, held.metadata()).isDone(1)).isTrue();
        outputs.get(0L).complete(null);
        await().until(() -> Long.valueOf(3).equals(committed()));
    }

    @Test
    void malformedMessagesAreDeadLetteredWithTheirOriginAndTheLoopGoesOn() {
        startLoop(100);
        add(0, "not json".getBytes(StandardCharsets.UTF_8));
        add(1, valid());
        await().until(() -> handled.contains(1L));
        outputs.get(1L).complete(null);
        await().until(() -> Long.valueOf(2).equals(committed()));
        assertThat(producer.history()).hasSize(1);
        var dead = producer.history().get(0);
        assertThat(dead.topic()).isEqualTo("t.dead-letters");
        assertThat(new String(dead.headers().lastHeader(DeadLetterPublisher.ORIGINAL_OFFSET).value(),
                StandardCharsets.UTF_8)).isEqualTo("0");
        assertThat(new String(dead.headers().lastHeader(DeadLetterPublisher.EXCEPTION_CLASS).value(),
                StandardCharsets.UTF_8)).endsWith("MalformedMessageException");
        assertThat(loop.deadLettered()).isEqualTo(1);
    }

    @Test
    void pausesWhenTooMuchIsPendingAndResumesWhenItDrains() {
        startLoop(2);
        add(0, valid());
        add(1, valid());
        await().until(() -> consumer.paused().contains(p0));
        outputs.get(0L).complete(null);
        outputs.get(1L).complete(null);
        await().until(() -> !consumer.paused().contains(p0));
    }

    @Test
    void aPartitionPastItsOwnBoundIsPausedAloneAndTheOthersKeepFlowing() {
        startLoop(new WorkerLoopSettings(100, 2, Duration.ofMillis(5), Duration.ofSeconds(1)), List.of(p0, p1));
        add(p0, 0, valid());
        add(p0, 1, valid());
        await().until(() -> consumer.paused().contains(p0));
        assertThat(consumer.paused()).doesNotContain(p1);
        assertThat(loop.pausedPartitions()).isEqualTo(1);

        add(p1, 10, valid());
        await().until(() -> handled.size() == 3);
        assertThat(consumer.paused()).containsExactly(p0);

        outputs.get(0L).complete(null);
        await().until(() -> !consumer.paused().contains(p0));
        assertThat(loop.pausedPartitions()).isZero();
    }

    @Test
    void theTotalBoundStillPausesEveryPartition() {
        startLoop(new WorkerLoopSettings(2, 2, Duration.ofMillis(5), Duration.ofSeconds(1)), List.of(p0, p1));
        add(p0, 0, valid());
        add(p1, 1, valid());
        await().until(() -> consumer.paused().containsAll(List.of(p0, p1)));

        outputs.get(1L).complete(null);
        outputs.get(0L).complete(null);
        await().until(() -> consumer.paused().isEmpty());
    }

    @Test
    void failedOutputRewindsThePartitionAndTheMessageIsHandledAgain() {
        startLoop(100);
        add(0, valid());
        await().until(() -> handled.size() == 1);
        outputs.remove(0L).completeExceptionally(new IllegalStateException("broker said no"));
        // The mock keeps no log: once the loop has seeked back, play the broker and deliver offset 0 again.
        await().until(() -> consumer.position(p0) == 0);
        add(0, valid());
        await().until(() -> handled.size() == 2);
        assertThat(handled).containsExactly(0L, 0L);
        outputs.get(0L).complete(null);
        await().until(() -> Long.valueOf(1).equals(committed()));
    }

    @Test
    void aRewindEndsTheClaimItsRecordsCameWithAndNothingOfThatClaimIsCommitted() {
        startLoop(100);
        add(0, valid());
        add(1, valid());
        await().until(() -> handled.size() == 2);
        Claim first = claims.get(0L);
        assertThat(first.partition()).isEqualTo(p0);
        assertThat(first.isCurrent()).isTrue();
        assertThat(claims.get(1L)).isSameAs(first);
        CompletableFuture<Void> late = outputs.remove(0L);

        outputs.remove(1L).completeExceptionally(new IllegalStateException("broker said no"));
        await().until(() -> consumer.position(p0) == 0);
        assertThat(first.isCurrent()).as("ended by the rewind").isFalse();
        add(0, valid());
        await().until(() -> handled.size() == 3);
        assertThat(claims.get(0L)).as("a new claim after the rewind").isNotSameAs(first);
        assertThat(claims.get(0L).isCurrent()).isTrue();

        late.complete(null); // offset 0 as handled under the ended claim: must not count for its new handling
        await().during(Duration.ofMillis(200)).atMost(Duration.ofSeconds(2))
                .until(() -> Long.valueOf(0).equals(committed())); // the rewind's commit of what had completed
        outputs.get(0L).complete(null);
        await().until(() -> Long.valueOf(1).equals(committed()));
    }

    @Test
    void anOutputTheBrokerCanNeverAcceptSendsTheSourceToDeadLettersInsteadOfRewindingForever() {
        startLoop(100);
        add(0, valid());
        await().until(() -> handled.size() == 1);
        outputs.get(0L).completeExceptionally(
                new org.apache.kafka.common.errors.RecordTooLargeException("page of 9 MB"));
        await().until(() -> Long.valueOf(1).equals(committed()));
        assertThat(handled).containsExactly(0L);
        assertThat(producer.history()).hasSize(1);
        assertThat(new String(producer.history().get(0).headers()
                .lastHeader(DeadLetterPublisher.EXCEPTION_CLASS).value(), StandardCharsets.UTF_8))
                .endsWith("RecordTooLargeException");
    }

    @Test
    void pausesAtTheByteBoundAndResumesWhenItDrains() {
        int size = valid().length + 1; // the key "h"
        startLoop(new WorkerLoopSettings(100, 100, 2L * size, Duration.ofMillis(5), Duration.ofSeconds(1),
                Duration.ZERO), List.of(p0));
        add(0, valid());
        await().until(() -> handled.size() == 1);
        assertThat(loop.pendingBytes()).isEqualTo(size);
        assertThat(consumer.paused()).isEmpty();

        add(1, valid());
        await().until(() -> consumer.paused().contains(p0));
        assertThat(loop.pendingBytes()).isEqualTo(2L * size);
        outputs.get(0L).complete(null);
        await().until(() -> !consumer.paused().contains(p0));
        assertThat(loop.pendingBytes()).isEqualTo(size);
    }

    @Test
    void aRecordLargerThanTheWholeByteBoundIsStillProcessed() {
        startLoop(new WorkerLoopSettings(100, 100, 10, Duration.ofMillis(5), Duration.ofSeconds(1),
                Duration.ZERO), List.of(p0));
        add(0, valid());
        await().until(() -> handled.size() == 1);
        await().until(() -> consumer.paused().contains(p0));
        outputs.get(0L).complete(null);
        await().until(() -> Long.valueOf(1).equals(committed()));
        await().until(() -> !consumer.paused().contains(p0));
        add(1, valid());
        await().until(() -> handled.size() == 2);
        assertThat(loop.pendingBytes()).isGreaterThan(10);
    }

    @Test
    void aRewindDropsTheBytesOfTheRewoundPartition() {
        startLoop(new WorkerLoopSettings(100, 100, 1_000_000, Duration.ofMillis(5), Duration.ofSeconds(1),
                Duration.ZERO), List.of(p0));
        add(0, valid());
        add(1, valid());
        await().until(() -> handled.size() == 2);
        assertThat(loop.pendingBytes()).isPositive();
        outputs.remove(1L).completeExceptionally(new IllegalStateException("broker said no"));
        await().until(() -> loop.pending() == 0);
        assertThat(loop.pendingBytes()).isZero();
    }

    @Test
    void asyncCommitsAreSpacedByTheIntervalButRewindsRevokesAndTheDrainCommitAtOnce() {
        startLoop(new WorkerLoopSettings(100, 100, 1_000_000, Duration.ofMillis(5), Duration.ofSeconds(1),
                Duration.ofHours(1)), List.of(p0, p1));
        add(0, valid());
        await().until(() -> handled.size() == 1);
        outputs.get(0L).complete(null);
        await().alias("the first commit is not held back").until(() -> Long.valueOf(1).equals(committed()));

        add(1, valid());
        await().until(() -> handled.size() == 2);
        outputs.get(1L).complete(null);
        await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2))
                .until(() -> Long.valueOf(1).equals(committed()));

        add(2, valid());
        add(3, valid());
        await().until(() -> handled.size() == 4);
        outputs.get(2L).complete(null);
        outputs.remove(3L).completeExceptionally(new IllegalStateException("broker said no"));
        await().alias("a rewind commits what completed before it").until(() -> Long.valueOf(3).equals(committed()));

        add(p1, 0, valid());
        add(p1, 1, valid());
        // Outputs are keyed by offset: p1@0 and p1@1 share the completed futures of p0@0 and p0@1.
        await().until(() -> handled.size() == 6);
        consumer.schedulePollTask(() -> consumer.rebalance(List.of(p0)));
        await().alias("a revoke commits the revoked partition")
                .until(() -> consumer.syncCommits.contains(Map.of(p1, new OffsetAndMetadata(2))));

        add(3, valid());
        await().until(() -> handled.size() == 7);
        outputs.computeIfAbsent(3L, k -> new CompletableFuture<>()).complete(null);
        await().during(Duration.ofMillis(200)).atMost(Duration.ofSeconds(2))
                .until(() -> Long.valueOf(3).equals(committed()));
        loop.requestStop();
        await().alias("the drain commits")
                .until(() -> consumer.syncCommits.contains(Map.of(p0, new OffsetAndMetadata(4))));
        assertThat(consumer.asyncCommits).containsExactly(Map.of(p0, new OffsetAndMetadata(1)));
    }

    @Test
    void exactlyOnceARevokedPartitionsClaimEndsBeforeItsLastTransactionCommits() {
        // Whether p1's claim was current when a transaction committed p1's offsets: work of that claim
        // finishing after the revoke's commit would send into the next transaction, which commits its
        // outputs without their offsets, and the partition's next owner would publish them again.
        List<Boolean> claimCurrentAtCommit = new CopyOnWriteArrayList<>();
        MockProducer<String, byte[]> transactional = new MockProducer<>(true, null, new StringSerializer(),
                new ByteArraySerializer()) {
            @Override
            public void sendOffsetsToTransaction(Map<TopicPartition, OffsetAndMetadata> offsets,
                                                 ConsumerGroupMetadata group) {
                if (offsets.containsKey(p1)) {
                    claimCurrentAtCommit.add(claims.get(1L).isCurrent());
                }
                super.sendOffsetsToTransaction(offsets, group);
            }
        };
        Transactions outputs = Transactions.exactlyOnce(() -> transactional, 1024);
        // Commits an hour apart: after the first, only the revoke's commit can name p1.
        WorkerLoopSettings settings = new WorkerLoopSettings(100, 100, 1_000_000, Duration.ofMillis(5),
                Duration.ofSeconds(1), Duration.ofHours(1));
        loop = new WorkerLoop<>("test", consumer, List.of(TOPIC), CrawlRequest.class, handler,
                new DeadLetterPublisher(producer, "t.dead-letters"), settings, outputs);
        consumer.updateBeginningOffsets(Map.of(p0, 0L, p1, 0L));
        consumer.schedulePollTask(() -> consumer.rebalance(List.of(p0, p1)));
        thread = new Thread(loop, "loop");
        thread.start();
        await().until(() -> loop.assignedPartitions() == 2);
        // A first transaction with something in it starts the hour.
        outputs.producer().send(new org.apache.kafka.clients.producer.ProducerRecord<>("t.pages", "h", new byte[1]));
        await().until(() -> transactional.commitCount() == 1);

        add(p1, 0, valid());
        add(p1, 1, valid());
        await().until(() -> handled.size() == 2);
        outputs(0L).complete(null);
        outputs(1L).complete(null);
        consumer.schedulePollTask(() -> consumer.rebalance(List.of(p0)));
        await().until(() -> revoked.contains(List.of(p1)));

        assertThat(transactional.consumerGroupOffsetsHistory()).as("the revoke commits p1 in its transaction")
                .anySatisfy(byGroup -> assertThat(byGroup.values()).contains(Map.of(p1, new OffsetAndMetadata(2))));
        assertThat(claimCurrentAtCommit).as("p1's claim at each commit of its offsets").containsExactly(false);
    }

    /**
     * Exactly once with the offsets committed after the transaction (the fetcher), a handler that blocks the
     * loop's thread inside a rebalance callback (the fetcher restoring a new partition's seen-set, a second
     * or more) commits from there what its other partitions finish meanwhile: before, it all waited for the
     * callback to return, and a fetcher killed during a restore lost every page fetched during it.
     */
    @Test
    void offsetsAfterTheTransactionWorkFinishedWhileACallbackBlocksIsCommittedFromIt() {
        MockProducer<String, byte[]> transactional = new MockProducer<>(true, null, new StringSerializer(),
                new ByteArraySerializer());
        Transactions outputs = Transactions.exactlyOnce(() -> transactional, 1024);
        WorkerLoopSettings settings = new WorkerLoopSettings(100, 100, 1_000_000, Duration.ofMillis(5),
                Duration.ofSeconds(1), Duration.ofMillis(5));
        loop = new WorkerLoop<>("test", consumer, List.of(TOPIC), CrawlRequest.class, handler,
                new DeadLetterPublisher(producer, "t.dead-letters"), settings, outputs, true);
        consumer.updateBeginningOffsets(Map.of(p0, 0L, p1, 0L));
        consumer.schedulePollTask(() -> consumer.rebalance(List.of(p0)));
        thread = new Thread(loop, "loop");
        thread.start();
        await().until(() -> loop.assignedPartitions() == 1);
        add(p0, 0, valid());
        await().until(() -> handled.size() == 1);

        java.util.concurrent.atomic.AtomicInteger commitsInCallback = new java.util.concurrent.atomic.AtomicInteger(-1);
        java.util.concurrent.atomic.AtomicReference<Map<TopicPartition, OffsetAndMetadata>> committedInCallback =
                new java.util.concurrent.atomic.AtomicReference<>();
        onAssigned = partitions -> {
            if (!partitions.contains(p1)) {
                return;
            }
            int before = (int) transactional.commitCount();
            // p0's record finishes while p1 is restored: its page goes into the open transaction.
            outputs.producer().send(new org.apache.kafka.clients.producer.ProducerRecord<>("t.pages", "h",
                    new byte[1]));
            outputs(0L).complete(null);
            long deadline = System.nanoTime() + Duration.ofSeconds(3).toNanos();
            while (transactional.commitCount() == before && System.nanoTime() < deadline) {
                loop.commitFromCallback();
                java.util.concurrent.locks.LockSupport.parkNanos(Duration.ofMillis(1).toNanos());
            }
            commitsInCallback.set((int) transactional.commitCount() - before);
            committedInCallback.set(consumer.committed(java.util.Set.of(p0)));
        };
        consumer.schedulePollTask(() -> consumer.rebalance(List.of(p0, p1)));
        await().until(() -> commitsInCallback.get() >= 0);

        assertThat(commitsInCallback.get()).as("transactions committed while the callback blocked").isPositive();
        assertThat(committedInCallback.get()).as("p0's offset, committed after that transaction")
                .containsEntry(p0, new OffsetAndMetadata(1));
    }

    /**
     * Exactly once, a record's outputs are seen downstream only when its transaction ends, and the loop sees
     * a completion only between polls: with work under way and a transaction allowed, it polls for a few
     * milliseconds at most; while the interval holds the next transaction back, until the interval ends;
     * with nothing under way, for the whole poll timeout. Before, every poll took the whole timeout (100 ms
     * in the workers), and each of a crawl's first pages waited out most of one at every hop.
     */
    @Test
    void exactlyOnceWorkUnderWayIsPolledForAsSoonAsItsTransactionMayEnd() {
        MockProducer<String, byte[]> transactional = new MockProducer<>(true, null, new StringSerializer(),
                new ByteArraySerializer());
        Transactions outputs = Transactions.exactlyOnce(() -> transactional, 1024);
        Duration pollTimeout = Duration.ofSeconds(5);
        Duration interval = Duration.ofSeconds(2);
        loop = new WorkerLoop<>("test", consumer, List.of(TOPIC), CrawlRequest.class, handler,
                new DeadLetterPublisher(producer, "t.dead-letters"),
                new WorkerLoopSettings(100, 100, 1_000_000, pollTimeout, Duration.ofSeconds(1), interval), outputs,
                false);
        consumer.updateBeginningOffsets(Map.of(p0, 0L));
        consumer.schedulePollTask(() -> consumer.rebalance(List.of(p0)));
        thread = new Thread(loop, "loop");
        thread.start();
        await().until(() -> loop.assignedPartitions() == 1);
        await().until(() -> pollTimeout.equals(consumer.lastPollTimeout));

        add(p0, 0, valid());
        await().until(() -> handled.size() == 1);
        await().until(() -> WorkerLoop.COMPLETION_POLL.equals(consumer.lastPollTimeout));

        outputs(0L).complete(null);
        await().until(() -> transactional.commitCount() == 1);
        add(p0, 1, valid());
        await().until(() -> handled.size() == 2);
        await().atMost(Duration.ofSeconds(1)).until(() -> {
            Duration t = consumer.lastPollTimeout;
            return t.compareTo(WorkerLoop.COMPLETION_POLL) > 0 && t.compareTo(interval) <= 0;
        });
    }

    /** At least once, outputs are seen downstream when acknowledged: no poll is cut short for a commit. */
    @Test
    void atLeastOnceEveryPollTakesTheWholeTimeout() {
        startLoop(new WorkerLoopSettings(100, Duration.ofSeconds(5), Duration.ofSeconds(1)), List.of(p0));
        add(p0, 0, valid());
        await().until(() -> handled.size() == 1);
        await().during(Duration.ofMillis(300)).until(() -> Duration.ofSeconds(5).equals(consumer.lastPollTimeout));
    }

    /**
     * A revoke waits for the work the handler names as under way in the revoked partitions (a fetcher's
     * requests on the wire), so that its last commit takes it: before, that work finished unpublished and the
     * partition's next owner fetched the pages again. Work that outlasts the grace is left to the next owner.
     */
    @Test
    void aRevokeWaitsForTheWorkUnderWayInItsPartitionsAndCommitsIt() {
        startLoop(new WorkerLoopSettings(100, Duration.ofMillis(5), Duration.ofSeconds(1)), List.of(p0, p1));
        add(p1, 0, valid());
        add(p1, 1, valid());
        await().until(() -> handled.size() == 2);
        java.util.concurrent.ScheduledExecutorService later = java.util.concurrent.Executors
                .newSingleThreadScheduledExecutor();
        try {
            onRevoking = ps -> {
                // p1@0's request is on the wire and ends 300 ms into the revoke; p1@1 never ends.
                later.schedule(() -> outputs(0L).complete(null), 300, java.util.concurrent.TimeUnit.MILLISECONDS);
                return List.of(new RecordId(p1, 0), new RecordId(p1, 1));
            };
            long started = System.nanoTime();
            consumer.schedulePollTask(() -> consumer.rebalance(List.of(p0)));
            await().atMost(Duration.ofSeconds(10)).until(() -> revoked.contains(List.of(p1)));
            long tookMs = (System.nanoTime() - started) / 1_000_000;

            assertThat(consumer.syncCommits).as("the revoke's commit takes p1@0, done during its wait")
                    .contains(Map.of(p1, new OffsetAndMetadata(1)));
            assertThat(tookMs).as("the revoke gave p1@1 up after the grace").isBetween(
                    WorkerLoop.REVOKE_GRACE.toMillis(), WorkerLoop.REVOKE_GRACE.toMillis() + 5_000);
        } finally {
            later.shutdownNow();
        }
    }

    private CompletableFuture<Void> outputs(long offset) {
        return outputs.computeIfAbsent(offset, k -> new CompletableFuture<>());
    }

    @Test
    void aRewindThatMeetsABrokerFaultIsTriedAgainAtTheNextPoll() {
        startLoop(100);
        consumer.failingCommits.set(1); // the rewind's commit of offset 1, then its committed() call, fail once
        consumer.failingCommittedCalls.set(1);
        add(0, valid());
        add(1, valid());
        await().until(() -> handled.size() == 2);
        outputs.get(0L).complete(null);
        outputs.remove(1L).completeExceptionally(new IllegalStateException("broker said no"));

        await().alias("the rewind is done once the broker answers")
                .until(() -> consumer.failingCommittedCalls.get() < 0 && consumer.position(p0) == 1);
        assertThat(loop.isAlive(Duration.ofSeconds(5))).as("the loop survived the faults").isTrue();
        assertThat(committed()).as("the commit that failed is made again, not skipped").isEqualTo(1L);

        add(1, valid());
        await().until(() -> handled.size() == 3);
        outputs.get(1L).complete(null);
        await().until(() -> Long.valueOf(2).equals(committed()));
    }

    @Test
    void anAsyncCommitThatFailedIsMadeAgainThoughThePartitionDoesNotAdvance() {
        startLoop(100);
        consumer.failingAsyncCommits.set(1); // as during a rebalance or while the coordinator is away
        add(0, valid());
        await().until(() -> handled.size() == 1);
        outputs.get(0L).complete(null);
        // No later record of the partition comes to carry the offset: the loop itself must commit it again.
        await().alias("the failed commit is made again").until(() -> Long.valueOf(1).equals(committed()));
        assertThat(consumer.asyncCommits).as("the failed commit, then the same offset again").startsWith(
                Map.of(p0, new OffsetAndMetadata(1)), Map.of(p0, new OffsetAndMetadata(1)));
    }

    private Long committed() {
        var c = consumer.committed(java.util.Set.of(p0)).get(p0);
        return c == null ? null : c.offset();
    }

    /**
     * A handler gives up, at the stop, work it has not started by failing it (the fetcher cancels URLs still
     * waiting for their host's turn): that record is left uncommitted, and its partition is not rewound
     * (a rewind gives the partition up and takes it again, which for a fetcher means restoring its
     * seen-set, all in the middle of the stop).
     */
    @Test
    void aRecordThatFailsWhileTheLoopDrainsIsLeftUncommittedWithoutARewind() throws InterruptedException {
        startLoop(new WorkerLoopSettings(100, Duration.ofMillis(5), Duration.ofSeconds(30)), List.of(p0));
        add(0, valid());
        add(1, valid());
        await().until(() -> handled.size() == 2);
        outputs.get(0L).complete(null);
        onStopping = () -> outputs.get(1L).completeExceptionally(
                new java.util.concurrent.CancellationException("the worker stops before its host's turn"));

        long started = System.nanoTime();
        loop.requestStop();
        thread.join(10_000);
        loop = null;

        assertThat(Duration.ofNanos(System.nanoTime() - started)).as("no wait for the drain time")
                .isLessThan(Duration.ofSeconds(10));
        assertThat(revoked).as("only the stop's own release, no rewind").containsExactly(List.of(p0));
        assertThat(handled).as("not handled again").containsExactly(0L, 1L);
        assertThat(consumer.syncCommits).as("the final commit takes the finished record, not the given-up one")
                .isNotEmpty().allSatisfy(c -> assertThat(c.get(p0).offset()).isEqualTo(1L));
    }

    /**
     * Two workers stopped together: the first leaves, and its partition p1 is handed to this one while it
     * drains. Before, p1 was assigned unpaused; a poll of the drain returned its records and dropped them, and
     * the final commit took the consumer's position past them: those records ended as nothing. Now a
     * partition handed over during the drain is paused and not taken up, and nothing of it is committed, so
     * its next owner starts where its commit says, exactly once as at least once.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aPartitionHandedOverWhileTheLoopDrainsIsNotTakenUpAndNothingOfItIsCommitted(boolean exactlyOnce)
            throws InterruptedException {
        MockProducer<String, byte[]> transactional = new MockProducer<>(true, null, new StringSerializer(),
                new ByteArraySerializer());
        loop = new WorkerLoop<>("test", consumer, List.of(TOPIC), CrawlRequest.class, handler,
                new DeadLetterPublisher(producer, "t.dead-letters"),
                new WorkerLoopSettings(100, Duration.ofMillis(5), Duration.ofSeconds(30)),
                exactlyOnce ? Transactions.exactlyOnce(() -> transactional, 1024) : null);
        consumer.updateBeginningOffsets(Map.of(p0, 0L, p1, 0L));
        consumer.schedulePollTask(() -> consumer.rebalance(List.of(p0)));
        thread = new Thread(loop, "loop");
        thread.start();
        await().until(() -> loop.assignedPartitions() == 1);
        add(0, valid());
        await().until(() -> handled.size() == 1);

        List<java.util.Collection<TopicPartition>> takenUp = new CopyOnWriteArrayList<>();
        onAssigned = takenUp::add;
        onStopping = () -> {
            consumer.schedulePollTask(() -> consumer.rebalance(List.of(p0, p1)));
            consumer.schedulePollTask(() -> {
                for (long offset = 0; offset < 3; offset++) {
                    consumer.addRecord(new ConsumerRecord<>(TOPIC, 1, offset, "h", valid()));
                }
            });
            consumer.schedulePollTask(() -> { }); // a second poll, which would return them too
            consumer.schedulePollTask(() -> outputs.get(0L).complete(null));
        };
        loop.requestStop();
        thread.join(10_000);
        assertThat(thread.isAlive()).isFalse();
        loop = null;

        List<Map<TopicPartition, OffsetAndMetadata>> commits = new java.util.ArrayList<>(consumer.asyncCommits);
        commits.addAll(consumer.syncCommits);
        transactional.consumerGroupOffsetsHistory().forEach(byGroup -> commits.addAll(byGroup.values()));
        assertThat(commits).as("p0's record is committed").anySatisfy(c -> assertThat(c).containsEntry(p0,
                new OffsetAndMetadata(1)));
        assertThat(commits).as("no commit names p1").allSatisfy(c -> assertThat(c).doesNotContainKey(p1));
        assertThat(handled).as("nothing of p1 handled").containsExactly(0L);
        assertThat(takenUp).as("p1 not taken up by the handler").isEmpty();
        assertThat(revoked).as("the handler is told only of what it was given").containsExactly(List.of(p0));
    }

    @Test
    void aStopWithoutDrainTimeStillCommitsWhatFinished() throws InterruptedException {
        // An hour between async commits: after the first, only the final commit can take offset 2.
        startLoop(new WorkerLoopSettings(100, 100, WorkerLoopSettings.DEFAULT_MAX_PENDING_BYTES, Duration.ofMillis(5),
                Duration.ZERO, Duration.ofHours(1)), List.of(p0));
        consumer.wakeupsSurvivePolls = true; // the stop's wakeup comes after the loop's last poll
        add(0, valid());
        add(1, valid());
        await().until(() -> handled.size() == 2);
        outputs.get(0L).complete(null);
        await().until(() -> !consumer.asyncCommits.isEmpty());
        outputs.get(1L).complete(null);

        loop.requestStop();
        thread.join(5000);
        loop = null;

        assertThat(consumer.syncCommits).as("the final commit, despite the stop's wakeup")
                .anySatisfy(c -> assertThat(c.get(p0).offset()).isEqualTo(2L));
    }

    private void add(long offset, byte[] value) {
        add(p0, offset, value);
    }

    private void add(TopicPartition tp, long offset, byte[] value) {
        consumer.schedulePollTask(() -> consumer.addRecord(new ConsumerRecord<>(TOPIC, tp.partition(), offset, "h",
                value)));
    }

    private static byte[] valid() {
        return MessageCodec.get().encode(CrawlRequest.seed("http://h/", Instant.parse("2026-01-01T00:00:00Z")));
    }

    /** Kafka's mock consumer, keeping every commit the loop makes in the order it made them. */
    private static final class RecordingConsumer extends MockConsumer<String, byte[]> {
        final List<Map<TopicPartition, OffsetAndMetadata>> asyncCommits = new CopyOnWriteArrayList<>();
        final List<Map<TopicPartition, OffsetAndMetadata>> syncCommits = new CopyOnWriteArrayList<>();
        private boolean inSync;
        /** As the real consumer: a wakeup not spent by a poll makes the next commitSync throw. */
        private boolean wakeupPending;
        /** Wakeups reach the next commit rather than a poll, as when the stop comes after the last poll. */
        volatile boolean wakeupsSurvivePolls;

        private final Map<TopicPartition, OffsetAndMetadata> stored = new ConcurrentHashMap<>();

        /** Commits {@code offsets} as a partition's earlier owner did, before this loop starts. */
        void earlierOwnerCommitted(Map<TopicPartition, OffsetAndMetadata> offsets) {
            stored.putAll(offsets);
            commitSync(offsets);
        }

        @Override
        public synchronized void wakeup() {
            wakeupPending = true;
            if (!wakeupsSurvivePolls) {
                super.wakeup();
            }
        }

        /** The timeout of the loop's latest poll. */
        volatile Duration lastPollTimeout;

        @Override
        public synchronized org.apache.kafka.clients.consumer.ConsumerRecords<String, byte[]> poll(Duration timeout) {
            lastPollTimeout = timeout;
            if (!wakeupsSurvivePolls) {
                wakeupPending = false;
            }
            return super.poll(timeout);
        }

        /** Sync commits of the loop's thread that fail, as when the group coordinator moves. */
        final java.util.concurrent.atomic.AtomicInteger failingCommits = new java.util.concurrent.atomic.AtomicInteger();
        /** committed() calls of the loop's thread that fail; goes negative once one succeeds after them. */
        final java.util.concurrent.atomic.AtomicInteger failingCommittedCalls =
                new java.util.concurrent.atomic.AtomicInteger();

        @Override
        public synchronized Map<TopicPartition, OffsetAndMetadata> committed(java.util.Set<TopicPartition> tps) {
            if (onLoopThread() && failingCommittedCalls.getAndDecrement() > 0) {
                throw new org.apache.kafka.common.errors.TimeoutException("coordinator not available");
            }
            // As the real consumer: an earlier owner's commit is still there when the partition is assigned
            // (MockConsumer forgets commits at a rebalance).
            Map<TopicPartition, OffsetAndMetadata> out = new java.util.HashMap<>(super.committed(tps));
            stored.forEach((tp, om) -> {
                if (tps.contains(tp)) {
                    out.putIfAbsent(tp, om);
                }
            });
            return out;
        }

        private static boolean onLoopThread() {
            return Thread.currentThread().getName().equals("loop");
        }

        RecordingConsumer() {
            super(AutoOffsetResetStrategy.EARLIEST.name());
        }

        /** Async commits of the loop's thread that fail, as while the group rebalances. */
        final java.util.concurrent.atomic.AtomicInteger failingAsyncCommits =
                new java.util.concurrent.atomic.AtomicInteger();

        @Override
        public synchronized void commitAsync(Map<TopicPartition, OffsetAndMetadata> offsets,
                                             OffsetCommitCallback callback) {
            if (!inSync) {
                asyncCommits.add(Map.copyOf(offsets));
                if (onLoopThread() && failingAsyncCommits.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                    callback.onComplete(offsets, new org.apache.kafka.common.errors.RebalanceInProgressException(
                            "the group is rebalancing"));
                    return;
                }
            }
            super.commitAsync(offsets, callback);
        }

        @Override
        public synchronized void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets) {
            if (wakeupPending) {
                wakeupPending = false;
                throw new org.apache.kafka.common.errors.WakeupException();
            }
            if (onLoopThread() && failingCommits.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                throw new org.apache.kafka.common.errors.RebalanceInProgressException("coordinator moving");
            }
            syncCommits.add(Map.copyOf(offsets));
            inSync = true; // the mock commits synchronously through commitAsync
            try {
                super.commitSync(offsets);
            } finally {
                inSync = false;
            }
        }
    }
}
