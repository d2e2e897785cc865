package org.kcrawl.fetcher.crawl;

import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.common.topic.TopicProvisioner;
import org.kcrawl.common.message.SeenMarkers;
import org.kcrawl.testkit.kafka.SharedKafka;

/**
 * Rebalances of the fetcher group against a real broker, seen through what they cost: every partition a
 * fetcher is assigned has its seen-set read again (here from the heap store, the whole partition). With
 * cooperative assignment a joining fetcher takes partitions from the first without revoking the ones
 * the first keeps, and with static membership a fetcher restarted under the same id gets its own
 * partitions back without the other fetcher noticing.
 */
class RebalanceIT {
    private static final int PARTITIONS = 6;
    private static final int MARKERS_PER_PARTITION = 100;

    private final String crawl = SharedKafka.uniqueCrawlName("rebalance-it");
    private final KafkaClients clients = KafkaClients.of(SharedKafka.bootstrapServers());
    private final CrawlTopics topics = new CrawlTopics(crawl);

    @Test
    void aJoiningFetcherTakesPartitionsWithoutRevokingTheKeptOnesAndARestartUnderItsIdMovesNothing()
            throws Exception {
        try (Admin admin = clients.admin()) {
            new TopicProvisioner(admin).ensure(topics, TopicLayout.local(PARTITIONS));
        }
        markers();
        long all = (long) PARTITIONS * MARKERS_PER_PARTITION;
        long half = all / 2;

        FetcherWorker first = FetcherWorker.create(config("fetcher-a"), clients, new SimpleMeterRegistry());
        FetcherWorker second = null;
        FetcherWorker restarted = null;
        try {
            first.start();
            await().atMost(Duration.ofSeconds(60)).until(() -> first.seenRecordsRestored() == all);

            second = FetcherWorker.create(config("fetcher-b"), clients, new SimpleMeterRegistry());
            second.start();
            FetcherWorker joined = second;
            await().atMost(Duration.ofSeconds(60)).until(() -> joined.seenRecordsRestored() == half);
            // Eager assignment would have revoked all six from the first and given it three back, which it
            // would have restored again: 900 records.
            await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10))
                    .until(() -> first.seenRecordsRestored() == all);

            second.stop();
            restarted = FetcherWorker.create(config("fetcher-b"), clients, new SimpleMeterRegistry());
            restarted.start();
            FetcherWorker back = restarted;
            await().atMost(Duration.ofSeconds(60)).until(() -> back.seenRecordsRestored() == half);
            // Dynamic membership would have handed the leaver's three partitions to the first (300 more
            // records) and taken them back when it rejoined.
            await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10))
                    .until(() -> first.seenRecordsRestored() == all);
        } finally {
            if (restarted != null) {
                restarted.stop();
            }
            if (second != null) {
                second.stop();
            }
            first.stop();
        }
    }

    private void markers() throws Exception {
        try (KafkaProducer<String, byte[]> producer = clients.producer("markers-" + crawl)) {
            List<Future<?>> acks = new ArrayList<>();
            for (int p = 0; p < PARTITIONS; p++) {
                for (int i = 0; i < MARKERS_PER_PARTITION; i++) {
                    acks.add(producer.send(new ProducerRecord<>(topics.seen(), p,
                            SeenMarkers.key(p * 1_000_000L + i), SeenMarkers.value())));
                }
            }
            for (Future<?> f : acks) {
                f.get();
            }
        }
    }

    private FetcherConfig config(String instanceId) {
        Map<String, String> env = new HashMap<>();
        env.put("KCRAWL_FETCHER_CRAWL_NAME", crawl);
        env.put("KCRAWL_FETCHER_BOOTSTRAP_SERVERS", SharedKafka.bootstrapServers());
        env.put("KCRAWL_FETCHER_ALLOW_PRIVATE", "true");
        env.put("KCRAWL_FETCHER_DRAIN_TIMEOUT", "PT1S");
        env.put("KCRAWL_FETCHER_GROUP_INSTANCE_ID", instanceId);
        return new ConfigBinder().bind(FetcherConfig.class, FetcherConfig.defaults(), null, env,
                FetcherConfig.ENV_PREFIX);
    }
}
