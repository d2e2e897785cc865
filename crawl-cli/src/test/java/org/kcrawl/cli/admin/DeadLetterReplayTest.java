package org.kcrawl.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.kafka.DeadLetterPublisher;
import org.kcrawl.common.topic.CrawlTopics;

/** A replay stops at the end the topic had when it started, and marks nothing after it replayed. */
class DeadLetterReplayTest {
    private final CrawlTopics topics = new CrawlTopics("news");
    private final TopicPartition dlq = new TopicPartition(topics.deadLetters(), 0);
    private final MockConsumer<String, byte[]> consumer = new MockConsumer<>("earliest");
    private final MockProducer<String, byte[]> producer =
            new MockProducer<>(true, null, new StringSerializer(), new ByteArraySerializer());

    @Test
    void aDeadLetterWrittenAfterTheStartIsNeitherReplayedNorMarked() {
        consumer.updateBeginningOffsets(Map.of(dlq, 0L));
        consumer.updateEndOffsets(Map.of(dlq, 2L));
        consumer.schedulePollTask(() -> {
            for (long offset = 0; offset < 3; offset++) {
                consumer.addRecord(deadLetter(offset)); // the third arrived after the replay read the end
            }
        });

        DeadLetterReplay.Outcome outcome = new DeadLetterReplay(consumer, producer, topics, Duration.ofSeconds(5),
                false, System::nanoTime).run(List.of(dlq));

        assertThat(outcome.replayedByTopic()).containsExactly(Map.entry(topics.urls(), 2L));
        assertThat(producer.history()).extracting(r -> r.topic()).containsExactly(topics.urls(), topics.urls());
        assertThat(consumer.committed(Set.of(dlq)).get(dlq).offset()).as("marked replayed up to").isEqualTo(2);
    }

    private ConsumerRecord<String, byte[]> deadLetter(long offset) {
        RecordHeaders headers = new RecordHeaders();
        headers.add(DeadLetterPublisher.ORIGINAL_TOPIC, topics.urls().getBytes(StandardCharsets.UTF_8));
        return new ConsumerRecord<>(dlq.topic(), 0, offset, 0L, TimestampType.CREATE_TIME, -1, -1, "example.org",
                ("{\"v\":2,\"n\":" + offset + "}").getBytes(StandardCharsets.UTF_8), headers, Optional.empty());
    }
}
