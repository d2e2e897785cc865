package org.kcrawl.embedded.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import kafka.server.KafkaConfig;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.topic.TopicLayout;

class BrokerConfigsTest {
    private static final Path LOG_DIR = Path.of("/tmp/kcrawl-test-logs");

    @Test
    void everyKeyIsAKafkaBrokerSetting() {
        // Kafka only warns about unknown keys, so a misspelt one would silently fall back to the default.
        Set<String> known = KafkaConfig.configDef().names();

        // Except the JMX reporters' own filter, which they read from the broker's properties.
        assertThat(BrokerConfigs.embedded(LOG_DIR, 19092, 19093).keySet())
                .filteredOn(k -> !known.contains(k)).containsExactly("metrics.jmx.exclude");
    }

    @Test
    void theEmbeddedNodeKeepsItsMetricsOutOfJmx() {
        Map<String, String> c = BrokerConfigs.embedded(LOG_DIR, 19092, 19093);

        assertThat(c).containsEntry("metric.reporters", "").containsEntry("metrics.jmx.exclude", ".*");
        assertThat(BrokerConfigs.singleNodeTuning()).doesNotContainKeys("metric.reporters", "metrics.jmx.exclude");
    }

    @Test
    void kafkaAcceptsTheEmbeddedConfiguration() {
        Properties props = new Properties();
        props.putAll(BrokerConfigs.embedded(LOG_DIR, 19092, 19093));

        KafkaConfig config = KafkaConfig.fromProps(props, false);

        assertThat(config.nodeId()).isEqualTo(1);
        assertThat((int) config.messageMaxBytes()).isGreaterThan(TopicLayout.DEFAULT_MAX_MESSAGE_BYTES);
        assertThat(config.autoCreateTopicsEnable()).isFalse();
        assertThat(config.logDirs()).containsExactly(LOG_DIR.toAbsolutePath().toString());
    }

    @Test
    void listensOnLoopbackOnly() {
        Map<String, String> c = BrokerConfigs.embedded(LOG_DIR, 19092, 19093);

        assertThat(c.get("listeners")).isEqualTo("PLAINTEXT://127.0.0.1:19092,CONTROLLER://127.0.0.1:19093");
        assertThat(c.get("advertised.listeners")).isEqualTo("PLAINTEXT://127.0.0.1:19092");
        assertThat(c.get("controller.quorum.voters")).isEqualTo("1@127.0.0.1:19093");
    }

    @Test
    void saslPutsTheClientListenerOnPlainWithEveryUserAndOptionallyAcls() {
        SaslPlain sasl = new SaslPlain(Map.of("fetcher", "f-secret", "parser", "p-secret"), true);
        Map<String, String> c = BrokerConfigs.embedded(LOG_DIR, 19092, 19093, sasl);

        assertThat(c.get("listeners")).isEqualTo("SASL_PLAINTEXT://127.0.0.1:19092,CONTROLLER://127.0.0.1:19093");
        assertThat(c.get("advertised.listeners")).isEqualTo("SASL_PLAINTEXT://127.0.0.1:19092");
        String jaas = c.get("listener.name.sasl_plaintext.plain.sasl.jaas.config");
        assertThat(jaas).contains("username=\"admin\"", "user_admin=\"admin-secret\"", "user_fetcher=\"f-secret\"",
                "user_parser=\"p-secret\"");
        assertThat(c.get("super.users")).isEqualTo("User:admin;User:ANONYMOUS");
        Set<String> known = KafkaConfig.configDef().names();
        // The listener's JAAS line is a per-listener key, the authorizer reads its own two, the JMX reporters one.
        c.keySet().stream().filter(k -> !k.startsWith("listener.name.") && !k.equals("super.users")
                        && !k.equals("allow.everyone.if.no.acl.found") && !k.equals("metrics.jmx.exclude"))
                .forEach(k -> assertThat(known).as(k).contains(k));
        Properties props = new Properties();
        props.putAll(c);
        assertThat(KafkaConfig.fromProps(props, false).interBrokerListenerName().value()).isEqualTo("SASL_PLAINTEXT");

        assertThat(BrokerConfigs.embedded(LOG_DIR, 19092, 19093, new SaslPlain(Map.of(), false)))
                .doesNotContainKey("authorizer.class.name");
        assertThat(sasl.clientSettings("fetcher")).containsEntry("security.protocol", "SASL_PLAINTEXT")
                .containsEntry("sasl.mechanism", "PLAIN");
        assertThatThrownBy(() -> new SaslPlain(Map.of("admin", "x"), false)).hasMessageContaining("admin");
        assertThatThrownBy(() -> new SaslPlain(Map.of("u", "a\"b"), false)).hasMessageContaining("password");
    }

