package org.kcrawl.testkit.kafka;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.embedded.kafka.EmbeddedKafkaBroker;
import org.kcrawl.embedded.kafka.LoopbackPorts;

class EmbeddedKafkaBrokerIT {
    @TempDir
    static Path sharedDir;
    static EmbeddedKafkaBroker broker;

    @TempDir
    Path dir;

    @BeforeAll
    static void startBroker() {
        broker = EmbeddedKafkaBroker.start(sharedDir);
    }

    @AfterAll
    static void stopBroker() {
        broker.close();
    }

    @Test
    void servesOnLoopbackAndRoundTripsRecordsWithAcksAllAndIdempotence() throws Exception {
        assertThat(broker.bootstrapServers()).isEqualTo("127.0.0.1:" + broker.port());
        createTopic(broker, "roundtrip", 2, Map.of());

        try (KafkaProducer<String, byte[]> producer = clients(broker).producer("it")) {
            for (int i = 0; i < 20; i++) {
                producer.send(new ProducerRecord<>("roundtrip", "k" + i, ("v" + i).getBytes(UTF_8))).get(30, TimeUnit.SECONDS);
            }
        }

        List<ConsumerRecord<String, byte[]>> records = TopicContents.readAll(clients(broker), "roundtrip");
        assertThat(records).hasSize(20);
        assertThat(records).extracting(r -> r.key() + "=" + new String(r.value(), UTF_8)).contains("k0=v0", "k19=v19");
    }

