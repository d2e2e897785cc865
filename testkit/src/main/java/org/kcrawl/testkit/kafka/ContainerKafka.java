package org.kcrawl.testkit.kafka;

import java.util.Map;
import org.apache.kafka.common.utils.AppInfoParser;
import org.kcrawl.embedded.kafka.BrokerConfigs;
import org.kcrawl.embedded.kafka.EmbeddedKafkaBroker;
import org.testcontainers.kafka.KafkaContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * A single-node Kafka in Testcontainers' apache/kafka container, tuned like {@link EmbeddedKafkaBroker} so
 * the same tests pass on both. Only loaded when the container mode is chosen, since it links against
 * Testcontainers.
 */
final class ContainerKafka implements AutoCloseable {
    /** The image of the Kafka version the project builds against. */
    static final String IMAGE = "apache/kafka:" + AppInfoParser.getVersion();

    private final KafkaContainer container;

    private ContainerKafka(KafkaContainer container) {
        this.container = container;
    }

    /** Starts the container and returns once Testcontainers reports Kafka ready. */
    static ContainerKafka start() {
        KafkaContainer container = new KafkaContainer(DockerImageName.parse(IMAGE));
        for (Map.Entry<String, String> setting : BrokerConfigs.singleNodeTuning().entrySet()) {
            container.withEnv(BrokerConfigs.containerEnvName(setting.getKey()), setting.getValue());
        }
        container.start();
        return new ContainerKafka(container);
    }

    /** Bootstrap servers as mapped to this host. */
    String bootstrapServers() {
        return container.getBootstrapServers();
    }

    @Override
    public void close() {
        container.stop();
    }
}
