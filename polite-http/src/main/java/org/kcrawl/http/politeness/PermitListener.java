package org.kcrawl.http.politeness;

/**
 * Hears from the {@link HostScheduler} each time politeness lets a queued request start, with how
 * long the request waited in its host's queue (rate, host and address concurrency, global cap),
 * measured on the scheduler's own {@link TimeSource}. Called outside the scheduler's lock on the
 * thread that starts the request (poll, timer or I/O thread), so it must be quick and must not
 * block.
 */
@FunctionalInterface
public interface PermitListener {
    /** A listener that ignores every permit. */
    PermitListener NONE = waitedNanos -> { };

    /** A request is about to start after waiting {@code waitedNanos} (0 or more) in its host's queue. */
    void permitted(long waitedNanos);
}
