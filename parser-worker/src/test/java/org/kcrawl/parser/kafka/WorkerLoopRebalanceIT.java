package org.kcrawl.parser.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetCommitCallback;
import org.apache.kafka.clients.consumer.RangeAssignor;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.kafka.ConsumerLag;
import org.kcrawl.common.kafka.DeadLetterPublisher;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.common.kafka.RecordHandler;
import org.kcrawl.common.kafka.WorkerLoop;
import org.kcrawl.common.kafka.WorkerLoopSettings;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.testkit.kafka.SharedKafka;

/**
 * The worker loop through a rebalance of its group, under both assignment protocols, against a real
 * broker (common cannot use the testkit, which depends on it): when a second member joins, the
 * partitions the loop keeps end with every record committed, with no record arriving after the
 * rebalance to carry a later commit.
 *
 * <p>Under cooperative assignment a member that gives partitions up joins a second time, and until
 * that second rebalance completes its commits fail ({@code RebalanceInProgressException}); the kept
 * partitions are never revoked, so no restart from the committed offset redoes (and then commits) what
 * finished meanwhile, as every eager rebalance did. A commit that failed must therefore be made again:
 * before, the loop counted on a later commit of the same partition, and a partition that went quiet
 * kept its lag for good (BrokerRestartIT: parser lag stuck at 47). The test holds the second rebalance
 * open (the joining member does not poll) until such a commit has failed.
 *
 * <p>The kept partitions are also paused by the per-partition bound when the rebalance starts: a
 * cooperative rebalance keeps their pauses, which the loop must lift itself.
 */
class WorkerLoopRebalanceIT {
    private static final int PARTITIONS = 4;
    private static final int RECORDS_PER_PARTITION = 10;
    /** Below the records of a partition: every partition is paused when the second member joins. */
    private static final int PER_PARTITION_BOUND = 4;

    private final List<AutoCloseable> closing = new ArrayList<>();
    private KafkaClients clients;
    private Admin admin;
    private KafkaProducer<String, byte[]> producer;
    private String topic;

    @BeforeEach
    void createTopic() throws Exception {
        clients = KafkaClients.of(SharedKafka.bootstrapServers());
        admin = clients.admin();
        producer = clients.producer("rebalance-it");
        topic = SharedKafka.uniqueCrawlName("loop-rebalance") + ".in";
        admin.createTopics(List.of(new NewTopic(topic, PARTITIONS, (short) 1))).all().get(30, TimeUnit.SECONDS);
    }

    /** Sends {@code count} records to every partition. */
    private void send(int count) {
        byte[] value = MessageCodec.get().encode(CrawlRequest.seed("http://h.test/", Instant.now()));
        for (int p = 0; p < PARTITIONS; p++) {
            for (int i = 0; i < count; i++) {
                producer.send(new ProducerRecord<>(topic, p, "h.test", value));
            }
        }
        producer.flush();
    }

    @AfterEach
    void closeEverything() throws Exception {
        for (int i = closing.size() - 1; i >= 0; i--) {
            closing.get(i).close();
        }
        producer.close(Duration.ofSeconds(10));
        admin.close(Duration.ofSeconds(10));
    }

