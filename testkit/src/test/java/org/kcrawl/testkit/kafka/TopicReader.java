package org.kcrawl.testkit.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.kcrawl.common.kafka.KafkaClients;

/** Reads a whole topic as it is now, without a consumer group, for assertions. */
final class TopicReader {
    private TopicReader() {
    }

    /** Every record of every partition of {@code topic}, up to the end offsets seen at the start. */
    static List<ConsumerRecord<String, byte[]>> readAll(String bootstrapServers, String topic) {
        try (KafkaConsumer<String, byte[]> consumer = KafkaClients.of(bootstrapServers).consumer(null, "reader", 500)) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(p -> new TopicPartition(p.topic(), p.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions, Duration.ofSeconds(30));
            List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (partitions.stream().anyMatch(tp -> consumer.position(tp) < end.get(tp))) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("could not read " + topic + " up to " + end + " within 30 s");
                }
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
            }
            return records;
        }
    }
}
