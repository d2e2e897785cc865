package org.kcrawl.common.kafka;

import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import org.apache.kafka.common.TopicPartition;
import org.kcrawl.common.Checks;

/**
 * The partitions a worker owns, one {@link Claim} for each stretch of owning one. The {@link WorkerLoop}
 * is its only writer, on its poll thread: it begins claims on assignment (and again after a rewind) and
 * ends them on revocation, loss, rewind and the final drain. Everything else sees ownership through the
 * claim each record is handed with ({@link RecordHandler#handle}): work that outlives the record's
 * handling keeps the claim and asks it, on any thread, whether it still holds. So there is one answer
 * to "is this still ours", and no copy of it to bump in step with the loop's.
 *
 * <p>Not thread-safe itself (the poll thread alone uses it); its claims are.
 */
public final class PartitionOwnership {
    private final Map<TopicPartition, Claim> claims = new HashMap<>();
    private final LongSupplier clock;

    /** Ownership whose claims are stamped with {@code clock}'s nanoseconds ({@code System::nanoTime} but in tests). */
    PartitionOwnership(LongSupplier clock) {
        this.clock = Checks.notNull(clock, "clock");
    }

    /** The current claim on {@code tp}, or null when the worker does not own it. */
    Claim claim(TopicPartition tp) {
        return claims.get(tp);
    }

    /** The partitions owned now (a read-only view that follows the ownership). */
    Set<TopicPartition> partitions() {
        return Collections.unmodifiableSet(claims.keySet());
    }

    /**
     * Lets {@code handler} take {@code tps} up (restore their state, which may take a while) and then
     * claims them: a claim begins when the worker can first act on its partition, which is what politeness
     * counts a host's first interval from, and no record of it is handled before that anyway.
     */
    void assign(Collection<TopicPartition> tps, RecordHandler<?> handler) {
        handler.partitionsAssigned(tps);
        long now = clock.getAsLong();
        for (TopicPartition tp : tps) {
            Claim previous = claims.put(tp, new Claim(tp, now));
            if (previous != null) {
                previous.end(); // a rewind: work of the earlier claim must not count for the new one
            }
        }
    }

    /**
     * Ends the claims on {@code tps} and then tells {@code handler} they are gone: in that order, work
     * the handler is handed meanwhile on another thread already sees its claim ended and is dropped, so
     * nothing of a revoked partition slips in behind the handler's clean-up.
     */
    void revoke(Collection<TopicPartition> tps, RecordHandler<?> handler) {
        for (TopicPartition tp : tps) {
            Claim claim = claims.remove(tp);
            if (claim != null) {
                claim.end();
            }
        }
        handler.partitionsRevoked(tps);
    }

    /**
     * Ends every claim but keeps the partitions owned, for the loop to rewind them: an output transaction
     * aborted, and work still under way must not send into the next one what the rewind redoes anyway.
     */
    void endAll() {
        end(claims.keySet());
    }

    /**
     * Ends the claims on {@code tps} but keeps them owned: exactly once, partitions about to be given up
     * once their last transaction commits, so that no work finishing after that commit sends their
     * outputs into the next transaction, which would commit them without their offsets.
     */
    void end(Collection<TopicPartition> tps) {
        for (TopicPartition tp : tps) {
            Claim claim = claims.get(tp);
            if (claim != null) {
                claim.end();
            }
        }
    }

    /**
     * One stretch of owning one partition: current from the moment the loop claims the partition until it
     * revokes (or loses, or rewinds) it; a later assignment of the same partition is a new claim. Claims are
     * compared by identity.
     */
    public static final class Claim {
        private final TopicPartition partition;
        private final long since;
        // Read on every step of every record's work (I/O, timer and producer threads): one volatile read.
        private volatile boolean current = true;

        private Claim(TopicPartition partition, long since) {
            this.partition = partition;
            this.since = since;
        }

        /** The partition claimed. */
        public TopicPartition partition() {
            return partition;
        }

        /**
         * When the claim began, in {@link System#nanoTime()} nanoseconds (what the fetchers' clock reads; a
         * test that drives a fake clock stamps its claims with it).
         */
        public long since() {
            return since;
        }

        /** True until the partition is revoked, lost or rewound: work under an ended claim is dropped. */
        public boolean isCurrent() {
            return current;
        }

        private void end() {
            current = false;
        }

        @Override
        public String toString() {
            return "claim on " + partition + (current ? "" : " (ended)");
        }
    }
}
