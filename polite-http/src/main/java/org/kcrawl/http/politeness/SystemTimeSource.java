package org.kcrawl.http.politeness;

import java.time.Instant;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The real clock, with one daemon timer thread. Every wait in the fetcher (politeness, retry
 * times, parked URLs) is a timer here, never a sleeping thread.
 */
public final class SystemTimeSource implements TimeSource, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(SystemTimeSource.class);

    private final ScheduledThreadPoolExecutor timer;

    /** Starts the timer thread, named {@code threadName}. */
    public SystemTimeSource(String threadName) {
        if (threadName == null || threadName.isBlank()) {
            throw new IllegalArgumentException("threadName must not be blank");
        }
        timer = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
        // Cancelled politeness timers are common (a host re-armed earlier); do not let them pile up.
        timer.setRemoveOnCancelPolicy(true);
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public Instant now() {
        return Instant.now();
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable action) {
        ScheduledFuture<?> f = timer.schedule(() -> {
            try {
                action.run();
            } catch (RuntimeException | Error e) {
                // The executor would keep the exception in a future nobody reads; make it visible.
                log.error("timer action failed", e);
                throw e;
            }
        }, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
        return () -> f.cancel(false);
    }

    /** Stops the timer thread; pending actions are dropped. */
    @Override
    public void close() {
        timer.shutdownNow();
    }
}
