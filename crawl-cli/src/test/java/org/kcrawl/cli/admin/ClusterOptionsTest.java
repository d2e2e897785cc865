package org.kcrawl.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.kafka.KafkaClients;

class ClusterOptionsTest {
    @Test
    void kafkaVariablesReachTheClientsButBootstrapComesFromTheOption() {
        ClusterOptions options = new ClusterOptions();
        options.bootstrap = "kafka-1:9092,kafka-2:9092";
        options.crawlName = "news";
        options.timeoutSeconds = 5;
        options.validate();

        KafkaClients clients = options.clients(Map.of("KAFKA_BOOTSTRAP_SERVERS", "elsewhere:9092",
                "KAFKA_SECURITY_PROTOCOL", "SSL", "PATH", "/usr/bin"));

        assertThat(clients.bootstrapServers()).isEqualTo("kafka-1:9092,kafka-2:9092");
        assertThat(clients.overrides()).containsExactly(Map.entry("security.protocol", "SSL"));
        assertThat(options.topics().urls()).isEqualTo("news.urls");
    }
}
