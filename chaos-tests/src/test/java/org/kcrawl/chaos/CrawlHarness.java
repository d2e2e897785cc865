package org.kcrawl.chaos;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.kafka.Sends;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.common.topic.TopicProvisioner;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.testkit.kafka.TopicContents;

/**
 * One crawl on one broker as the tests drive it from outside: its topics, its seeds, the configuration
 * files and environment its worker processes start with, and reads of what it produced.
 *
 * <p>Workers get their settings the way a deployment gives them: most from a YAML file, the bootstrap
 * servers from {@code KCRAWL_*_BOOTSTRAP_SERVERS}, Kafka client tuning from {@code KAFKA_*} variables.
 */
final class CrawlHarness implements AutoCloseable {
    /**
     * Kafka client tuning every worker gets. A SIGKILLed member keeps its partitions until its session
     * times out; Kafka's 45 s default would stall a killed worker's hosts for that long, so the test runs
     * with the broker's minimum, as a deployment that expects pods to die should.
     */
    /**
     * The workers' {@code delivery}: their default, exactly once, unless {@code -Dkcrawl.chaos.delivery=at_least_once}
     * asks for a comparison run (then no test asserts that a record never repeats).
     */
    static final String DELIVERY = System.getProperty("kcrawl.chaos.delivery", "exactly_once");

    /** True when the workers deliver exactly once, so a record twice is a failure. */
    static boolean exactlyOnce() {
        return "exactly_once".equals(DELIVERY);
    }

    static final Map<String, String> KAFKA_ENV = Map.of(
            "KAFKA_SESSION_TIMEOUT_MS", "6000",
            "KAFKA_HEARTBEAT_INTERVAL_MS", "1000");
    private static final Duration SEND_TIMEOUT = Duration.ofSeconds(30);

    private final String bootstrapServers;
    private final CrawlTopics topics;
    private final Path dir;
    private final KafkaClients clients;
    private final Admin admin;
    private final AtomicInteger configFiles = new AtomicInteger();
    private int partitions = 1;
    /** Replication of the provisioned topics; 0 while the workers' own default (one copy) applies. */
    private short replication;

    CrawlHarness(String bootstrapServers, String crawlName, Path dir) {
        this.bootstrapServers = bootstrapServers;
        this.topics = new CrawlTopics(crawlName);
        this.dir = dir;
        this.clients = KafkaClients.of(bootstrapServers);
        this.admin = clients.admin();
    }

    CrawlTopics topics() {
        return topics;
    }

    KafkaClients clients() {
        return clients;
    }

    Admin admin() {
        return admin;
    }

    /** Creates the crawl's topics with {@code partitions} partitions each, before any worker starts. */
    void provision(int partitions) {
        this.partitions = partitions;
        new TopicProvisioner(admin).ensure(topics, TopicLayout.local(partitions));
    }

    /**
     * Creates the crawl's topics for a cluster of {@code brokers} ({@link TopicLayout#forCluster}: three
     * copies on three brokers), and has the workers create any topic they find missing alike.
     */
    void provision(int partitions, int brokers) {
        this.partitions = partitions;
        TopicLayout layout = TopicLayout.forCluster(partitions, brokers);
        this.replication = layout.replication();
        new TopicProvisioner(admin).ensure(topics, layout);
    }

    /** Publishes {@code urls} as seeds, keyed by host as the crawl command does, and waits for the acks. */
    void seed(Collection<String> urls) {
        Instant now = Instant.now();
        List<byte[]> values = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        for (String url : urls) {
            keys.add(HostKey.of(url));
            values.add(MessageCodec.get().encode(CrawlRequest.seed(url, now)));
        }
        List<RecordMetadata> ignored = send(topics.urls(), keys, values);
        if (ignored.size() != urls.size()) {
            throw new IllegalStateException("seeded " + ignored.size() + " of " + urls.size());
        }
    }

