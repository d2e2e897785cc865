package org.kcrawl.fetcher.seen;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.kcrawl.common.message.LearnedHostRate;
import org.kcrawl.common.message.MalformedMessageException;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.http.politeness.HostRate;

/**
 * The learned host rates a {@link SeenRestorer} reads along with the seen topic at an assignment: the
 * assigned partitions of the compacted host-rates topic, from their beginning (a few records, one per host
 * its server limits), the last record of each host winning and a tombstone forgetting it. What a restore
 * found goes to the sink when it ends; a record that cannot be read is skipped (counted as malformed), so a
 * bad one costs its host only its learned rate. Used on the restoring thread only.
 */
final class HostRateRestore {
    private final String topic;
    private final Consumer<Collection<HostRate>> sink;
    private final Map<String, HostRate> found = new LinkedHashMap<>();

    HostRateRestore(String topic, Consumer<Collection<HostRate>> sink) {
        this.topic = topic;
        this.sink = sink;
    }

    /** The host-rates partitions of {@code partitions}. */
    List<TopicPartition> partitions(Collection<Integer> partitions) {
        List<TopicPartition> out = new ArrayList<>(partitions.size());
        partitions.forEach(p -> out.add(new TopicPartition(topic, p)));
        return out;
    }

    /** Whether {@code tp} is one of the host-rates partitions. */
    boolean reads(TopicPartition tp) {
        return reads(tp.topic());
    }

    /** Whether records of {@code recordTopic} are host rates. */
    boolean reads(String recordTopic) {
        return topic.equals(recordTopic);
    }

    /** Takes a host-rates record in; returns 1 when it could not be read, else 0. */
    int apply(ConsumerRecord<String, byte[]> r) {
        if (r.key() == null) {
            return 1;
        }
        if (r.value() == null) {
            found.remove(r.key());
            return 0;
        }
        try {
            LearnedHostRate rate = MessageCodec.get().decode(r.value(), LearnedHostRate.class);
            if (!rate.host().equals(r.key())) {
                return 1;
            }
            found.put(r.key(), new HostRate(rate.host(), r.partition(), rate.rate(), rate.refusedAt(), true));
            return 0;
        } catch (MalformedMessageException e) {
            return 1; // a value this version cannot read: the host starts at the configured rate
        }
    }

    /** Hands what this restore found to the sink and starts the next one empty. */
    void finish() {
        List<HostRate> rates = List.copyOf(found.values());
        found.clear();
        sink.accept(rates);
    }
}
