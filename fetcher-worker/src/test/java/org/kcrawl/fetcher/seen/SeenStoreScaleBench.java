package org.kcrawl.fetcher.seen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.message.SeenMarkers;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.common.topic.TopicProvisioner;
import org.kcrawl.testkit.kafka.SharedKafka;

/**
 * The seen-store at scale (not in the default run: neither a {@code *Test} nor an {@code *IT}, and behind
 * {@code -Dkcrawl.scale=true}): {@value #MARKERS} markers in one seen partition of the embedded broker,
 * restored by child JVMs into the heap store and into RocksDB from scratch, then into RocksDB from its
 * checkpoint with a tail of {@value #TAIL}; each child prints its memory, restore time and lookup cost.
 *
 * <pre>
 * ./mvnw -o -B -pl fetcher-worker -am test -Dtest=SeenStoreScaleBench -Dkcrawl.scale=true \
 *     -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
@EnabledIfSystemProperty(named = "kcrawl.scale", matches = "true")
class SeenStoreScaleBench {
    static final long MARKERS = Long.getLong("kcrawl.scale.markers", 20_000_000L);
    static final long TAIL = 100_000;

    @TempDir
    Path dir;

    @Test
    void twentyMillionFingerprints() throws Exception {
        String bootstrap = SharedKafka.bootstrapServers();
        KafkaClients clients = KafkaClients.of(bootstrap);
        CrawlTopics topics = new CrawlTopics(SharedKafka.uniqueCrawlName("seen-scale"));
        try (Admin admin = clients.admin()) {
            new TopicProvisioner(admin).ensure(topics, TopicLayout.local(1));
        }
        long t0 = System.nanoTime();
        produce(clients, topics.seen(), 0, MARKERS);
        System.out.printf("BENCH produced %d markers in %d ms%n", MARKERS, (System.nanoTime() - t0) / 1_000_000);

        String heap = child(bootstrap, topics.seen(), "memory", "-Xmx2g");
        String scratch = child(bootstrap, topics.seen(), "rocksdb", "-Xmx256m");
        produce(clients, topics.seen(), MARKERS, MARKERS + TAIL);
        String checkpoint = child(bootstrap, topics.seen(), "rocksdb", "-Xmx256m");

        assertThat(heap).contains("records_read=" + MARKERS + " ");
        assertThat(scratch).contains("records_read=" + MARKERS + " ");
        assertThat(checkpoint).as("only the tail past the checkpoint").contains("records_read=" + TAIL + " ");
    }

    private static void produce(KafkaClients clients, String topic, long from, long to) throws Exception {
        AtomicReference<Exception> failed = new AtomicReference<>();
        try (KafkaProducer<String, byte[]> producer = clients.producer("seen-scale")) {
            for (long i = from; i < to; i++) {
                producer.send(new ProducerRecord<>(topic, 0, SeenMarkers.key(SeenStoreBenchChild.fingerprint(i)),
                        SeenMarkers.value()), (m, e) -> {
                            if (e != null) {
                                failed.compareAndSet(null, e);
                            }
                        });
            }
            producer.flush();
        }
        if (failed.get() != null) {
            throw failed.get();
        }
    }

    private String child(String bootstrap, String topic, String store, String heap) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                heap, "-cp", System.getProperty("java.class.path"), SeenStoreBenchChild.class.getName(),
                bootstrap, topic, store, dir.resolve("store").toString(), Long.toString(MARKERS)));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String line = null;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String l = out.readLine(); l != null; l = out.readLine()) {
                if (l.startsWith("BENCH")) {
                    line = l;
                    System.out.println(l);
                }
            }
        }
        assertThat(p.waitFor()).as("the %s child exits cleanly", store).isZero();
        assertThat(line).as("the %s child reports", store).isNotNull();
        return line;
    }
}
