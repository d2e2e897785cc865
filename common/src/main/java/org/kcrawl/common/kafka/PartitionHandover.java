package org.kcrawl.common.kafka;

import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a {@link WorkerLoop} does as its partitions change hands: a revoked partition's work under way is
 * waited for (briefly) and what completed is committed before the partition goes; a lost one commits
 * nothing, since another member may own it already, and exactly once the open transaction aborts; an
 * assigned one is taken up from what its commit says was done, except while the loop drains to stop. Poll
 * thread only (the consumer calls the listener from inside its poll).
 */
final class PartitionHandover implements ConsumerRebalanceListener {
    /** The loop's own logger: these are its lines, where a logging setup that names the loop expects them. */
    private static final Logger log = LoggerFactory.getLogger(WorkerLoop.class);

    private final String name;
    private final Consumer<?, ?> consumer;
    private final RecordHandler<?> handler;
    private final OffsetTracker tracker;
    private final PartitionOwnership ownership;
    private final LoopCommits commits;
    private final Rewinds rewinds;
    private final Completions completions;
    private final FlowControl flow;
    private final Duration revokeGrace;
    /** Whether the loop is draining its work to stop. */
    private final BooleanSupplier draining;
    /** Brings the loop's gauges (pending, owned) up to date. */
    private final Runnable gauges;
    /** Partitions assigned while the loop drained: paused, never taken up, left to their next owner. */
    private final Set<TopicPartition> declined = new HashSet<>();

    PartitionHandover(String name, Consumer<?, ?> consumer, RecordHandler<?> handler, PartitionBookkeeping books,
                      Duration revokeGrace, BooleanSupplier draining, Runnable gauges) {
        this.name = name;
        this.consumer = consumer;
        this.handler = handler;
        this.tracker = books.tracker();
        this.ownership = books.ownership();
        this.commits = books.commits();
        this.rewinds = books.rewinds();
        this.completions = books.completions();
        this.flow = books.flow();
        this.revokeGrace = revokeGrace;
        this.draining = draining;
        this.gauges = gauges;
    }

    @Override
    public void onPartitionsRevoked(Collection<TopicPartition> given) {
        Collection<TopicPartition> partitions = takenUp(given);
        awaitUnderway(partitions);
        completions.applyQueued();
        try {
            commitNow(partitions);
        } catch (RuntimeException e) {
            log.warn("{}: commit on revoke failed; the next owner may redo some work: {}", name, e.toString());
        }
        release(partitions);
    }

    @Override
    public void onPartitionsLost(Collection<TopicPartition> given) {
        Collection<TopicPartition> partitions = takenUp(given);
        // Another member may own these already: committing now could overwrite its progress.
        release(partitions);
        if (commits.exactlyOnce()) {
            // Their outputs in the open transaction must not be committed: it aborts, and what is
            // still owned is handled again.
            commits.abort(partitions + " were lost");
            rewinds.rewindAll();
        }
    }

    @Override
    public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
        if (draining.getAsBoolean()) {
            decline(partitions);
            return;
        }
        if (!partitions.isEmpty()) {
            commits.resume(partitions);
        }
        ownership.assign(partitions, handler);
        gauges.run();
        flow.assigned(consumer, partitions);
    }

    /**
     * Commits all that completed in {@code tps} before they are given up or closed. Exactly once the whole
     * transaction ends, and the partitions still owned are rewound when it fails.
     */
    void commitNow(Collection<TopicPartition> tps) {
        if (!commits.commitNow(tps)) {
            Set<TopicPartition> kept = new HashSet<>(ownership.partitions());
            kept.removeAll(tps);
            rewinds.rewind(kept);
        }
    }

    /**
     * Before the last commit of revoked partitions: waits, at most the revoke's grace, for the records the
     * handler has under way there to complete, applying completions as they come, so that the commit takes
     * their outputs rather than the partitions' next owner doing that work again (a fetcher dropped every
     * request on the wire at a revoke, and the next owner fetched those pages a second time).
     */
    private void awaitUnderway(Collection<TopicPartition> tps) {
        if (draining.getAsBoolean()) {
            return; // stopping: the drain has waited for its work already, within the stop's own limit
        }
        Set<RecordId> awaited;
        try {
            awaited = new HashSet<>(handler.partitionsRevoking(tps));
        } catch (RuntimeException e) {
            log.warn("{}: the handler could not name its work under way in {}; not waiting for it", name, tps, e);
            return;
        }
        if (!completions.awaitAll(awaited, revokeGrace)) {
            log.info("{}: {} records of {} still under way after {} ms; the partitions' next owner handles"
                    + " them again", name, awaited.size(), tps, revokeGrace.toMillis());
        }
        gauges.run();
    }

    /**
     * A partition handed over while the loop drains (another member left at the same time) is paused, so that
     * no poll of the drain returns its records, which the drain would skip and its last commit pass; and it is
     * not taken up (no restore, no claim, no commit), so its next owner starts from its own commit.
     */
    private void decline(Collection<TopicPartition> partitions) {
        if (partitions.isEmpty()) {
            return;
        }
        consumer.pause(partitions);
        declined.addAll(partitions);
        log.info("{}: {} handed over while stopping; left to the next owner", name, partitions);
    }

    /** {@code partitions} less those declined, which are forgotten: the handler never had them. */
    private Collection<TopicPartition> takenUp(Collection<TopicPartition> partitions) {
        if (declined.isEmpty()) {
            return partitions;
        }
        Set<TopicPartition> taken = new HashSet<>(partitions);
        taken.removeAll(declined);
        declined.removeAll(partitions);
        return taken;
    }

    private void release(Collection<TopicPartition> partitions) {
        rewinds.forget(partitions);
        tracker.forget(partitions);
        flow.released(partitions);
        ownership.revoke(partitions, handler);
        gauges.run();
    }
}
