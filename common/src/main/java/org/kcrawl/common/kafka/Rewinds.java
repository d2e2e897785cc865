package org.kcrawl.common.kafka;

import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link WorkerLoop}'s rewinds: partitions sent back to their committed offsets, their records handled
 * again under new claims (a failed output at least once, a failed transaction exactly once). The broker is
 * asked first (the commit of what did complete, then the committed offsets); when either fails (a
 * coordinator moving, a broker away) nothing has changed yet, and the rewind is tried again at the next
 * poll: until then the partitions' records go on as before, and none past the failed one is committed, so
 * nothing is lost.
 *
 * <p>Poll thread only.
 */
final class Rewinds {
    private static final Logger log = LoggerFactory.getLogger(Rewinds.class);

    private final String name;
    private final Consumer<?, ?> consumer;
    private final OffsetTracker tracker;
    private final PartitionOwnership ownership;
    private final LoopCommits commits;
    private final RecordHandler<?> handler;
    /** Partitions whose rewind failed and is tried again at the next poll. */
    private final Set<TopicPartition> due = new HashSet<>();

    Rewinds(String name, Consumer<?, ?> consumer, OffsetTracker tracker, PartitionOwnership ownership,
            LoopCommits commits, RecordHandler<?> handler) {
        this.name = name;
        this.consumer = consumer;
        this.tracker = tracker;
        this.ownership = ownership;
        this.commits = commits;
        this.handler = handler;
    }

    /** Rewinds {@code tps} now, or at a later poll when the broker cannot answer now. */
    void rewind(Set<TopicPartition> tps) {
        due.addAll(tps);
        retry();
    }

    /**
     * Makes {@code tps} due for a rewind at the loop's next turn, not now: for a failure met inside a rebalance
     * callback, where a rewind (which gives the partitions up and takes them again) must not run.
     */
    void atNextPoll(Collection<TopicPartition> tps) {
        due.addAll(tps);
    }

    /** Rewinds every partition owned. */
    void rewindAll() {
        rewind(new HashSet<>(ownership.partitions()));
    }

    /** Partitions given up: they are not rewound any more. */
    void forget(Collection<TopicPartition> tps) {
        due.removeAll(tps);
    }

    /** "topic-p at offset" for each of {@code tps}, as their commits say, for a log line. */
    static String describe(Collection<TopicPartition> tps, Map<TopicPartition, OffsetAndMetadata> committed) {
        StringBuilder sb = new StringBuilder();
        for (TopicPartition tp : tps) {
            OffsetAndMetadata om = committed.get(tp);
            sb.append(sb.isEmpty() ? "" : ", ").append(tp).append(om == null ? " from its start (no commit)"
                    : " at " + om.offset());
        }
        return sb.toString();
    }

    /** Makes the rewinds due, if any. */
    void retry() {
        if (due.isEmpty()) {
            return;
        }
        Set<TopicPartition> tps = new HashSet<>(due);
        tps.retainAll(ownership.partitions());
        Map<TopicPartition, OffsetAndMetadata> committed;
        try {
            // A failed commit is handed back, else the retry would seek behind work that did complete.
            commits.beforeRewind(tps);
            committed = consumer.committed(tps);
        } catch (WakeupException e) {
            throw e; // the loop is being stopped: its own path handles that
        } catch (KafkaException e) {
            log.warn("{}: rewinding {} failed; trying again at the next poll: {}", name, tps, e.toString());
            return;
        }
        due.clear();
        log.info("{}: rewinding {}", name, describe(tps, committed));
        tracker.forget(tps);
        ownership.revoke(tps, handler);
        for (TopicPartition tp : tps) {
            OffsetAndMetadata om = committed.get(tp);
            if (om != null) {
                consumer.seek(tp, om.offset());
                commits.resume(tp, om);
            } else {
                consumer.seekToBeginning(List.of(tp));
            }
        }
        ownership.assign(tps, handler);
    }
}
