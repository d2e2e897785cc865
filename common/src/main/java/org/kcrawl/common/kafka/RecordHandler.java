package org.kcrawl.common.kafka;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;

/**
 * What a worker does with each decoded message. Every method runs on the poll thread and must not
 * block: long work is handed to other threads and reported through the returned stage.
 *
 * @param <V> the decoded message type
 */
public interface RecordHandler<V> {

    /**
     * Starts handling {@code message}. The returned stage completes when every output of the message
     * has been acknowledged by the broker (or the message was deliberately skipped); only then is its
     * offset committed. A stage that fails rewinds the partition so the message is handled again.
     *
     * <p>{@code claim} is the loop's ownership of the record's partition the record was consumed under.
     * Work that outlives this call keeps it, and gives up rather than publish once the claim is no longer
     * current: its outcome would be dropped anyway, and the partition's next owner handles the record again.
     */
    CompletionStage<?> handle(V message, ConsumerRecord<String, byte[]> record, Claim claim);

    /**
     * Partitions about to be owned; state for them may be restored here before their first record. Their
     * claims begin when this returns.
     */
    default void partitionsAssigned(Collection<TopicPartition> partitions) {}

    /**
     * Partitions about to be revoked (not lost: the loop commits them once more first), their claims still
     * current: the handler starts no new work on them and returns the records whose work is under way there
     * and worth waiting for (a request on the wire, which the next owner would make again). The loop waits a
     * little for those to complete, so that its last commit of the partitions takes them; {@link
     * #partitionsRevoked} follows.
     */
    default Collection<RecordId> partitionsRevoking(Collection<TopicPartition> partitions) {
        return java.util.List.of();
    }

    /**
     * Partitions no longer owned (their claims have ended already); buffered work for them must be
     * dropped, never completed.
     */
    default void partitionsRevoked(Collection<TopicPartition> partitions) {}

    /**
     * The group committed {@code offsets} (the next offset to handle, per partition) for this worker: a
     * handler whose outputs outlive a record's stage (a file it finishes later) can tell when they may no
     * longer be asked for again.
     */
    default void committed(Map<TopicPartition, OffsetAndMetadata> offsets) {}

    /**
     * The worker is stopping: work that has not started yet should be given up by completing its
     * stage with {@link AbandonedWorkException} (or by failing it: while the loop drains, a failed
     * record is left uncommitted too, not rewound), so that the drain waits only for work in progress.
     */
    default void stopping() {}
}
