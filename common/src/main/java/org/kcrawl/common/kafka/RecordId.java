package org.kcrawl.common.kafka;

import org.apache.kafka.common.TopicPartition;

/** One consumed record: its partition and offset. */
public record RecordId(TopicPartition partition, long offset) {
    public RecordId {
        if (partition == null) {
            throw new IllegalArgumentException("partition must not be null");
        }
    }
}