    /** Sends raw values to {@code topic} (in order, one producer) and returns where each landed. */
    List<RecordMetadata> send(String topic, List<String> keys, List<byte[]> values) {
        if (keys.size() != values.size()) {
            throw new IllegalArgumentException("keys and values must pair up but were " + keys.size() + " and "
                    + values.size());
        }
        try (KafkaProducer<String, byte[]> producer = clients.producer("chaos-harness-" + topics.crawlName())) {
            List<CompletableFuture<RecordMetadata>> sent = new ArrayList<>();
            for (int i = 0; i < keys.size(); i++) {
                sent.add(Sends.send(producer, new ProducerRecord<>(topic, keys.get(i), values.get(i))));
            }
            List<RecordMetadata> out = new ArrayList<>();
            for (CompletableFuture<RecordMetadata> f : sent) {
                out.add(f.get(SEND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS));
            }
            return out;
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot publish to " + topic + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while publishing to " + topic, e);
        }
    }

    /**
     * A fetcher launch: loopback allowed, no depth limit that could bind, generous politeness, a short
     * drain; {@code settings} (snake_case keys) win.
     */
    WorkerLaunch fetcher(Map<String, Object> settings) {
        Map<String, Object> s = new LinkedHashMap<>(fetcherDefaults());
        s.put("delivery", DELIVERY);
        s.putAll(settings);
        return launch(WorkerKind.FETCHER, s);
    }

    private Map<String, Object> fetcherDefaults() {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("crawl_name", topics.crawlName());
        s.put("partitions", partitions);
        s.put("allow_private", true);
        s.put("rate", 50.0);
        s.put("burst", 5);
        s.put("per_host", 4);
        s.put("concurrency", 256);
        s.put("max_depth", 1000);
        s.put("drain_timeout", "PT3S");
        putReplication(s);
        return s;
    }

    /**
     * A render worker launch: the fetcher's defaults (the render worker reads the fetcher's settings, so
     * both are polite alike), then {@code settings}.
     */
    WorkerLaunch renderer(Map<String, Object> settings) {
        Map<String, Object> s = new LinkedHashMap<>(fetcherDefaults());
        s.putAll(settings);
        return launch(WorkerKind.RENDERER, s);
    }

    /** A parser launch: host scope, no depth limit that could bind, one parse thread; {@code settings} win. */
    WorkerLaunch parser(Map<String, Object> settings) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("crawl_name", topics.crawlName());
        s.put("partitions", partitions);
        s.put("scope", "host");
        s.put("max_depth", 1000);
        s.put("threads", 1);
        s.put("delivery", DELIVERY);
        s.put("drain_timeout", "PT5S");
        putReplication(s);
        s.putAll(settings);
        return launch(WorkerKind.PARSER, s);
    }

    private void putReplication(Map<String, Object> settings) {
        if (replication > 0) {
            settings.put("replication", replication);
        }
    }

    /**
     * The parser's {@code seed_sites} entries for {@code urls}: host and port, which is how its host scope
     * tells the synthetic web's hosts apart (they share one non-default port).
     */
    static List<String> siteKeys(List<String> urls) {
        return urls.stream().map(u -> {
            java.net.URI uri = java.net.URI.create(u);
            return uri.getHost() + ":" + uri.getPort();
        }).toList();
    }

    /** Every record of {@code topic} from its beginning to its current end. */
    List<ConsumerRecord<String, byte[]>> readAll(String topic) {
        return TopicContents.readAll(clients, topic);
    }

    /** A drain detector for this crawl. */
    CrawlDrain drain(Duration sustained) {
        return new CrawlDrain(admin, topics, sustained);
    }

    @Override
    public void close() {
        admin.close(Duration.ofSeconds(5));
    }

    private WorkerLaunch launch(WorkerKind kind, Map<String, Object> settings) {
        Path file = dir.resolve(kind.label() + "-" + configFiles.incrementAndGet() + ".yaml");
        try {
            Files.createDirectories(dir);
            new ObjectMapper(new YAMLFactory()).writeValue(file.toFile(), settings);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        Map<String, String> env = new LinkedHashMap<>(KAFKA_ENV);
        env.put(kind.env("bootstrap_servers"), bootstrapServers);
        return new WorkerLaunch(kind, file, env);
    }
}
