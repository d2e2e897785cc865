package org.kcrawl.http.politeness;

import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * How many hosts with queued requests each limit ({@link HeldBy}) holds back right now. The
 * {@link HostScheduler} hands a host to {@link #track} whenever it has changed the host's state, so
 * the counts follow the hosts one at a time and reading one is a lookup, never a scan of the hosts.
 * Written only under the scheduler's lock; read from any thread (metrics, the progress line)
 * without it.
 */
final class HeldHosts {
    // An atomic array for its volatile reads: every write happens under the scheduler's lock, so none
    // is lost, and readers on other threads see the latest counts without contending for that lock.
    private final AtomicIntegerArray counts = new AtomicIntegerArray(HeldBy.values().length);
    private final int perHost;
    private final AddressPaces addressPaces;

    HeldHosts(int perHost, AddressPaces addressPaces) {
        this.perHost = perHost;
        this.addressPaces = addressPaces;
    }

    /** Counts {@code h} under the limit that holds it now, and no longer under the one before. */
    void track(HostState h) {
        HeldBy now = classify(h);
        if (now == h.heldBy) {
            return;
        }
        if (h.heldBy != null) {
            counts.decrementAndGet(h.heldBy.ordinal());
        }
        if (now != null) {
            counts.incrementAndGet(now.ordinal());
        }
        h.heldBy = now;
    }

    /** Hosts with queued requests that {@code cap} holds back now. */
    int count(HeldBy cap) {
        return counts.get(cap.ordinal());
    }

    /**
     * What holds {@code h} back, from where the scheduler has put it: its address's line, the ready
     * ring (which only a full global cap leaves waiting), its own slots, or a timer.
     */
    private HeldBy classify(HostState h) {
        if (h.queue.isEmpty()) {
            return null;
        }
        if (h.waitingForAddress) {
            return HeldBy.PER_ADDRESS;
        }
        if (h.inReadyRing) {
            return HeldBy.CONCURRENCY;
        }
        if (h.inFlight >= perHost) {
            return HeldBy.PER_HOST;
        }
        if (h.timer != null || h.sending > 0) {
            // Also while its last request is being written: the next start counts from that write.
            if (h.pace.serverSetsPace() || addressPaces.holds(h.address, h.pace.eligibleAt())) {
                return HeldBy.SERVER_LIMIT;
            }
            return h.pace.hostSetsPace() ? HeldBy.HOST_DELAY : HeldBy.RATE;
        }
        return null;
    }
}
