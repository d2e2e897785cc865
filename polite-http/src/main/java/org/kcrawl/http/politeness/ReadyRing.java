package org.kcrawl.http.politeness;

import java.util.ArrayDeque;

/**
 * The hosts that may start a request now, in the order they became ready: the {@link HostScheduler}
 * serves them round-robin as global slots allow. {@link #evaluate} puts a host where it belongs: in the
 * ring, on its timer ({@link HostTimers}) while its pace (or its address's, {@link AddressPaces}) holds it
 * back, in its address's line
 * ({@link AddressCaps}) while the address is busy, or nowhere while its own slots are taken or its
 * address is being looked up (a release, or the lookup, brings it back). A host that is not in the ring
 * therefore holds no more than its own slots, and the others keep going. Guarded by the scheduler's lock.
 */
final class ReadyRing {
    private final ArrayDeque<HostState> ready = new ArrayDeque<>();
    private final int perHost;
    private final HostTimers timers;
    private final AddressCaps addressCaps;
    private final AddressPaces addressPaces;
    private final HeldHosts held;

    ReadyRing(int perHost, HostTimers timers, AddressCaps addressCaps, AddressPaces addressPaces, HeldHosts held) {
        this.perHost = perHost;
        this.timers = timers;
        this.addressCaps = addressCaps;
        this.addressPaces = addressPaces;
        this.held = held;
    }

    /** Puts {@code h} where it belongs and counts it under what now holds it back. */
    void evaluate(HostState h, long now) {
        place(h, now);
        held.track(h);
    }

    /** Re-evaluates {@code h} (its address has a free slot again) and says whether it is ready now. */
    boolean readyAfter(HostState h, long now) {
        evaluate(h, now);
        return h.inReadyRing;
    }

    /** The host ready longest, taken out of the ring; null when none is ready. */
    HostState poll() {
        HostState h = ready.pollFirst();
        if (h != null) {
            h.inReadyRing = false;
        }
        return h;
    }

    /** Whether {@code h} may start one more request as far as its own slots go. */
    boolean hasHostSlot(HostState h) {
        return h.inFlight < perHost && h.sending == 0;
    }

    /** When {@code h}'s next request may start: its own pace's time, or its address's when that is later. */
    long eligibleAt(HostState h) {
        return addressPaces.eligibleAt(h.address, h.host, h.pace.eligibleAt());
    }

    /** Empties the ring, for a closing scheduler. */
    void clear() {
        ready.clear();
    }

    /** Puts {@code h} where it belongs: the ready ring, a timer, its address's line, or nowhere. */
    private void place(HostState h, long now) {
        if (h.inReadyRing || h.queue.isEmpty() || !hasHostSlot(h) || h.address == null) {
            return; // a release, or the address lookup, brings it back
        }
        if (!addressCaps.free(h)) {
            addressCaps.waitFor(h);
            return;
        }
        // A slot is free after all (one offered to a host that now waits for a global slot): leave the
        // line, or the host would start while still counted as waiting and take a later offer for nothing.
        addressCaps.stopWaiting(h);
        long at = eligibleAt(h);
        if (at - now <= 0) {
            timers.disarm(h);
            h.inReadyRing = true;
            ready.addLast(h);
        } else {
            timers.arm(h, at, now);
        }
    }
}
