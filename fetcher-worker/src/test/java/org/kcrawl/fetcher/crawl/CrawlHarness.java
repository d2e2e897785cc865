package org.kcrawl.fetcher.crawl;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.kafka.ConsumerLag;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.common.topic.TopicProvisioner;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.testkit.kafka.TopicContents;

/**
 * One crawl's topics on a broker, for integration tests and benchmarks: creates them, builds fetcher
 * configurations for them, seeds URLs and reads topics back to their end.
 */
public final class CrawlHarness {
    private final String bootstrapServers;
    private final KafkaClients clients;
    private final CrawlTopics topics;

    /** Creates the topics of crawl {@code crawlName} with {@code partitions} urls partitions. */
    public CrawlHarness(String bootstrapServers, String crawlName, int partitions) {
        this.bootstrapServers = bootstrapServers;
        this.clients = KafkaClients.of(bootstrapServers);
        this.topics = new CrawlTopics(crawlName);
        try (Admin admin = clients.admin()) {
            new TopicProvisioner(admin).ensure(topics, TopicLayout.local(partitions));
        }
    }

    public KafkaClients clients() {
        return clients;
    }

    public CrawlTopics topics() {
        return topics;
    }

    /**
     * A fetcher configuration for this crawl that may fetch loopback addresses, with {@code settings}
     * ({@code rate}, {@code park_tiers}, ...) over the defaults, written as in a YAML file.
     */
    public FetcherConfig config(Map<String, String> settings) {
        Map<String, String> env = new HashMap<>();
        env.put("KCRAWL_FETCHER_CRAWL_NAME", topics.crawlName());
        env.put("KCRAWL_FETCHER_BOOTSTRAP_SERVERS", bootstrapServers);
        env.put("KCRAWL_FETCHER_ALLOW_PRIVATE", "true");
        settings.forEach((k, v) -> env.put(FetcherConfig.ENV_PREFIX + k.toUpperCase(java.util.Locale.ROOT), v));
        return new ConfigBinder().bind(FetcherConfig.class, FetcherConfig.defaults(), null, env,
                FetcherConfig.ENV_PREFIX);
    }

    /** Publishes every URL as a seed keyed by its host and waits for all acknowledgements. */
    public void seed(List<String> urls) {
        Instant now = Instant.now();
        AtomicReference<Exception> failure = new AtomicReference<>();
        AtomicLong acked = new AtomicLong();
        try (KafkaProducer<String, byte[]> producer = orderedProducer(clients, "seeder-" + topics.crawlName())) {
            for (String url : urls) {
                byte[] value = MessageCodec.get().encode(CrawlRequest.seed(url, now));
                producer.send(new ProducerRecord<>(topics.urls(), HostKey.of(url), value), (m, e) -> {
                    if (e != null) {
                        failure.compareAndSet(null, e);
                    } else {
                        acked.incrementAndGet();
                    }
                });
            }
            producer.flush();
        }
        if (failure.get() != null || acked.get() != urls.size()) {
            throw new IllegalStateException("seeding failed: " + acked.get() + " of " + urls.size() + " acknowledged",
                    failure.get());
        }
    }

    /**
     * A producer with one request in flight per connection: seeding right after topic creation may
     * meet partitions whose leader is still settling, and with several batches in flight the
     * idempotent producer can then stall on out-of-order sequence errors until delivery times out.
     */
    public static KafkaProducer<String, byte[]> orderedProducer(KafkaClients clients, String clientId) {
        java.util.Properties p = clients.producerProperties(clientId);
        p.put(org.apache.kafka.clients.producer.ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 1);
        return new KafkaProducer<>(p);
    }

    /** Every record of {@code topic}, read to the end it had when this was called. */
    public List<ConsumerRecord<String, byte[]>> read(String topic) {
        return TopicContents.readAll(clients, topic);
    }

    /** The messages of {@code topic} decoded as {@code type}. */
    public <T> List<T> readAs(String topic, Class<T> type) {
        return TopicContents.decoded(clients, topic, type);
    }

    /**
     * URLs not yet consumed for good: the fetcher group's lag on the urls topic plus the parking
     * group's lag on the parking tiers.
     */
    public long backlog() {
        try (Admin admin = clients.admin()) {
            ConsumerLag lag = new ConsumerLag(admin);
            return lag.of(topics.fetcherGroup(), topics.urls()) + lag.of(topics.parkingGroup(), topics.parkedTopics());
        }
    }
}
