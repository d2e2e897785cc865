package org.kcrawl.fetcher.politeness;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A started request's hold on its host's, its address's and the global concurrency slots. Released
 * once, with what the answer says about the host; later calls are ignored.
 */
public final class Permit {
    private final HostScheduler owner;
    private final HostState host;
    private final boolean cold;
    private final String address;
    private final AtomicBoolean released = new AtomicBoolean();
    private volatile String dialed;

    Permit(HostScheduler owner, HostState host, boolean cold, String address) {
        this.owner = owner;
        this.host = host;
        this.cold = cold;
        this.address = address;
    }

    /**
     * The request of this permit went to {@code remoteAddress} (the IP the client dialed, as text).
     * Call before releasing: when it differs from the address the scheduler assumed (DNS changed,
     * round robin), the host's next requests count against this one.
     */
    public void dialed(String remoteAddress) {
        this.dialed = remoteAddress;
    }

    /** The host answered (any status but 429/503): a slow-down relaxes. */
    public void answered() {
        if (released.compareAndSet(false, true)) {
            owner.release(this, Feedback.ANSWERED, 0);
        }
    }

    /** The host answered 429 or 503: slow it down, and pause it for {@code retryAfter} when given. */
    public void throttled(Duration retryAfter) {
        if (released.compareAndSet(false, true)) {
            owner.release(this, Feedback.THROTTLED, retryAfter == null ? 0 : Math.max(0, retryAfter.toNanos()));
        }
    }

    /** No answer (timeout, connection error): the host's pace is left as it is. */
    public void unanswered() {
        if (released.compareAndSet(false, true)) {
            owner.release(this, Feedback.NONE, 0);
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

    /** The address key this request counts against. */
    public String address() {
        return address;
    }

    HostState hostState() {
        return host;
    }

    String dialedAddress() {
        return dialed;
    }

    enum Feedback { ANSWERED, THROTTLED, NONE }
}
