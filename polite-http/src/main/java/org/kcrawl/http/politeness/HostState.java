package org.kcrawl.http.politeness;

import org.kcrawl.common.kafka.PartitionOwnership.Claim;

/** One host's queue, slots, pace and address inside the {@link HostScheduler}; guarded by its lock. */
final class HostState {
    final String host;
    /** The claim the host was last seen under: a new one empties its bucket (another worker had it). */
    Claim claim;
    final HostQueue queue;
    final HostPace pace;
    int inFlight;
    /**
     * Requests let go whose bytes have not reached the socket yet: nothing else of the host starts
     * until they have, because the next start is counted from their real one.
     */
    int sending;
    boolean inReadyRing;
    Object timerToken;
    Cancellable timer;
    long timerAt;
    /** The address key requests count against; null while it is being resolved. */
    String address;
    /** Waiting in its address's queue for a free per-address slot. */
    boolean waitingForAddress;
    /**
     * The latest time a parked URL of this host was told to come back: later parks queue up behind
     * it at the host's pace, so parked URLs return spread out rather than all at once.
     */
    long parkedThrough;
    /**
     * The limit its queued requests were last counted as held by in {@link HeldHosts}; null when
     * nothing is queued or nothing holds it (a start is under way, its address is being looked up).
     */
    HeldBy heldBy;

    HostState(String host, Claim claim, HostPace pace, long now, Backlog backlog) {
        this.host = host;
        this.claim = claim;
        this.queue = new HostQueue(backlog);
        this.pace = pace;
        this.parkedThrough = now;
    }

    boolean idle() {
        return queue.isEmpty() && inFlight == 0 && !inReadyRing && timer == null;
    }
}