    @Test
    void transactionsCommitAndAbortOnTheOneTransactionCoordinatorShard() throws Exception {
        createTopic(broker, "transactional", 2, Map.of());
        Properties p = clients(broker).producerProperties("it-tx");
        p.put("transactional.id", "it-tx");

        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(p)) {
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>("transactional", "a", "kept".getBytes(UTF_8)));
            producer.commitTransaction();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>("transactional", "b", "aborted".getBytes(UTF_8))).get(30, TimeUnit.SECONDS);
            producer.abortTransaction();
        }

        KafkaClients readCommitted = new KafkaClients(broker.bootstrapServers(), Map.of("isolation.level", "read_committed"));
        assertThat(TopicContents.readAll(readCommitted, "transactional"))
                .extracting(r -> new String(r.value(), UTF_8)).containsExactly("kept");
    }

    @Test
    void restartKeepsPortClusterAndDataAndConnectedClientsCarryOn() throws Exception {
        createTopic(broker, "restart", 1, Map.of());
        String servers = broker.bootstrapServers();
        String clusterId = broker.clusterId();
        try (KafkaProducer<String, byte[]> producer = clients(broker).producer("it-restart")) {
            producer.send(new ProducerRecord<>("restart", "before", new byte[] {1})).get(30, TimeUnit.SECONDS);

            broker.restart();

            assertThat(broker.isRunning()).isTrue();
            assertThat(broker.bootstrapServers()).isEqualTo(servers);
            assertThat(broker.clusterId()).isEqualTo(clusterId);
            // The producer reconnects to the same address by itself; its idempotent session goes on.
            producer.send(new ProducerRecord<>("restart", "after", new byte[] {2})).get(30, TimeUnit.SECONDS);
        }

        assertThat(TopicContents.readAll(KafkaClients.of(servers), "restart")).extracting(ConsumerRecord::key)
                .containsExactly("before", "after");
    }

    @Test
    void stoppedBrokerRefusesConnectionsUntilStartedAgain() throws Exception {
        createTopic(broker, "stopped", 1, Map.of());
        broker.stop();
        broker.stop();

        assertThat(broker.isRunning()).isFalse();
        assertThat(portIsFree(broker.port())).isTrue();

        broker.startAgain();
        assertThat(broker.isRunning()).isTrue();
        try (Admin admin = clients(broker).admin()) {
            assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS)).contains("stopped");
        }
    }

    @Test
    void aNewBrokerOnTheSameDataDirectoryFindsTheOldData() throws Exception {
        String clusterId;
        try (EmbeddedKafkaBroker first = EmbeddedKafkaBroker.start(dir)) {
            clusterId = first.clusterId();
            createTopic(first, "persisted", 1, Map.of());
            try (KafkaProducer<String, byte[]> producer = clients(first).producer("it-persist")) {
                producer.send(new ProducerRecord<>("persisted", "k", "kept".getBytes(UTF_8))).get(30, TimeUnit.SECONDS);
            }
        }

        try (EmbeddedKafkaBroker second = EmbeddedKafkaBroker.start(dir)) {
            assertThat(second.clusterId()).isEqualTo(clusterId);
            assertThat(TopicContents.readAll(clients(second), "persisted"))
                    .extracting(r -> new String(r.value(), UTF_8)).containsExactly("kept");
        }
    }

    @Test
    void compactedTopicsAreCreatedAndCompacted() throws Exception {
        createTopic(broker, "compacted", 1, Map.of(
                TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT,
                TopicConfig.SEGMENT_MS_CONFIG, "100",
                TopicConfig.MIN_CLEANABLE_DIRTY_RATIO_CONFIG, "0.01",
                TopicConfig.DELETE_RETENTION_MS_CONFIG, "100"));
        try (Admin admin = clients(broker).admin()) {
            ConfigResource topic = new ConfigResource(ConfigResource.Type.TOPIC, "compacted");
            String policy = admin.describeConfigs(List.of(topic)).all().get(30, TimeUnit.SECONDS)
                    .get(topic).get(TopicConfig.CLEANUP_POLICY_CONFIG).value();
            assertThat(policy).isEqualTo(TopicConfig.CLEANUP_POLICY_COMPACT);
        }

        try (KafkaProducer<String, byte[]> producer = clients(broker).producer("it-compact")) {
            for (int i = 1; i <= 50; i++) {
                producer.send(new ProducerRecord<>("compacted", "key", ("v" + i).getBytes(UTF_8))).get(30, TimeUnit.SECONDS);
            }
            // Only closed segments are cleaned; each later write rolls the segment once segment.ms has passed.
            Awaitility.await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250)).untilAsserted(() -> {
                producer.send(new ProducerRecord<>("compacted", "filler", new byte[0])).get(30, TimeUnit.SECONDS);
                List<String> values = TopicContents.readAll(clients(broker), "compacted").stream()
                        .filter(r -> r.key().equals("key")).map(r -> new String(r.value(), UTF_8)).toList();
                assertThat(values).containsExactly("v50");
            });
        }
    }

    @Test
    void acceptsARecordOfThePageSizeLimitOnATopicWithoutOverrides() throws Exception {
        createTopic(broker, "large", 1, Map.of());
        byte[] incompressible = new byte[TopicLayout.DEFAULT_MAX_MESSAGE_BYTES - 64 * 1024];
        new Random(7).nextBytes(incompressible);

        try (KafkaProducer<String, byte[]> producer = clients(broker).producer("it-large")) {
            RecordMetadata sent = producer.send(new ProducerRecord<>("large", "big", incompressible)).get(30, TimeUnit.SECONDS);
            assertThat(sent.serializedValueSize()).isEqualTo(incompressible.length);
        }
        assertThat(TopicContents.readAll(clients(broker), "large").get(0).value()).isEqualTo(incompressible);
    }

    @Test
    void autoTopicCreationIsOff() throws Exception {
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(withMaxBlock(clients(broker), 1500))) {
            assertThatThrownBy(() -> producer.send(new ProducerRecord<>("never-created", "k", new byte[0])).get(10, TimeUnit.SECONDS))
                    .hasMessageContaining("never-created");
        }
        try (Admin admin = clients(broker).admin()) {
            assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS)).doesNotContain("never-created");
        }
    }

    @Test
    void listensOnTheRequestedPort() throws IOException {
        int port = LoopbackPorts.free();
        try (EmbeddedKafkaBroker fixed = EmbeddedKafkaBroker.start(dir, port)) {
            assertThat(fixed.bootstrapServers()).isEqualTo("127.0.0.1:" + port);
        }
        assertThat(portIsFree(port)).isTrue();
    }

    @Test
    void aRequestedPortInUseFailsClearly() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            assertThatThrownBy(() -> EmbeddedKafkaBroker.start(dir, taken.getLocalPort()))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("127.0.0.1:" + taken.getLocalPort());
        }
        // The failed attempt released everything: the same directory serves a broker right after.
        try (EmbeddedKafkaBroker next = EmbeddedKafkaBroker.start(dir)) {
            assertThat(next.isRunning()).isTrue();
        }
    }

    @Test
    void closeIsIdempotentAndFinal() {
        EmbeddedKafkaBroker closing = EmbeddedKafkaBroker.start(dir);

        closing.close();
        closing.close();

        assertThat(closing.isRunning()).isFalse();
        assertThatThrownBy(closing::startAgain).isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
    }

    @Test
    void rejectsBadArguments() {
        assertThatThrownBy(() -> EmbeddedKafkaBroker.start(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("dataDir");
        assertThatThrownBy(() -> EmbeddedKafkaBroker.start(dir, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("port");
    }

    private static KafkaClients clients(EmbeddedKafkaBroker b) {
        return KafkaClients.of(b.bootstrapServers());
    }

    private static Properties withMaxBlock(KafkaClients clients, int maxBlockMs) {
        Properties p = clients.producerProperties("it-autocreate");
        p.put("max.block.ms", maxBlockMs);
        return p;
    }

    private static void createTopic(EmbeddedKafkaBroker b, String name, int partitions, Map<String, String> configs)
            throws Exception {
        try (Admin admin = clients(b).admin()) {
            admin.createTopics(List.of(new NewTopic(name, partitions, (short) 1).configs(configs)))
                    .all().get(30, TimeUnit.SECONDS);
        }
    }

    private static boolean portIsFree(int port) {
        try (ServerSocket probe = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
            return probe.getLocalPort() == port;
        } catch (IOException e) {
            return false;
        }
    }
}
