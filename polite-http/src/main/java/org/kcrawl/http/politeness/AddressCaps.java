package org.kcrawl.http.politeness;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The per-address concurrency cap of the {@link HostScheduler}: requests in flight to each IP over
 * all hosts behind it, and the hosts waiting in arrival order for one of its slots. Guarded by the
 * scheduler's lock.
 */
final class AddressCaps {
    private final int perAddress;
    private final Map<String, AddressSlots> slots = new HashMap<>();

    AddressCaps(int perAddress) {
        this.perAddress = perAddress;
    }

    /** True when a request of {@code h} would not exceed the cap of its address. */
    boolean free(HostState h) {
        AddressSlots a = slots.get(h.address);
        return a == null || a.inFlight < perAddress;
    }

    /** Puts {@code h} in line for its address's next free slot, unless it is there already. */
    void waitFor(HostState h) {
        if (!h.waitingForAddress) {
            slots.computeIfAbsent(h.address, k -> new AddressSlots()).waiting.addLast(h);
            h.waitingForAddress = true;
        }
    }

    /** Takes {@code h} out of its address's line (it has nothing to start any more, or moved). */
    void stopWaiting(HostState h) {
        if (h.waitingForAddress) {
            h.waitingForAddress = false;
            AddressSlots a = slots.get(h.address);
            if (a != null) {
                a.waiting.remove(h);
                if (a.unused()) {
                    slots.remove(h.address);
                }
            }
        }
    }

    /** A request to {@code address} starts. */
    void take(String address) {
        slots.computeIfAbsent(address, k -> new AddressSlots()).inFlight++;
    }

    /** Requests in flight that count against {@code address}. */
    int inFlightAt(String address) {
        AddressSlots a = slots.get(address);
        return a == null ? 0 : a.inFlight;
    }

    /**
     * A request to {@code address} ended. When {@code offer} is true, hosts waiting for the address
     * get another look in arrival order, until as many became ready as there are free slots:
     * {@code becameReady} re-evaluates one and says whether it is now ready (a host that is not due
     * yet goes to its timer and the next one is looked at).
     */
    void release(String address, boolean offer, Predicate<HostState> becameReady) {
        AddressSlots a = slots.get(address);
        if (a == null) {
            return;
        }
        a.inFlight--;
        int free = perAddress - a.inFlight;
        while (free > 0 && !a.waiting.isEmpty() && offer) {
            HostState w = a.waiting.pollFirst();
            w.waitingForAddress = false;
            if (address.equals(w.address) && becameReady.test(w)) {
                free--;
            }
        }
        if (a.unused()) {
            slots.remove(address);
        }
    }

    /** The host was reached at {@code dialed}: its next requests count against that address. */
    void follow(HostState h, String dialed) {
        if (dialed == null || h.address == null || dialed.equals(h.address)) {
            return;
        }
        stopWaiting(h);
        h.address = dialed;
    }

    /** Empties every address's line, for a closing scheduler; requests in flight still release. */
    void clearWaiting() {
        slots.values().forEach(a -> a.waiting.clear());
    }
}
