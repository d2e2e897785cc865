package org.kcrawl.parser.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.parser.ParserConfig;

/** What a worker is before it connects (constructing one opens no connection). */
class ParserWorkerTest {
    private static ParserWorker worker() {
        ParserConfig config = ParserConfig.defaults().withKafka("shop", "127.0.0.1:9");
        return new ParserWorker(config, KafkaClients.of("127.0.0.1:9"), new SimpleMeterRegistry());
    }

    /** A per-JVM counter would give the first worker of every process the same id. */
    @Test
    void clientIdsTellProcessesApartWithARandomSuffix() {
        String first = worker().clientId();
        String second = worker().clientId();

        assertThat(first).matches("kcrawl-parser-shop-[0-9a-f]{8}");
        assertThat(second).matches("kcrawl-parser-shop-[0-9a-f]{8}").isNotEqualTo(first);
        assertThat(ParserWorker.newClientId("shop")).matches("kcrawl-parser-shop-[0-9a-f]{8}");
    }

    @Test
    void countsNoDeadLettersBeforeItStarts() {
        assertThat(worker().deadLettered()).isZero();
    }
}
