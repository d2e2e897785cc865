package org.kcrawl.http.politeness;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.kcrawl.http.client.SendListener;

/**
 * A started request's hold on its host's, its address's and the global concurrency slots, and the
 * listener that tells the scheduler when the request really started ({@link #sent()}: its bytes
 * reached the socket), which is what the host's interval counts from. Released once, with what the
 * answer says about the host; later calls are ignored.
 */
public final class Permit implements SendListener {
    private final RequestEnds owner;
    private final HostState host;
    private final String address;
    private final AtomicBoolean released = new AtomicBoolean();
    private volatile String dialed;

    // Guarded by the scheduler's lock.
    /** Let go but not written yet: its host starts nothing else until it is (or until it ends). */
    boolean unsent = true;
    /** Released: a late write report changes nothing any more. */
    boolean ended;
    /** When the scheduler let the request go, on its clock. */
    final long letGoAt;
    /** When the request was last written, on the scheduler's clock; {@link Long#MIN_VALUE} before. */
    long sentAt = Long.MIN_VALUE;
    /** Let go about when its host's pace allowed it, as {@link HostPace#consume} judged. */
    boolean onPace;
    /** Let go about when its address's pace allowed it, when the address learns a rate ({@link AddressPaces}). */
    boolean addressOnPace;

    Permit(RequestEnds owner, HostState host, String address, long letGoAt) {
        this.owner = owner;
        this.host = host;
        this.address = address;
        this.letGoAt = letGoAt;
    }

    /**
     * The request of this permit went to {@code remoteAddress} (the IP the client dialed, as text).
     * Call before releasing: when it differs from the address the scheduler assumed (DNS changed,
     * round robin), the host's next requests count against this one.
     */
    public void dialed(String remoteAddress) {
        this.dialed = remoteAddress;
    }

    /**
     * The request's bytes reached the socket just now: the host's next request may start one
     * interval from this moment, not from when the permit was given.
     */
    @Override
    public void sent() {
        if (!released.get()) {
            owner.sent(this);
        }
    }

    /** The request will be written again on a new connection: its host waits for that write too. */
    @Override
    public void resending() {
        if (!released.get()) {
            owner.resending(this);
        }
    }

    /** The host answered (any status but 429, 503 and the other 5xx): a learned rate may climb. */
    public void answered() {
        release(Feedback.ANSWERED, 0);
    }

    /**
     * The host answered with a server error other than 503 (500, 502, 504, ...): like
     * {@link #answered()}, except that the adaptive throttle counts it as a slow answer.
     */
    public void serverError() {
        release(Feedback.SERVER_ERROR, 0);
    }

    /**
     * The host refused the request (429, or 503): its learned rate falls, and it pauses for
     * {@code retryAfter} when given.
     */
    public void refused(Duration retryAfter) {
        release(Feedback.REFUSED, retryAfter == null ? 0 : Math.max(0, retryAfter.toNanos()));
    }

    /**
     * No answer within the client's time limits (connect, read or total): the adaptive throttle counts
     * it as a slow answer; otherwise the host's pace is left as it is.
     */
    public void timedOut() {
        release(Feedback.TIMED_OUT, 0);
    }

    /** No answer (a refused connection, an unknown name, ...): the host's pace is left as it is. */
    public void unanswered() {
        release(Feedback.NONE, 0);
    }

    /**
     * The request was written, or ended without: its host no longer waits for its write. Under the
     * scheduler's lock.
     */
    void written() {
        if (unsent) {
            unsent = false;
            host.sending--;
        }
    }

    /** How long the request took until {@code now}: from its last write, or from its let-go if never written. */
    long latencyAt(long now) {
        return now - startedAt();
    }

    /** When the request really started: its last write, or its let-go if it was never written. */
    long startedAt() {
        return sentAt != Long.MIN_VALUE ? sentAt : letGoAt;
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

    private void release(Feedback feedback, long retryAfterNanos) {
        if (released.compareAndSet(false, true)) {
            owner.release(this, feedback, retryAfterNanos);
        }
    }

    enum Feedback { ANSWERED, SERVER_ERROR, REFUSED, TIMED_OUT, NONE }
}
