package org.kcrawl.common.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.internals.AutoOffsetResetStrategy;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.metrics.LogContext;
import org.kcrawl.common.testing.CapturedLogs;

/** The loop's and the dead-letter publisher's warnings and errors about a record name it in the MDC. */
class WorkerLoopLogContextTest {
    private static final String TOPIC = "t.urls";
    private final TopicPartition p2 = new TopicPartition(TOPIC, 2);
    private final MockConsumer<String, byte[]> consumer = new MockConsumer<>(AutoOffsetResetStrategy.EARLIEST.name());
    private final MockProducer<String, byte[]> producer =
            new MockProducer<>(true, null, new StringSerializer(), new ByteArraySerializer());
    private final CapturedLogs loopLogs = CapturedLogs.of(WorkerLoop.class);
    private final CapturedLogs deadLetterLogs = CapturedLogs.of(DeadLetterPublisher.class);
    private WorkerLoop<CrawlRequest> loop;
    private Thread thread;

    @AfterEach
    void stop() throws InterruptedException {
        if (loop != null) {
            loop.requestStop();
            thread.join(5000);
        }
        loopLogs.close();
        deadLetterLogs.close();
    }

    @Test
    void aHandlerFailureAndItsDeadLetterAreLoggedWithTheRecordsTopicPartitionAndOffset() {
        start((message, record, claim) -> {
            throw new IllegalStateException("bug on " + record.offset());
        });
        add(41);

        await().until(() -> loop.deadLettered() == 1 && !deadLetterLogs.events().isEmpty());

        Map<String, String> expected = Map.of(LogContext.TOPIC, TOPIC, LogContext.PARTITION, "2",
                LogContext.OFFSET, "41");
        assertThat(only(loopLogs, Level.ERROR).getMDCPropertyMap()).containsAllEntriesOf(expected);
        assertThat(only(deadLetterLogs, Level.WARN).getMDCPropertyMap()).containsAllEntriesOf(expected);
    }

    @Test
    void aFailedOutputIsLoggedWithTheRecordsTopicPartitionAndOffset() {
        start((message, record, claim) -> CompletableFuture.failedFuture(new IllegalStateException("broker said no")));
        add(7);

        await().until(() -> loopLogs.events().stream().anyMatch(e -> e.getLevel() == Level.WARN));

        assertThat(only(loopLogs, Level.WARN).getMDCPropertyMap()).containsAllEntriesOf(Map.of(
                LogContext.TOPIC, TOPIC, LogContext.PARTITION, "2", LogContext.OFFSET, "7"));
    }

    private static ILoggingEvent only(CapturedLogs logs, Level level) {
        List<ILoggingEvent> matching = logs.events().stream().filter(e -> e.getLevel() == level).toList();
        assertThat(matching).hasSize(1);
        return matching.get(0);
    }

    private void start(RecordHandler<CrawlRequest> handler) {
        loop = new WorkerLoop<>("test", consumer, List.of(TOPIC), CrawlRequest.class, handler,
                new DeadLetterPublisher(producer, "t.dead-letters"),
                new WorkerLoopSettings(100, Duration.ofMillis(5), Duration.ofSeconds(1)));
        consumer.updateBeginningOffsets(Map.of(p2, 0L));
        consumer.schedulePollTask(() -> consumer.rebalance(List.of(p2)));
        thread = new Thread(loop, "loop");
        thread.start();
        await().until(() -> loop.assignedPartitions() == 1);
    }

    private void add(long offset) {
        byte[] value = MessageCodec.get().encode(CrawlRequest.seed("http://h/", Instant.parse("2026-01-01T00:00:00Z")));
        consumer.schedulePollTask(() -> consumer.addRecord(new ConsumerRecord<>(TOPIC, 2, offset, "h", value)));
    }
}
