package org.kcrawl.http.politeness;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A clock that moves on by {@link #TICK_NANOS} at every reading, as a real one does between two readings,
 * on top of a {@link FakeTime} that the test moves by hand; its timers are kept but never run, so what a test
 * sees start started without one.
 */
final class TickingTime implements TimeSource {
    static final long TICK_NANOS = 1_000;

    private final FakeTime base;
    private final List<Runnable> timers = new ArrayList<>();
    private long ticks;

    TickingTime(FakeTime base) {
        this.base = base;
    }

    @Override
    public synchronized long nanoTime() {
        return base.nanoTime() + ++ticks * TICK_NANOS;
    }

    @Override
    public Instant now() {
        return base.now();
    }

    @Override
    public synchronized Cancellable schedule(long delayNanos, Runnable action) {
        timers.add(action);
        return () -> {
            synchronized (TickingTime.this) {
                timers.remove(action);
            }
        };
    }

    /** Timers armed and not cancelled. */
    synchronized int armed() {
        return timers.size();
    }
}
