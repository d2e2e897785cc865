package org.kcrawl.http.politeness;

import java.util.List;
import java.util.function.BooleanSupplier;
import org.kcrawl.http.politeness.TaskHandoffs.Deferral;

/**
 * What the {@link HostScheduler} does as a request it let go is written, written again, or ends, which
 * its {@link Permit} reports from the HTTP client's threads. Under the scheduler's lock and on its parts.
 *
 * <p>Real starts: the host sees a request when its bytes arrive, and that can be well after the
 * scheduler let it go (a new connection's DNS, TCP and TLS, an event loop or a CPU busy with other
 * work). So a host's interval counts from the moment its previous request was written to the socket
 * ({@link #sent}): until then the host starts nothing else, and its bucket ({@link HostPace#sent}) then
 * counts the request from there. A late request therefore pushes the next one later and never brings it
 * closer; the same holds for robots.txt requests, Crawl-delay, learned rates and the adaptive throttle,
 * which all live in the bucket. A request that is never written (no connection) keeps the time it was
 * let go. An ended request tells its host's pace what its answer says ({@link PaceFeedback}); a rate
 * that changed goes to the {@link RateListener}.
 */
final class RequestEnds {
    private final Object lock;
    private final TimeSource time;
    private final Parts parts;
    private final BooleanSupplier closed;
    private final Runnable pump;
    private volatile RateListener rates = RateListener.NONE;

    /** The scheduler's parts a request's end touches. */
    record Parts(HostTable hosts, ReadyRing ring, HeldHosts held, AddressCaps addressCaps, AddressPaces addressPaces,
                 PaceFeedback feedback, BacklogBound backlogBound, SchedulerCounts counts) {}

    /**
     * @param closed whether the scheduler is closed, read under {@code lock}
     * @param pump starts what may start now, called outside the lock
     */
    RequestEnds(Object lock, TimeSource time, Parts parts, BooleanSupplier closed, Runnable pump) {
        this.lock = lock;
        this.time = time;
        this.parts = parts;
        this.closed = closed;
        this.pump = pump;
    }

    /** Tells {@code listener} every change of a host's learned rate from now on. */
    void rates(RateListener listener) {
        this.rates = listener;
    }

    /** The request of {@code permit} was written just now: the host's next start counts from here. */
    void sent(Permit permit) {
        long now = time.nanoTime(); // read first: the closer to the write, the truer
        HostState h = permit.hostState();
        boolean ready;
        synchronized (lock) {
            if (permit.ended) {
                return;
            }
            permit.sentAt = now;
            h.pace.sent(now);
            parts.addressPaces().sent(permit.address(), now);
            permit.written();
            if (closed.getAsBoolean() || !parts.hosts().holds(h)) {
                return;
            }
            // Judged on a fresh reading: an interval shorter than this bookkeeping (a host with no rate
            // limit to speak of) has passed already, and the next request starts here, on the thread that
            // wrote this one, instead of a timer's hand-off later for each of a host's requests in turn.
            parts.ring().evaluate(h, time.nanoTime());
            ready = h.inReadyRing;
        }
        if (ready) {
            pump.run();
        }
    }

    /** The request of {@code permit} will be written again: its host waits for that write as well. */
    void resending(Permit permit) {
        synchronized (lock) {
            if (!permit.ended && !permit.unsent) {
                permit.unsent = true;
                HostState h = permit.hostState();
                h.sending++;
                parts.held().track(h);
            }
        }
    }

    /** The request of {@code permit} ended with {@code kind} (a refusal's pause: {@code retryAfterNanos}). */
    void release(Permit permit, Permit.Feedback kind, long retryAfterNanos) {
        HostState h = permit.hostState();
        List<Deferral> deferred = List.of();
        HostRate learned;
        synchronized (lock) {
            permit.ended = true;
            permit.written(); // if it never was, the bucket keeps the time it was let go
            h.inFlight--;
            parts.counts().inFlight--;
            long now = time.nanoTime();
            long intervalBefore = h.pace.interval();
            learned = parts.feedback().ended(h, permit, kind, now, retryAfterNanos);
            boolean open = !closed.getAsBoolean();
            ReadyRing ring = parts.ring();
            parts.addressCaps().follow(h, permit.dialedAddress());
            if (open && parts.hosts().holds(h)) {
                if (kind == Permit.Feedback.REFUSED || h.pace.interval() > intervalBefore) {
                    deferred = parts.backlogBound().trim(h, now);
                }
                ring.evaluate(h, now);
            }
            parts.addressCaps().release(permit.address(), open, w -> parts.hosts().holds(w) && ring.readyAfter(w, now));
            parts.held().track(h);
        }
        if (learned != null) {
            rates.changed(learned);
        }
        TaskHandoffs.deferAll(deferred);
        pump.run();
    }
}
