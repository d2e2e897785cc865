package org.kcrawl.fetcher.politeness;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A started request's hold on its host's and the global concurrency slots. Released once, with
 * what the answer says about the host; later calls are ignored.
 */
public final class Permit {
    private final HostScheduler owner;
    private final HostState host;
    private final boolean cold;
    private final AtomicBoolean released = new AtomicBoolean();

    Permit(HostScheduler owner, HostState host, boolean cold) {
        this.owner = owner;
        this.host = host;
        this.cold = cold;
    }

    /** The host answered (any status but 429/503): a slow-down relaxes. */
    public void answered() {
        if (released.compareAndSet(false, true)) {
            owner.release(host, cold, Feedback.ANSWERED, 0);
        }
    }

    /** The host answered 429 or 503: slow it down, and pause it for {@code retryAfter} when given. */
    public void throttled(Duration retryAfter) {
        if (released.compareAndSet(false, true)) {
            owner.release(host, cold, Feedback.THROTTLED, retryAfter == null ? 0 : Math.max(0, retryAfter.toNanos()));
        }
    }

    /** No answer (timeout, connection error): the host's pace is left as it is. */
    public void unanswered() {
        if (released.compareAndSet(false, true)) {
            owner.release(host, cold, Feedback.NONE, 0);
        }
    }

    /** True when this request went to a cold host (see {@link HostScheduler}). */
    public boolean isCold() {
        return cold;
    }

    /** True once released. */
    public boolean isReleased() {
        return released.get();
    }

    enum Feedback { ANSWERED, THROTTLED, NONE }
}
