package org.kcrawl.http.politeness;

import java.time.Duration;
import java.time.Instant;
import java.util.PriorityQueue;

/**
 * A {@link TimeSource} driven by hand: time moves only in {@link #advance}, which runs due timers
 * in deadline order with the clock set to each deadline.
 */
public final class FakeTime implements TimeSource {
    private static final Instant EPOCH = Instant.parse("2030-01-01T00:00:00Z");

    private final PriorityQueue<Entry> timers = new PriorityQueue<>();
    private long now = 1_000_000_000L;
    private long sequence;

    @Override
    public synchronized long nanoTime() {
        return now;
    }

    @Override
    public synchronized Instant now() {
        return EPOCH.plusNanos(now);
    }

    @Override
    public synchronized Cancellable schedule(long delayNanos, Runnable action) {
        Entry e = new Entry(now + Math.max(0, delayNanos), sequence++, action);
        timers.add(e);
        return () -> {
            synchronized (FakeTime.this) {
                timers.remove(e);
            }
        };
    }

    /** Moves time forward by {@code d}, running every timer that falls due on the way. */
    public void advance(Duration d) {
        advanceNanos(d.toNanos());
    }

    /** Moves time forward by {@code nanos}. */
    public void advanceNanos(long nanos) {
        long target;
        synchronized (this) {
            target = now + nanos;
        }
        while (true) {
            Entry next;
            synchronized (this) {
                next = timers.peek();
                if (next == null || next.deadline > target) {
                    now = target;
                    return;
                }
                timers.poll();
                now = Math.max(now, next.deadline);
            }
            next.action.run();
        }
    }

    /** Runs timers due now without moving time. */
    public void runDue() {
        advanceNanos(0);
    }

    /** Timers not yet run. */
    public synchronized int pendingTimers() {
        return timers.size();
    }

    private record Entry(long deadline, long seq, Runnable action) implements Comparable<Entry> {
        @Override
        public int compareTo(Entry o) {
            int c = Long.compare(deadline, o.deadline);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }
}
