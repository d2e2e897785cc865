package org.kcrawl.common.kafka;

import java.time.Duration;

/**
 * Spaces a {@link WorkerLoop}'s asynchronous commits at least one interval apart: a commit per poll
 * costs the group coordinator a write to {@code __consumer_offsets} each time for no gain, since a
 * later commit covers an earlier one. The first commit after a quiet spell goes out at once. Poll
 * thread only; times are {@link System#nanoTime()} readings.
 */
final class CommitThrottle {
    private final long intervalNanos;
    private boolean sentAny;
    private long lastSentNanos;

    CommitThrottle(Duration interval) {
        if (interval == null || interval.isNegative()) {
            throw new IllegalArgumentException("interval must be >= 0");
        }
        this.intervalNanos = interval.toNanos();
    }

    /** True when a commit may go out at {@code nowNanos}. */
    boolean due(long nowNanos) {
        return !sentAny || nowNanos - lastSentNanos >= intervalNanos;
    }

    /** How long from {@code nowNanos} until a commit may go out: 0 when it may now. */
    long nanosUntilDue(long nowNanos) {
        return sentAny ? Math.max(0, intervalNanos - (nowNanos - lastSentNanos)) : 0;
    }

    /** Notes that a commit went out at {@code nowNanos}. */
    void sent(long nowNanos) {
        sentAny = true;
        lastSentNanos = nowNanos;
    }
}
