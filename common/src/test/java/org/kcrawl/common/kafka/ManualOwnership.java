package org.kcrawl.common.kafka;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import org.apache.kafka.common.TopicPartition;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;

/**
 * A {@link PartitionOwnership} of one topic's partitions driven by hand, in the order the poll loop
 * drives it, for tests of handlers and of what they hand claims to. Shared through common's test jar.
 */
public final class ManualOwnership {
    private static final RecordHandler<Object> NO_HANDLER = (message, record, claim) -> {
        throw new UnsupportedOperationException("records are not handled here");
    };

    private final String topic;
    private final PartitionOwnership ownership;

    /** Ownership of {@code topic}'s partitions, claims stamped with {@link System#nanoTime()}. */
    public ManualOwnership(String topic) {
        this(topic, System::nanoTime);
    }

    /** Ownership of {@code topic}'s partitions, claims stamped with {@code clock} (a fake clock's, say). */
    public ManualOwnership(String topic, LongSupplier clock) {
        this.topic = topic;
        this.ownership = new PartitionOwnership(clock);
    }

    /** Claims {@code partitions} (anew, for one owned already), as an assignment or a rewind does. */
    public void assign(int... partitions) {
        assign(NO_HANDLER, partitions);
    }

    /** Lets {@code handler} take {@code partitions} up and then claims them, as the loop does. */
    public void assign(RecordHandler<?> handler, int... partitions) {
        ownership.assign(tps(partitions), handler);
    }

    /** Ends the claims on {@code partitions}, as a revocation does. */
    public void revoke(int... partitions) {
        revoke(NO_HANDLER, partitions);
    }

    /** Ends the claims on {@code partitions} and then tells {@code handler} they are gone, as the loop does. */
    public void revoke(RecordHandler<?> handler, int... partitions) {
        ownership.revoke(tps(partitions), handler);
    }

    /** The current claim on {@code partition}; fails when it is not owned. */
    public Claim claim(int partition) {
        Claim claim = ownership.claim(new TopicPartition(topic, partition));
        if (claim == null) {
            throw new IllegalStateException(topic + "-" + partition + " is not owned");
        }
        return claim;
    }

    private List<TopicPartition> tps(int... partitions) {
        List<TopicPartition> out = new ArrayList<>(partitions.length);
        for (int p : partitions) {
            out.add(new TopicPartition(topic, p));
        }
        return out;
    }
}
