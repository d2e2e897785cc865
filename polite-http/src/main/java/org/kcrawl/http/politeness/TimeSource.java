package org.kcrawl.http.politeness;

import java.time.Instant;

/**
 * Monotonic time, wall-clock time and one-shot timers behind one interface, so that politeness can
 * be tested by driving a fake clock by hand instead of waiting.
 *
 * <p>Timer actions run on a thread the implementation owns and must not block it.
 */
public interface TimeSource {

    /** Monotonic nanoseconds, for intervals only (like {@link System#nanoTime()}). */
    long nanoTime();

    /** Wall-clock time, for timestamps carried in messages. */
    Instant now();

    /** Runs {@code action} once, no sooner than {@code delayNanos} from now. */
    Cancellable schedule(long delayNanos, Runnable action);
}
