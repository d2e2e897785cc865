package org.kcrawl.http.politeness;

/**
 * The {@link StartGate} as the scheduler meets it, remembering its last closure: a closed gate (a commit
 * running late, pages waiting for the broker) holds every host that comes due meanwhile, and when it opens
 * they would all start in one instant and, at a common rate, stay in step. The hosts it held start at their
 * own places in the interval instead ({@link HostPace#toPlace}). Guarded by the scheduler's lock.
 */
final class GateWatch {
    private final StartGate gate;
    private boolean closed;
    private long closedAt;
    /** The last closure, from {@link #lastClosedAt} to {@link #openedAt}; none before the first. */
    private boolean seenClosure;
    private long lastClosedAt;
    private long openedAt;

    GateWatch(StartGate gate) {
        this.gate = gate;
    }

    /** Whether new requests may start at {@code now}; notes when the gate closes and opens. */
    boolean open(long now) {
        boolean open = gate.open();
        if (!open && !closed) {
            closed = true;
            closedAt = now;
        } else if (open && closed) {
            closed = false;
            seenClosure = true;
            lastClosedAt = closedAt;
            openedAt = now;
        }
        return open;
    }

    /**
     * Whether a host that was due at {@code dueAt} waited for the gate's last closure: it came due while the
     * gate was closed, or within an {@code interval} before it closed (it was waiting for a global slot).
     */
    boolean held(long dueAt, long interval) {
        return seenClosure && dueAt - openedAt < 0 && dueAt - (lastClosedAt - interval) >= 0;
    }
}
