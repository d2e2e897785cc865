package org.kcrawl.fetcher.crawl;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.Producer;
import org.kcrawl.common.kafka.DeadLetterPublisher;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.kafka.OutputPublisher;
import org.kcrawl.common.kafka.StaticMembership;
import org.kcrawl.common.kafka.Transactions;
import org.kcrawl.common.kafka.WorkerLoop;
import org.kcrawl.common.kafka.WorkerLoopSettings;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.runtime.LoopThread;
import org.kcrawl.common.runtime.Resources;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.http.politeness.TimeSource;
import org.slf4j.Logger;

/**
 * The fetcher's second poll loop, on a thread of its own: reads the parking tiers and forwards each parked
 * URL back to the urls topic once its tier's delay has passed ({@link ParkedForwarder}).
 */
final class ParkingLane {
    /** Parked URLs held per tier partition; the rest waits in the topic (their due times only grow). */
    private static final int PARKED_HELD_PER_PARTITION = 256;

    /** The forwards, acknowledged one by one: a forwarded URL twice is a skipped duplicate. */
    private final Producer<String, byte[]> producer;
    final ParkedForwarder forwarder;
    final KafkaConsumer<String, byte[]> consumer;
    final WorkerLoop<CrawlRequest> loop;
    private final LoopThread thread;

    /**
     * The lane of the fetcher that publishes through {@code outputs}, its clients kept in {@code built};
     * {@code stopWorker} runs when the lane's loop fails: without it parked URLs would wait forever, so its
     * failure stops the whole worker visibly.
     */
    ParkingLane(FetcherConfig config, KafkaClients clients, Transactions outputs, String clientId,
                ExecutorService sendExecutor, TimeSource time, ParkingMetrics metrics, Resources built,
                Runnable stopWorker) {
        CrawlTopics topics = config.topics();
        producer = outputs.exactlyOnce() ? built.keep(clients.producer(clientId + "-parking")) : outputs.producer();
        forwarder = new ParkedForwarder(topics, new ParkingTiers(config.parkTiers()),
                new OutputPublisher(producer, topics, sendExecutor), time, metrics);
        // One instance id serves both groups: it must be unique per group only.
        consumer = built.keep(clients.consumer(topics.parkingGroup(), clientId + "-parking", 500,
                StaticMembership.consumerDefaults(FetcherWorker.SMALL_RECORDS, config.groupInstanceId())));
        // Bounded per tier partition only (no total count or byte bound): a long tier's held URLs
        // must never pause a short tier.
        loop = new WorkerLoop<>("fetcher-parking", consumer, topics.parkedTopics(),
                CrawlRequest.class, forwarder, new DeadLetterPublisher(producer, topics.deadLetters()),
                new WorkerLoopSettings(Integer.MAX_VALUE,
                PARKED_HELD_PER_PARTITION, Long.MAX_VALUE, Duration.ofMillis(100), config.drainTimeout(),
                WorkerLoopSettings.DEFAULT_COMMIT_INTERVAL));
        thread = new LoopThread("kcrawl-fetcher-parking-" + config.crawlName(), loop::run, stopWorker);
    }

    void start() {
        thread.start();
    }

    /** Waits up to {@code timeout} for the loop, already asked to stop, to end; says so in {@code log} when not. */
    void awaitStopped(Duration timeout, Logger log) throws InterruptedException {
        if (!loop.awaitStopped(timeout)) {
            log.warn("parking poll loop did not stop in time; closing anyway");
        }
    }

    /** Closes the lane's own producer, when it has one (exactly once; at least once it shares {@code outputs}'). */
    void closeProducer(Transactions outputs) {
        if (producer != outputs.producer()) {
            producer.close(Duration.ofSeconds(30));
        }
    }

    /** Why the lane's loop died, if it did. */
    Optional<Throwable> failure() {
        return thread.failure();
    }
}
