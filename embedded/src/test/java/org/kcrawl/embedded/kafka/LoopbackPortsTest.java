package org.kcrawl.embedded.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.BindException;
import org.apache.kafka.common.KafkaException;
import org.junit.jupiter.api.Test;

class LoopbackPortsTest {

    private static RuntimeException kafkaBindFailure(int port) {
        // The shape Kafka's socket factory produces when a listener's port is in use.
        return new RuntimeException("broker startup failed", new KafkaException(
                "Socket server failed to bind to 127.0.0.1:" + port + ": Address already in use.",
                new BindException("Address already in use")));
    }

    @Test
    void recognisesABindFailureOnTheNamedPort() {
        assertThat(LoopbackPorts.isBindFailure(kafkaBindFailure(40_000), 40_000)).isTrue();
    }

    @Test
    void tellsWhichPortFailed() {
        assertThat(LoopbackPorts.isBindFailure(kafkaBindFailure(40_000), 4_000)).isFalse();
        assertThat(LoopbackPorts.isBindFailure(kafkaBindFailure(40_000), 40_001)).isFalse();
    }

    @Test
    void otherFailuresAreNotBindFailures() {
        assertThat(LoopbackPorts.isBindFailure(new KafkaException("127.0.0.1:40000: lock held"), 40_000)).isFalse();
        assertThat(LoopbackPorts.isBindFailure(new IllegalStateException(), 40_000)).isFalse();
    }
}
