package org.kcrawl.http.politeness;

import java.util.ArrayDeque;

/**
 * Requests in flight to one IP address over all hosts behind it, and the hosts waiting for one of
 * its slots in arrival order; guarded by the {@link HostScheduler}'s lock.
 */
final class AddressSlots {
    final ArrayDeque<HostState> waiting = new ArrayDeque<>();
    int inFlight;

    boolean unused() {
        return inFlight == 0 && waiting.isEmpty();
    }
}
