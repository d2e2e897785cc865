package org.kcrawl.testkit.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.message.MalformedMessageException;
import org.kcrawl.common.message.MessageCodec;

/**
 * Reads a whole topic as it is now, for assertions: every partition from its start to the end offset it
 * has when the read starts, outside any consumer group.
 */
public final class TopicContents {
    /** How long a read may take before the test fails: a loaded CI machine is slow, but not this slow. */
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private TopicContents() {}

    /** Every record of {@code topic} up to the end offsets it had when this was called. */
    public static List<ConsumerRecord<String, byte[]>> readAll(KafkaClients clients, String topic) {
        try (KafkaConsumer<String, byte[]> consumer = clients.consumer(null, "reader-" + topic, 5000)) {
            List<TopicPartition> tps = consumer.partitionsFor(topic, TIMEOUT).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(tps);
            consumer.seekToBeginning(tps);
            Map<TopicPartition, Long> ends = consumer.endOffsets(tps, TIMEOUT);
            List<ConsumerRecord<String, byte[]>> out = new ArrayList<>();
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (tps.stream().anyMatch(tp -> consumer.position(tp, TIMEOUT) < ends.get(tp))) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("could not read " + topic + " to its end " + ends + " within " + TIMEOUT);
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

    /** Every message of {@code topic} now, decoded as {@code type}; an undecodable one fails the test. */
    public static <T> List<T> decoded(KafkaClients clients, String topic, Class<T> type) {
        return readAll(clients, topic).stream().map(r -> decode(r.value(), type)).toList();
    }

    /** {@code bytes} decoded as {@code type}; undecodable bytes fail the test. */
    public static <T> T decode(byte[] bytes, Class<T> type) {
        try {
            return MessageCodec.get().decode(bytes, type);
        } catch (MalformedMessageException e) {
            throw new AssertionError("undecodable " + type.getSimpleName(), e);
        }
    }
}
