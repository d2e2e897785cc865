package org.kcrawl.common.kafka;

import java.time.Duration;

/**
 * Flow-control, commit and shutdown settings of a {@link WorkerLoop}.
 *
 * @param maxPending consumed records not yet completed, over all partitions, before the loop pauses
 *                   every partition
 * @param maxPendingPerPartition consumed records of one partition not yet completed before the loop
 *                               pauses that partition alone, so one partition whose records take long
 *                               cannot use up {@code maxPending} and stall the others
 * @param maxPendingBytes serialized bytes (value plus key) of consumed records not yet completed, over
 *                        all partitions, before the loop pauses every partition: the memory bound
 *                        when records differ widely in size, which a count cannot be. Like the count,
 *                        it is checked before each poll, so one poll's records may overshoot it; a
 *                        record larger than the whole bound is still taken when nothing is pending
 * @param pollTimeout longest a poll waits for records (bounds commit and shutdown latency)
 * @param drainTimeout on shutdown, how long in-flight records may take to finish before the loop
 *                     closes anyway (they are then redelivered to the next owner)
 * @param commitInterval shortest time between two asynchronous commits of completed offsets; zero
 *                       commits on every poll that has something to commit. Revokes, rewinds and
 *                       the final drain commit synchronously whatever the interval
 */
public record WorkerLoopSettings(int maxPending, int maxPendingPerPartition, long maxPendingBytes,
                                 Duration pollTimeout, Duration drainTimeout, Duration commitInterval) {
    /**
     * Byte bound of the constructors that take none: high enough that loops of small records, bounded
     * by their count, never meet it, low enough to keep a loop of large records within a heap.
     */
    public static final long DEFAULT_MAX_PENDING_BYTES = 64L * 1024 * 1024;
    /** Commit interval of the constructors that take none. */
    public static final Duration DEFAULT_COMMIT_INTERVAL = Duration.ofMillis(250);
    /**
     * The commit interval of a loop whose outputs are committed in transactions: a record's outputs become
     * visible only at its transaction's commit, so the interval is latency added to every stage a page
     * passes (a small crawl's each link level pays it twice, fetcher and parser), and everything done since
     * the last commit is redone when the worker dies. Kafka Streams' interval for exactly once.
     */
    public static final Duration TRANSACTIONAL_COMMIT_INTERVAL = Duration.ofMillis(100);
    /**
     * The fetcher's, exactly once: every page fetched since its last commit is requested again when it dies,
     * which the server sees, where a parser's redone work is only its own CPU; so it commits twice as often.
     */
    public static final Duration TRANSACTIONAL_FETCH_COMMIT_INTERVAL = Duration.ofMillis(50);

    public WorkerLoopSettings {
        if (maxPending < 1) {
            throw new IllegalArgumentException("maxPending must be >= 1 but was " + maxPending);
        }
        if (maxPendingPerPartition < 1) {
            throw new IllegalArgumentException("maxPendingPerPartition must be >= 1 but was "
                    + maxPendingPerPartition);
        }
        if (maxPendingBytes < 1) {
            throw new IllegalArgumentException("maxPendingBytes must be >= 1 but was " + maxPendingBytes);
        }
        if (pollTimeout == null || pollTimeout.isNegative() || pollTimeout.isZero()) {
            throw new IllegalArgumentException("pollTimeout must be positive");
        }
        if (drainTimeout == null || drainTimeout.isNegative()) {
            throw new IllegalArgumentException("drainTimeout must be >= 0");
        }
        if (commitInterval == null || commitInterval.isNegative()) {
            throw new IllegalArgumentException("commitInterval must be >= 0");
        }
    }

    /** Settings with the default byte bound and commit interval. */
    public WorkerLoopSettings(int maxPending, int maxPendingPerPartition, Duration pollTimeout,
                              Duration drainTimeout) {
        this(maxPending, maxPendingPerPartition, DEFAULT_MAX_PENDING_BYTES, pollTimeout, drainTimeout,
                DEFAULT_COMMIT_INTERVAL);
    }

    /** Settings without a separate per-partition bound: only the totals pause the partitions. */
    public WorkerLoopSettings(int maxPending, Duration pollTimeout, Duration drainTimeout) {
        this(maxPending, maxPending, pollTimeout, drainTimeout);
    }

    /**
     * Defaults: 10,000 pending in total (no separate per-partition bound), 64 MiB pending, 100 ms polls,
     * 30 s drain, commits at most every 250 ms.
     */
    public static WorkerLoopSettings defaults() {
        return new WorkerLoopSettings(10_000, Duration.ofMillis(100), Duration.ofSeconds(30));
    }
}
