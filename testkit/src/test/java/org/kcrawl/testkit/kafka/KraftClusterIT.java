package org.kcrawl.testkit.kafka;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.kafka.KafkaClients;

class KraftClusterIT {
    private static final String TOPIC = "replicated";
    private static final String OFFSETS = "__consumer_offsets";
    private static final Duration CALL = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void servesAcksAllWritesWithAKilledNodeAndTheRestartedNodeCatchesUp() throws Exception {
        try (KraftCluster cluster = KraftCluster.start(dir)) {
            KafkaClients clients = KafkaClients.of(cluster.bootstrapServers());
            try (Admin admin = clients.admin()) {
                Collection<Node> nodes = admin.describeCluster().nodes().get(30, TimeUnit.SECONDS);
                assertThat(nodes).extracting(Node::id).containsExactlyInAnyOrder(1, 2, 3);
                assertThat(nodes).extracting(Node::host).containsOnly("127.0.0.1");
                // No replication factor given: the broker's default, three copies, two of which must ack.
                admin.createTopics(List.of(new NewTopic(TOPIC, java.util.Optional.of(3), java.util.Optional.empty())))
                        .all().get(30, TimeUnit.SECONDS);
                assertThat(describe(admin, TOPIC).get(TOPIC).partitions())
                        .allSatisfy(p -> assertThat(p.replicas()).hasSize(3));
                assertThat(topicConfig(admin, TOPIC, "min.insync.replicas")).isEqualTo("2");
                // A committed offset creates the offsets topic, an internal topic that must be replicated alike.
                admin.alterConsumerGroupOffsets("kraft-cluster-it", Map.of(new TopicPartition(TOPIC, 0),
                        new OffsetAndMetadata(0))).all().get(60, TimeUnit.SECONDS);
                assertThat(describe(admin, OFFSETS).get(OFFSETS).partitions())
                        .allSatisfy(p -> assertThat(p.replicas()).hasSize(3));

                produce(clients, "before", 30);
                int victim = leaderOfPartitionZero(admin);
                cluster.kill(victim);
                assertThat(cluster.isRunning(victim)).isFalse();

                // Two of three replicas are enough for acks=all; the killed node's leaderships move.
                produce(clients, "during", 30);
                assertThat(values(clients)).hasSize(60);

                cluster.restart(victim);
                cluster.awaitInSync(victim, Duration.ofSeconds(90));
                produce(clients, "after", 30);
                assertThat(values(clients)).hasSize(90).contains("before-0", "during-29", "after-29");
                assertThat(describe(admin, TOPIC, OFFSETS).values()).allSatisfy(t -> assertThat(t.partitions())
                        .allSatisfy(p -> assertThat(p.isr()).hasSize(3)));
            }
        }
    }

    private static void produce(KafkaClients clients, String prefix, int count) throws Exception {
        try (KafkaProducer<String, byte[]> producer = clients.producer("kraft-cluster-it-" + prefix)) {
            for (int i = 0; i < count; i++) {
                producer.send(new ProducerRecord<>(TOPIC, "k" + i, (prefix + "-" + i).getBytes(UTF_8)))
                        .get(CALL.toSeconds(), TimeUnit.SECONDS);
            }
        }
    }

    /** Every value on the topic now. */
    private static List<String> values(KafkaClients clients) {
        return TopicContents.readAll(clients, TOPIC).stream().map(ConsumerRecord::value)
                .map(v -> new String(v, UTF_8)).toList();
    }

    private static int leaderOfPartitionZero(Admin admin) throws Exception {
        return describe(admin, TOPIC).get(TOPIC).partitions().get(0).leader().id();
    }

    private static Map<String, TopicDescription> describe(Admin admin, String... topics) throws Exception {
        return untilKnown(() -> admin.describeTopics(List.of(topics)).allTopicNames()
                .get(CALL.toSeconds(), TimeUnit.SECONDS));
    }

    /**
     * {@code call}'s answer. A topic just created (or the offsets topic a coordinator just made) reaches each
     * node's metadata a little after the controller has answered, so the node asked may not know it yet: it
     * says so with UnknownTopicOrPartitionException, and asking again a moment later is right.
     */
    private static <T> T untilKnown(Callable<T> call) throws Exception {
        long deadline = System.nanoTime() + CALL.toNanos();
        while (true) {
            try {
                return call.call();
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException) || System.nanoTime() - deadline > 0) {
                    throw e;
                }
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
    }

    private static String topicConfig(Admin admin, String topic, String key) throws Exception {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        Map<ConfigResource, org.apache.kafka.clients.admin.Config> configs = untilKnown(() -> admin
                .describeConfigs(List.of(resource)).all().get(CALL.toSeconds(), TimeUnit.SECONDS));
        return configs.get(resource).get(key).value();
    }
}
