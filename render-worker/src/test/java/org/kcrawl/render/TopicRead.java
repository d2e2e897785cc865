package org.kcrawl.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.message.MalformedMessageException;
import org.kcrawl.common.message.MessageCodec;

/** Reads a topic of the shared broker from its start to its end, without a group. */
public final class TopicRead {
    private TopicRead() {}

    /** Every record of {@code topic} now. */
    public static List<ConsumerRecord<String, byte[]>> all(KafkaClients clients, String topic) {
        try (KafkaConsumer<String, byte[]> consumer = clients.consumer(null, "reader-" + topic, 1000)) {
            List<TopicPartition> tps = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(tps);
            consumer.seekToBeginning(tps);
            Map<TopicPartition, Long> ends = consumer.endOffsets(tps, Duration.ofSeconds(30));
            List<ConsumerRecord<String, byte[]>> out = new ArrayList<>();
            Set<TopicPartition> done = new HashSet<>();
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (done.size() < tps.size() && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(out::add);
                for (TopicPartition tp : tps) {
                    if (consumer.position(tp) >= ends.get(tp)) {
                        done.add(tp);
                    }
                }
            }
            assertThat(done).as("read %s to its end", topic).hasSize(tps.size());
            return out;
        }
    }

    /** Every message of {@code topic} now, decoded as {@code type}. */
    public static <T> List<T> decoded(KafkaClients clients, String topic, Class<T> type) {
        return all(clients, topic).stream().map(r -> {
            try {
                return MessageCodec.get().decode(r.value(), type);
            } catch (MalformedMessageException e) {
                throw new AssertionError(e);
            }
        }).toList();
    }
}
