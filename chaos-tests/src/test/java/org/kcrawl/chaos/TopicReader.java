package org.kcrawl.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.kcrawl.common.kafka.KafkaClients;

/** Reads a whole topic, from the beginning to the end offsets it has when the read starts, outside any group. */
final class TopicReader {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private TopicReader() {}

    static List<ConsumerRecord<String, byte[]>> readAll(KafkaClients clients, String topic) {
        try (KafkaConsumer<String, byte[]> consumer = clients.consumer(null, "chaos-reader", 2_000)) {
            List<TopicPartition> tps = new ArrayList<>();
            for (PartitionInfo p : consumer.partitionsFor(topic, TIMEOUT)) {
                tps.add(new TopicPartition(topic, p.partition()));
            }
            consumer.assign(tps);
            consumer.seekToBeginning(tps);
            Map<TopicPartition, Long> ends = consumer.endOffsets(tps, TIMEOUT);
            List<ConsumerRecord<String, byte[]>> out = new ArrayList<>();
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (!reached(consumer, ends)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("could not read " + topic + " to its end " + ends + " within "
                            + TIMEOUT);
                }
                for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    if (r.offset() < ends.get(new TopicPartition(r.topic(), r.partition()))) {
                        out.add(r);
                    }
                }
            }
            return out;
        }
    }

    private static boolean reached(KafkaConsumer<String, byte[]> consumer, Map<TopicPartition, Long> ends) {
        for (Map.Entry<TopicPartition, Long> e : ends.entrySet()) {
            if (consumer.position(e.getKey(), TIMEOUT) < e.getValue()) {
                return false;
            }
        }
        return true;
    }
}
