package org.kcrawl.fetcher.seen;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One restore's wait for the transactions undecided on its partitions when it started: a partition read to
 * its committed end waits on while that end lies before what had been written then (commit markers still
 * being written, or an open transaction its coordinator has yet to abort), up to a limit per partition.
 * Past the limit the restore goes on without it, and says so.
 */
final class UndecidedWait {
    private static final Logger log = LoggerFactory.getLogger(UndecidedWait.class);

    private final Map<TopicPartition, Long> writtenTo;
    private final long limitNanos;
    /** When each partition began waiting (nanoTime). */
    private final Map<TopicPartition, Long> since = new HashMap<>();
    /** How long each partition waited, in ms, once it stopped waiting; negative when it gave up. */
    private final Map<TopicPartition, Long> waited = new TreeMap<>((a, b) -> a.toString().compareTo(b.toString()));

    UndecidedWait(Map<TopicPartition, Long> writtenTo, Duration limit) {
        this.writtenTo = writtenTo;
        this.limitNanos = limit.toNanos();
    }

    /**
     * True while {@code tp}, read (committed) to {@code position}, must wait on for a decision: written past
     * it at the start, and not waiting longer than the limit yet.
     */
    boolean waitingAt(TopicPartition tp, long position) {
        if (waited.containsKey(tp)) {
            return false; // decided, or given up
        }
        Long started = since.get(tp);
        long now = System.nanoTime();
        if (position >= writtenTo.getOrDefault(tp, 0L)) {
            if (started != null) {
                waited.put(tp, (now - started) / 1_000_000);
                since.remove(tp);
            }
            return false;
        }
        if (started == null) {
            since.put(tp, now);
            return true;
        }
        if (now - started > limitNanos) {
            waited.put(tp, -(now - started) / 1_000_000);
            since.remove(tp);
            return false;
        }
        return true;
    }

    /** Logs what the restore waited for, if anything worth saying. */
    void report() {
        waited.forEach((tp, ms) -> {
            if (ms < 0) {
                log.warn("{}: a transaction written before the restore was still undecided after {} ms; going on"
                        + " without it (a URL it completed may be fetched again)", tp, -ms);
            } else if (ms >= 1_000) {
                log.info("{}: waited {} ms for the transactions written before the restore to be decided", tp, ms);
            }
        });
    }
}
