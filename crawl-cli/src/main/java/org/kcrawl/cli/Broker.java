package org.kcrawl.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.kcrawl.common.kafka.KafkaClients;
import java.util.stream.Stream;
import org.kcrawl.embedded.kafka.EmbeddedKafkaBroker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The Kafka a local crawl talks to: an embedded KRaft broker, or a cluster given by --bootstrap. */
final class Broker implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Broker.class);
    /**
     * Client settings for the embedded broker. It shares the machine's cores with the crawl and its
     * log lives on local disk for one run, so compressing every page on the way in (and the broker
     * decompressing it again to validate the batch) costs CPU and saves nothing that matters. Batches
     * are a quarter of the cluster size and each producer's memory half: one local broker answers in a
     * millisecond, and each producer keeps a batch buffer per partition it writes (about twenty) plus a
     * pool of spare ones, which would otherwise hold tens of MiB of the crawl's heap. Retries back off
     * briefly: at start-up the clients wait for the broker's new topics and group coordinator, which a
     * local broker sets up in milliseconds, not the second Kafka's default back-off can grow to; and a
     * transactional producer's first offsets of a transaction wait one back-off for its new connection to the
     * group coordinator, 20 ms of a small crawl's first link hop at the 20 ms this was (the back-off still
     * doubles on each retry, to 200 ms). Producers linger 20 ms, not 5: the broker shares the crawl's cores
     * and spends about half a millisecond on each request whatever its size (a good part of it in its
     * per-request latency histograms), so fewer, fuller produce requests took 10 % off the CPU of the
     * 10,000-page Javadoc crawl, for about 15 ms more per hop of a page through the pipeline. No JMX
     * reporter: each client would register a bean per metric (per node, topic and partition ones included)
     * for a JMX console nobody attaches to a local crawl; the metrics stay in the clients.
     */
    static final Map<String, String> EMBEDDED_CLIENT_TUNING = Map.of(
            ProducerConfig.LINGER_MS_CONFIG, "20",
            ProducerConfig.COMPRESSION_TYPE_CONFIG, "none",
            ProducerConfig.BATCH_SIZE_CONFIG, Integer.toString(64 * 1024),
            ProducerConfig.BUFFER_MEMORY_CONFIG, Integer.toString(16 * 1024 * 1024),
            CommonClientConfigs.RETRY_BACKOFF_MS_CONFIG, "2",
            CommonClientConfigs.RETRY_BACKOFF_MAX_MS_CONFIG, "200",
            CommonClientConfigs.METRIC_REPORTER_CLASSES_CONFIG, "");

    private final EmbeddedKafkaBroker embedded;
    private final Path tempDir;
    private final String bootstrapServers;
    private final Map<String, String> clusterSettings;

    private Broker(EmbeddedKafkaBroker embedded, Path tempDir, String bootstrapServers,
                   Map<String, String> clusterSettings) {
        this.embedded = embedded;
        this.tempDir = tempDir;
        this.bootstrapServers = bootstrapServers;
        this.clusterSettings = Map.copyOf(clusterSettings);
    }

    /**
     * Uses the cluster at {@code bootstrap}, whose clients get {@code clusterSettings} (security, for
     * example) over everything else, or starts an embedded broker in {@code dataDir} (temp when null).
     */
    static Broker open(String bootstrap, Path dataDir, Map<String, String> clusterSettings) {
        if (bootstrap != null) {
            return new Broker(null, null, bootstrap, clusterSettings);
        }
        try {
            Path temp = null;
            Path dir = dataDir;
            if (dir == null) {
                temp = Files.createTempDirectory("kcrawl-kafka-");
                dir = temp;
            } else {
                Files.createDirectories(dir);
            }
            EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(dir);
            return new Broker(broker, temp, broker.bootstrapServers(), Map.of());
        } catch (IOException e) {
            throw new IllegalStateException("cannot create the broker's data directory: " + e.getMessage(), e);
        }
    }

    String bootstrapServers() {
        return bootstrapServers;
    }

    /**
     * Clients for this broker with the caller's {@code settings}, and for the embedded one also
     * {@link #EMBEDDED_CLIENT_TUNING}; a cluster's own settings (the {@code KAFKA_*} variables) win.
     */
    KafkaClients clients(Map<String, String> settings) {
        Map<String, String> all = new HashMap<>(settings);
        if (embedded != null) {
            all.putAll(EMBEDDED_CLIENT_TUNING);
        }
        all.putAll(clusterSettings);
        return new KafkaClients(bootstrapServers, all);
    }

    boolean isEmbedded() {
        return embedded != null;
    }

    @Override
    public void close() {
        if (embedded != null) {
            embedded.close();
        }
        if (tempDir != null) {
            try (Stream<Path> files = Files.walk(tempDir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                log.warn("cannot delete {}: {}", tempDir, e.toString());
            }
        }
    }
}
