package org.kcrawl.parser.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetCommitCallback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.kafka.ConsumerLag;
import org.kcrawl.common.kafka.DeadLetterPublisher;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.kafka.RecordHandler;
import org.kcrawl.common.kafka.WorkerLoop;
import org.kcrawl.common.kafka.WorkerLoopSettings;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.testkit.kafka.SharedKafka;

/**
 * The worker loop's commit interval against a real broker (common cannot use the testkit, which
 * depends on it): while records keep arriving, asynchronous commits are spaced by the interval; once
 * the work ends, the next polls commit the rest without any revoke or stop, so a group's lag reaches 0
 * (what the crawl command's drain detection waits for).
 */
class WorkerLoopCommitsIT {
    private static final int RECORDS = 150;
    private static final Duration SPACING = Duration.ofMillis(10);
    private static final Duration INTERVAL = WorkerLoopSettings.DEFAULT_COMMIT_INTERVAL;

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final List<WorkerLoop<CrawlRequest>> loops = new ArrayList<>();
    private KafkaClients clients;
    private Admin admin;
    private KafkaProducer<String, byte[]> producer;
    private String topic;

    @BeforeEach
    void createTopic() throws Exception {
        clients = KafkaClients.of(SharedKafka.bootstrapServers());
        admin = clients.admin();
        producer = clients.producer("commits-it");
        topic = SharedKafka.uniqueCrawlName("commits-it") + ".in";
        admin.createTopics(List.of(new NewTopic(topic, 2, (short) 1))).all().get(30, TimeUnit.SECONDS);
    }

    @AfterEach
    void stopEverything() throws InterruptedException {
        timer.shutdownNow();
        for (WorkerLoop<CrawlRequest> loop : loops) {
            loop.requestStop();
            assertThat(loop.awaitStopped(Duration.ofSeconds(30))).isTrue();
        }
        producer.close(Duration.ofSeconds(10));
        admin.close(Duration.ofSeconds(10));
    }

    @Test
    void commitsAreSpacedByTheIntervalWhileWorkArrivesAndTheRestFollowsWhenItEnds() {
        Run run = crawl("spaced", INTERVAL);

        List<Long> asyncTimes = run.consumer.asyncCommitNanos;
        assertThat(asyncTimes).as("the run lasts long enough to commit several times").hasSizeGreaterThanOrEqualTo(3);
        for (int i = 1; i < asyncTimes.size(); i++) {
            // A little slack: these readings are taken just after the loop's own.
            assertThat(Duration.ofNanos(asyncTimes.get(i) - asyncTimes.get(i - 1)))
                    .as("gap before async commit %d", i).isGreaterThanOrEqualTo(INTERVAL.minusMillis(10));
        }
        assertThat(run.consumer.syncCommits).as("nothing was revoked or rewound: only async commits").hasValue(0);
        assertThat(asyncTimes.get(asyncTimes.size() - 1)).as("the last commit follows the last record")
                .isGreaterThan(run.lastHandledNanos);
    }

    @Test
    void withoutAnIntervalTheSameWorkCommitsOnEveryPollThatHasSomethingToCommit() {
        Run run = crawl("unspaced", Duration.ZERO);
        long spacedAtMost = run.elapsed.toMillis() / INTERVAL.toMillis() + 2;
        assertThat(run.consumer.asyncCommitNanos.size())
                .as("this workload tells the two apart: far more commits than the interval allows")
                .isGreaterThan(2 * (int) spacedAtMost);
    }

    /** Feeds {@link #RECORDS} records, one per {@link #SPACING}, to a loop and waits until its group has lag 0. */
    private Run crawl(String name, Duration interval) {
        String group = topic + "." + name;
        CountingConsumer consumer = new CountingConsumer(clients.consumerProperties(group, group, 500));
        AtomicInteger handled = new AtomicInteger();
        AtomicLong lastHandled = new AtomicLong();
        RecordHandler<CrawlRequest> handler = (message, record, claim) -> {
            handled.incrementAndGet();
            lastHandled.set(System.nanoTime());
            return CompletableFuture.completedFuture(null);
        };
        WorkerLoop<CrawlRequest> loop = new WorkerLoop<>(name, consumer, List.of(topic), CrawlRequest.class, handler,
                new DeadLetterPublisher(producer, topic + ".dead"),
                new WorkerLoopSettings(1_000, 1_000, WorkerLoopSettings.DEFAULT_MAX_PENDING_BYTES,
                        Duration.ofMillis(100), Duration.ofSeconds(5), interval));
        loops.add(loop);
        Thread thread = new Thread(loop, "commits-it-" + name);
        thread.setDaemon(true);
        thread.start();
        await().atMost(Duration.ofSeconds(30)).until(() -> loop.assignedPartitions() == 2);

        byte[] value = MessageCodec.get().encode(CrawlRequest.seed("http://h.test/", Instant.now()));
        AtomicInteger sent = new AtomicInteger();
        long start = System.nanoTime();
        timer.scheduleAtFixedRate(() -> {
            int i = sent.getAndIncrement();
            if (i < RECORDS) {
                producer.send(new ProducerRecord<>(topic, i % 2, "h.test", value));
            }
        }, 0, SPACING.toMillis(), TimeUnit.MILLISECONDS);
        await().atMost(Duration.ofSeconds(30)).until(() -> handled.get() == RECORDS);
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);

        ConsumerLag lag = new ConsumerLag(admin);
        // The loop keeps running: only its idle polls can commit what the last records completed.
        await().alias("lag 0 without a stop").atMost(INTERVAL.plusSeconds(2)).pollInterval(Duration.ofMillis(50))
                .until(() -> lag.of(group, topic) == 0);
        return new Run(consumer, elapsed, lastHandled.get());
    }

    private record Run(CountingConsumer consumer, Duration elapsed, long lastHandledNanos) {}

    /** A real consumer that notes when the loop commits, asynchronously or not. */
    private static final class CountingConsumer extends KafkaConsumer<String, byte[]> {
        final List<Long> asyncCommitNanos = new CopyOnWriteArrayList<>();
        final AtomicInteger syncCommits = new AtomicInteger();

        CountingConsumer(Properties properties) {
            super(properties);
        }

        @Override
        public void commitAsync(Map<TopicPartition, OffsetAndMetadata> offsets, OffsetCommitCallback callback) {
            asyncCommitNanos.add(System.nanoTime());
            super.commitAsync(offsets, callback);
        }

        @Override
        public void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets) {
            syncCommits.incrementAndGet();
            super.commitSync(offsets);
        }
    }
}