    @Test
    void singleNodeTuningMakesOneNodeAWholeCluster() {
        Map<String, String> c = BrokerConfigs.singleNodeTuning();

        assertThat(c).containsEntry("offsets.topic.replication.factor", "1")
                .containsEntry("transaction.state.log.replication.factor", "1")
                .containsEntry("transaction.state.log.min.isr", "1")
                .containsEntry("min.insync.replicas", "1")
                .containsEntry("group.initial.rebalance.delay.ms", "0")
                .containsEntry("auto.create.topics.enable", "false")
                .containsEntry("num.partitions", "1")
                .containsEntry("log.cleaner.enable", "true")
                .containsEntry("offsets.topic.num.partitions", "1")
                .containsEntry("transaction.state.log.num.partitions", "1")
                .containsEntry("share.coordinator.state.topic.num.partitions", "1");
        // The record batch around a maximal page needs room beyond the topic's own limit.
        assertThat(Integer.parseInt(c.get("message.max.bytes")))
                .isGreaterThanOrEqualTo(TopicLayout.DEFAULT_MAX_MESSAGE_BYTES + 64 * 1024);
    }

    @Test
    void rejectsBadPorts() {
        assertThatThrownBy(() -> BrokerConfigs.embedded(LOG_DIR, 0, 19093))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("brokerPort");
        assertThatThrownBy(() -> BrokerConfigs.embedded(LOG_DIR, 19092, 70_000))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("controllerPort");
        assertThatThrownBy(() -> BrokerConfigs.embedded(LOG_DIR, 19092, 19092))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must differ");
    }

    @Test
    void containerEnvNamesFollowTheApacheKafkaImageConvention() {
        assertThat(BrokerConfigs.containerEnvName("message.max.bytes")).isEqualTo("KAFKA_MESSAGE_MAX_BYTES");
        assertThat(BrokerConfigs.containerEnvName("log.cleaner.dedupe.buffer.size"))
                .isEqualTo("KAFKA_LOG_CLEANER_DEDUPE_BUFFER_SIZE");
        assertThat(BrokerConfigs.containerEnvName("a_b-c.d")).isEqualTo("KAFKA_A__B___C_D");
        assertThatThrownBy(() -> BrokerConfigs.containerEnvName(" "))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("key");
    }
    @Test
    void aClusterNodeKeepsTheSharedTuningWithThreeCopiesOfWhichTwoMustAck() {
        String voters = BrokerConfigs.quorumVoters(Map.of(2, 19193, 1, 19093, 3, 19293));
        Map<String, String> c = BrokerConfigs.clusterNode(2, LOG_DIR, 19192, 19193, voters, 3, 2);

        assertThat(voters).isEqualTo("1@127.0.0.1:19093,2@127.0.0.1:19193,3@127.0.0.1:19293");
        // Every key is a broker setting, but the Yammer metrics' JMX filter, which the broker reads outside its
        // config definition (see BrokerConfigs.NO_JMX).
        Set<String> known = new HashSet<>(KafkaConfig.configDef().names());
        known.add("metrics.jmx.exclude");
        assertThat(c.keySet()).isSubsetOf(known);
        assertThat(c.get("listeners")).isEqualTo("PLAINTEXT://127.0.0.1:19192,CONTROLLER://127.0.0.1:19193");
        assertThat(c).containsEntry("node.id", "2").containsEntry("controller.quorum.voters", voters)
                .containsEntry("default.replication.factor", "3").containsEntry("min.insync.replicas", "2")
                .containsEntry("offsets.topic.replication.factor", "3")
                .containsEntry("transaction.state.log.replication.factor", "3")
                .containsEntry("transaction.state.log.min.isr", "2")
                .containsEntry("message.max.bytes", BrokerConfigs.singleNodeTuning().get("message.max.bytes"));
        Properties props = new Properties();
        props.putAll(c);
        assertThat(KafkaConfig.fromProps(props, false).nodeId()).isEqualTo(2);
    }

    @Test
    void aClusterNodeMustBeAVoterAndMinIsrWithinTheReplication() {
        assertThatThrownBy(() -> BrokerConfigs.clusterNode(4, LOG_DIR, 19192, 19193, "1@127.0.0.1:19093", 3, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("quorumVoters");
        assertThatThrownBy(() -> BrokerConfigs.clusterTuning(3, 4))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("minInsyncReplicas");
    }
}
