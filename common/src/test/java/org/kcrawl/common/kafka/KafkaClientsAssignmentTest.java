package org.kcrawl.common.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.RangeAssignor;
import org.junit.jupiter.api.Test;

/** Which assignment the workers' consumer groups use, and who may change it. */
class KafkaClientsAssignmentTest {

    @Test
    void groupsUseCooperativeStickyAssignment() {
        Properties p = KafkaClients.of("127.0.0.1:9092").consumerProperties("g", "c", 10);
        assertThat(p.get(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG))
                .isEqualTo(CooperativeStickyAssignor.class.getName());
    }

    @Test
    void aUsersOverrideWinsForARollingMoveFromEagerAssignment() {
        String both = CooperativeStickyAssignor.class.getName() + "," + RangeAssignor.class.getName();
        Properties p = new KafkaClients("127.0.0.1:9092",
                Map.of(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, both)).consumerProperties("g", "c", 10);
        assertThat(p.get(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG)).isEqualTo(both);
    }

    @Test
    void aConsumerWithoutAGroupGetsNoAssignor() {
        Properties p = KafkaClients.of("127.0.0.1:9092").consumerProperties(null, "c", 10);
        assertThat(p).doesNotContainKey(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG);
    }
}
