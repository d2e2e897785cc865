package org.kcrawl.common.kafka;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/** Measures how far a consumer group's committed offsets trail the end of a topic. */
public final class ConsumerLag {
    private final Admin admin;

    public ConsumerLag(Admin admin) {
        this.admin = admin;
    }

    /**
     * Total lag of {@code group} on {@code topic}: end offset minus committed offset, summed over
     * partitions (a partition with no commit counts from its start offset).
     */
    public long of(String group, String topic) {
        return of(group, List.of(topic));
    }

    /**
     * Total lag of {@code group} over all of {@code topics} (for example the parked-URL tiers, which
     * one group consumes together).
     */
    public long of(String group, List<String> topics) {
        return measure(group, topics).behind();
    }

    /**
     * How far {@code group} trails over {@code topics} (a partition with no commit counts from its start),
     * and where the topics end now.
     *
     * @param behind messages not yet committed by the group
     * @param end the sum of the partitions' end offsets: it grows with every message produced, so two equal
     *            ends mean nothing was produced between the two measurements
     */
    public record Lag(long behind, long end) {}

    /** The lag of {@code group} over all of {@code topics}, and their end. */
    public Lag measure(String group, List<String> topics) {
        if (topics == null || topics.isEmpty()) {
            throw new IllegalArgumentException("topics must name at least one topic");
        }
        try {
            Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata().get(30, TimeUnit.SECONDS);
            var description = admin.describeTopics(topics).allTopicNames().get(30, TimeUnit.SECONDS);
            Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
            Map<TopicPartition, OffsetSpec> earliest = new HashMap<>();
            for (String topic : topics) {
                description.get(topic).partitions().forEach(p -> {
                    TopicPartition tp = new TopicPartition(topic, p.partition());
                    latest.put(tp, OffsetSpec.latest());
                    earliest.put(tp, OffsetSpec.earliest());
                });
            }
            var ends = admin.listOffsets(latest).all().get(30, TimeUnit.SECONDS);
            var starts = admin.listOffsets(earliest).all().get(30, TimeUnit.SECONDS);
            long lag = 0;
            long endSum = 0;
            for (TopicPartition tp : latest.keySet()) {
                long end = ends.get(tp).offset();
                OffsetAndMetadata c = committed.get(tp);
                long position = c != null ? c.offset() : starts.get(tp).offset();
                lag += Math.max(0, end - position);
                endSum += end;
            }
            return new Lag(lag, endSum);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot measure lag of " + group + " on " + topics + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while measuring lag", e);
        }
    }
}
