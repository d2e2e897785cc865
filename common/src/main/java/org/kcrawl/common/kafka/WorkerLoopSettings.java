package org.kcrawl.common.kafka;

import java.time.Duration;

/**
 * Flow-control and shutdown settings of a {@link WorkerLoop}.
 *
 * @param maxPending consumed records not yet completed, over all partitions, before the loop pauses
 *                   every partition (the memory bound)
 * @param maxPendingPerPartition consumed records of one partition not yet completed before the loop
 *                               pauses that partition alone, so one partition whose records take long
 *                               cannot use up {@code maxPending} and stall the others
 * @param pollTimeout longest a poll waits for records (bounds commit and shutdown latency)
 * @param drainTimeout on shutdown, how long in-flight records may take to finish before the loop
 *                     closes anyway (they are then redelivered to the next owner)
 */
public record WorkerLoopSettings(int maxPending, int maxPendingPerPartition, Duration pollTimeout,
                                 Duration drainTimeout) {
    public WorkerLoopSettings {
        if (maxPending < 1) {
            throw new IllegalArgumentException("maxPending must be >= 1 but was " + maxPending);
        }
        if (maxPendingPerPartition < 1) {
            throw new IllegalArgumentException("maxPendingPerPartition must be >= 1 but was "
                    + maxPendingPerPartition);
        }
        if (pollTimeout == null || pollTimeout.isNegative() || pollTimeout.isZero()) {
            throw new IllegalArgumentException("pollTimeout must be positive");
        }
        if (drainTimeout == null || drainTimeout.isNegative()) {
            throw new IllegalArgumentException("drainTimeout must be >= 0");
        }
    }

    /** Settings without a separate per-partition bound: only the total pauses the partitions. */
    public WorkerLoopSettings(int maxPending, Duration pollTimeout, Duration drainTimeout) {
        this(maxPending, maxPending, pollTimeout, drainTimeout);
    }

    /** Defaults: 10,000 pending in total (no separate per-partition bound), 100 ms polls, 30 s drain. */
    public static WorkerLoopSettings defaults() {
        return new WorkerLoopSettings(10_000, Duration.ofMillis(100), Duration.ofSeconds(30));
    }
}
