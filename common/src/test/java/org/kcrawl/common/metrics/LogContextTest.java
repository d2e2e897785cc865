package org.kcrawl.common.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.spi.ILoggingEvent;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.kcrawl.common.testing.CapturedLogs;

class LogContextTest {
    private static final Logger log = LoggerFactory.getLogger(LogContextTest.class);

    @AfterEach
    void clear() {
        MDC.clear();
    }

    @Test
    @SuppressWarnings("try") // the MDC entries are the resource; the body never names it
    void aLineLoggedAboutARecordCarriesItsTopicPartitionAndOffset() {
        try (CapturedLogs logs = CapturedLogs.of(LogContextTest.class)) {
            try (LogContext c = LogContext.of(new ConsumerRecord<>("c.urls", 3, 1234L, "a.example", new byte[0]))) {
                log.warn("about the record");
            }
            log.warn("after");

            ILoggingEvent about = logs.events().get(0);
            assertThat(about.getMDCPropertyMap()).containsExactlyInAnyOrderEntriesOf(Map.of(
                    LogContext.TOPIC, "c.urls", LogContext.PARTITION, "3", LogContext.OFFSET, "1234"));
            assertThat(logs.events().get(1).getMDCPropertyMap()).isEmpty();
        }
    }

    @Test
    @SuppressWarnings("try") // the MDC entries are the resource; the body never names it
    void aUrlContextNamesTheHostAndLeavesOutWhatNoMessageStandsFor() {
        try (LogContext c = LogContext.ofUrl("a.example", "c.urls", 2, 77)) {
            assertThat(MDC.getCopyOfContextMap()).containsExactlyInAnyOrderEntriesOf(Map.of(LogContext.HOST,
                    "a.example", LogContext.TOPIC, "c.urls", LogContext.PARTITION, "2", LogContext.OFFSET, "77"));
        }
        try (LogContext c = LogContext.ofUrl("a.example", null, 2, -1)) {
            assertThat(MDC.getCopyOfContextMap()).containsExactlyInAnyOrderEntriesOf(Map.of(LogContext.HOST,
                    "a.example", LogContext.PARTITION, "2"));
        }
        assertThat(MDC.getCopyOfContextMap()).isNullOrEmpty();
    }

    @Test
    @SuppressWarnings("try") // the MDC entries are the resource; the body never names it
    void closingAnInnerContextPutsTheOuterOneBack() {
        try (LogContext outer = LogContext.ofUrl("a.example", "c.urls", 1, 10)) {
            try (LogContext inner = LogContext.of("c.dead-letters", 4, 20)) {
                assertThat(MDC.get(LogContext.PARTITION)).isEqualTo("4");
                assertThat(MDC.get(LogContext.HOST)).isEqualTo("a.example");
            }
            assertThat(MDC.getCopyOfContextMap()).containsExactlyInAnyOrderEntriesOf(Map.of(LogContext.HOST,
                    "a.example", LogContext.TOPIC, "c.urls", LogContext.PARTITION, "1", LogContext.OFFSET, "10"));
        }
        assertThat(MDC.getCopyOfContextMap()).isNullOrEmpty();
    }

    @Test
    void argumentsAreChecked() {
        assertThatThrownBy(() -> LogContext.of(null)).hasMessageContaining("record");
        assertThatThrownBy(() -> LogContext.of(null, 0, 0)).hasMessageContaining("topic");
        assertThatThrownBy(() -> LogContext.ofUrl(null, "t", 0, 0)).hasMessageContaining("host");
    }
}