    @Test
    void underCooperativeAssignmentAKeptPartitionWhoseCommitFailedDuringTheRebalanceEndsCommitted()
            throws Exception {
        String group = topic + ".cooperative";
        Loop a = startLoop(group, CooperativeStickyAssignor.class.getName());
        Member b = new Member(group, CooperativeStickyAssignor.class.getName());

        b.joinOnce();
        await().alias("the loop gives partitions up").atMost(Duration.ofSeconds(30))
                .until(() -> !a.handler.revoked.isEmpty());
        Set<TopicPartition> kept = a.handler.kept();
        await().alias("a commit of a kept partition's last record fails while the rebalance is held open")
                .atMost(Duration.ofSeconds(30))
                .until(() -> a.consumer.failedCommitOfEnd(kept, RECORDS_PER_PARTITION));

        b.completeRebalance();
        ConsumerLag lag = new ConsumerLag(admin);
        await().alias("every partition committed to its end, the loop's as the other member's")
                .atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100))
                .until(() -> lag.of(group, topic) == 0);
        assertThat(a.handler.handledIn(kept)).as("the kept partitions' records, each handled once, pauses lifted")
                .isEqualTo(kept.size() * RECORDS_PER_PARTITION);
    }

    @Test
    void underEagerAssignmentEveryPartitionEndsCommittedToo() throws Exception {
        String group = topic + ".eager";
        startLoop(group, RangeAssignor.class.getName());
        Member b = new Member(group, RangeAssignor.class.getName());

        b.joinOnce();
        b.completeRebalance();
        ConsumerLag lag = new ConsumerLag(admin);
        await().alias("every partition committed to its end").atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(100)).until(() -> lag.of(group, topic) == 0);
    }

    private Properties properties(String group, String clientId, String assignor) {
        Properties p = clients.consumerProperties(group, clientId, 500);
        p.put(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, assignor);
        return p;
    }

    /**
     * Starts a loop that owns all partitions and holds every record's outputs until it gives one up; once
     * each partition is paused at its bound, the rest of the records follow, behind the pauses.
     */
    private Loop startLoop(String group, String assignor) {
        Properties p = properties(group, group + "-a", assignor);
        // The loop notices the second member's join at its next heartbeat: keep that wait short. The member
        // keeps the default (3 s), so its last poll before it stops ends before it hears of the follow-up.
        p.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, 100);
        FailureNotingConsumer consumer = new FailureNotingConsumer(p);
        HoldingHandler handler = new HoldingHandler();
        WorkerLoop<CrawlRequest> loop = new WorkerLoop<>("a", consumer, List.of(topic), CrawlRequest.class, handler,
                new DeadLetterPublisher(producer, topic + ".dead"),
                new WorkerLoopSettings(1_000, PER_PARTITION_BOUND, WorkerLoopSettings.DEFAULT_MAX_PENDING_BYTES,
                        Duration.ofMillis(50), Duration.ofSeconds(5), Duration.ZERO));
        Thread thread = new Thread(loop, "loop-a");
        thread.setDaemon(true);
        thread.start();
        closing.add(() -> {
            loop.requestStop();
            assertThat(loop.awaitStopped(Duration.ofSeconds(30))).isTrue();
        });
        await().atMost(Duration.ofSeconds(30)).until(() -> loop.assignedPartitions() == PARTITIONS);
        send(PER_PARTITION_BOUND);
        await().alias("every partition paused at its bound").atMost(Duration.ofSeconds(30))
                .until(() -> loop.pausedPartitions() == PARTITIONS && loop.pending() == PARTITIONS * PER_PARTITION_BOUND);
        send(RECORDS_PER_PARTITION - PER_PARTITION_BOUND);
        return new Loop(consumer, handler);
    }

    private record Loop(FailureNotingConsumer consumer, HoldingHandler handler) {}

    /**
     * Holds each record's outputs until the loop gives a partition up; then completes what it holds and
     * every later record at once, as a worker whose outputs the broker acknowledges during the rebalance.
     */
    private static final class HoldingHandler implements RecordHandler<CrawlRequest> {
        final Set<TopicPartition> revoked = ConcurrentHashMap.newKeySet();
        final Set<TopicPartition> assigned = ConcurrentHashMap.newKeySet();
        private final List<CompletableFuture<Void>> held = new CopyOnWriteArrayList<>();
        private final Map<TopicPartition, Set<Long>> handled = new ConcurrentHashMap<>();
        private final AtomicBoolean holding = new AtomicBoolean(true);

        @Override
        public CompletionStage<?> handle(CrawlRequest message, ConsumerRecord<String, byte[]> record, Claim claim) {
            handled.computeIfAbsent(new TopicPartition(record.topic(), record.partition()),
                    k -> ConcurrentHashMap.newKeySet()).add(record.offset());
            if (!holding.get()) {
                return CompletableFuture.completedFuture(null);
            }
            CompletableFuture<Void> done = new CompletableFuture<>();
            held.add(done);
            return done;
        }

        @Override
        public void partitionsAssigned(Collection<TopicPartition> partitions) {
            assigned.addAll(partitions);
        }

        @Override
        public void partitionsRevoked(Collection<TopicPartition> partitions) {
            revoked.addAll(partitions);
            if (!partitions.isEmpty() && holding.compareAndSet(true, false)) {
                held.forEach(f -> f.complete(null));
            }
        }

        Set<TopicPartition> kept() {
            Set<TopicPartition> kept = new HashSet<>(assigned);
            kept.removeAll(revoked);
            return kept;
        }

        long handledIn(Set<TopicPartition> partitions) {
            return partitions.stream().mapToLong(tp -> handled.getOrDefault(tp, Set.of()).size()).sum();
        }
    }

    /** A real consumer that notes the asynchronous commits that failed. */
    private static final class FailureNotingConsumer extends KafkaConsumer<String, byte[]> {
        private final List<Map<TopicPartition, OffsetAndMetadata>> failed = new CopyOnWriteArrayList<>();

        FailureNotingConsumer(Properties properties) {
            super(properties);
        }

        @Override
        public void commitAsync(Map<TopicPartition, OffsetAndMetadata> offsets, OffsetCommitCallback callback) {
            super.commitAsync(offsets, (o, e) -> {
                if (e != null) {
                    failed.add(Map.copyOf(o));
                }
                callback.onComplete(o, e);
            });
        }

        boolean failedCommitOfEnd(Set<TopicPartition> partitions, long end) {
            return failed.stream().anyMatch(o -> partitions.stream()
                    .anyMatch(tp -> o.containsKey(tp) && o.get(tp).offset() == end));
        }
    }

    /**
     * The second member, a plain consumer on its own thread: it joins, then stops polling (which holds
     * a cooperative follow-up rebalance open) until told to go on; from then it consumes what it is given
     * and commits it.
     */
    private final class Member {
        private final CountDownLatch joined = new CountDownLatch(1);
        private final CountDownLatch goOn = new CountDownLatch(1);
        private final AtomicBoolean stop = new AtomicBoolean();
        private final Thread thread;

        Member(String group, String assignor) {
            KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(properties(group, group + "-b", assignor));
            thread = new Thread(() -> run(consumer), "member-b");
            thread.setDaemon(true);
            closing.add(() -> {
                stop.set(true);
                goOn.countDown();
                thread.join(30_000);
            });
        }

        private void run(KafkaConsumer<String, byte[]> consumer) {
            try (consumer) {
                consumer.subscribe(List.of(topic), new ConsumerRebalanceListener() {
                    @Override
                    public void onPartitionsRevoked(Collection<TopicPartition> partitions) {}

                    @Override
                    public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                        joined.countDown();
                    }
                });
                Map<TopicPartition, OffsetAndMetadata> consumed = new HashMap<>();
                while (joined.getCount() > 0 && !stop.get()) {
                    take(consumer.poll(Duration.ofMillis(50)), consumed);
                }
                goOn.await();
                while (!stop.get()) {
                    take(consumer.poll(Duration.ofMillis(50)), consumed);
                    consumed.keySet().retainAll(consumer.assignment());
                    if (!consumed.isEmpty()) {
                        consumer.commitSync(consumed);
                        consumed.clear();
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private static void take(Iterable<ConsumerRecord<String, byte[]>> records,
                                 Map<TopicPartition, OffsetAndMetadata> consumed) {
            for (ConsumerRecord<String, byte[]> r : records) {
                consumed.put(new TopicPartition(r.topic(), r.partition()), new OffsetAndMetadata(r.offset() + 1));
            }
        }

        /** Starts the member and waits until its first rebalance has completed. */
        void joinOnce() throws InterruptedException {
            thread.start();
            assertThat(joined.await(30, TimeUnit.SECONDS)).as("the second member joined").isTrue();
        }

        /** Lets the member poll again: it rejoins, takes its partitions and commits what it reads. */
        void completeRebalance() {
            goOn.countDown();
        }
    }
}
