package org.kcrawl.http.politeness;

/**
 * How much of a host's backlog waits in memory: a URL stays when the host could start it within
 * {@code maxQueueWait} at its current pace (and the queue is under {@code maxHostQueue}); the rest
 * is parked and told when to come back. A host whose learned rate is on its way back after a refusal is
 * planned at the rate it is heading for ({@link HostPace#planningInterval()}), or what is parked during
 * the dip would come back slower than the host takes it once recovered. Pure arithmetic over a {@link HostState}, guarded by the
 * {@link HostScheduler}'s lock.
 *
 * <p>This is what keeps a slow host (0.5 requests/s, 10,000 URLs) from filling the worker's
 * memory and pending bound: it holds seconds of work ({@code max_hold}), not hours of it.
 */
final class QueueHorizon {
    private final long horizon;
    private final int maxHostQueue;

    QueueHorizon(PolitenessSettings settings) {
        this.horizon = settings.maxQueueWait().toNanos();
        this.maxHostQueue = settings.maxHostQueue();
    }

    /**
     * True when a URL that would be number {@code ahead} in line (0 = next to start) may wait in
     * memory. The next one always may, unless the host is paused for longer than the horizon.
     */
    boolean fits(HostState h, int ahead, long now) {
        if (ahead >= maxHostQueue) {
            return false;
        }
        long wait = base(h, now) - now;
        if (ahead == 0) {
            return wait <= Math.max(horizon, h.pace.planningInterval());
        }
        return saturatingAdd(wait, saturatingMultiply(ahead, h.pace.planningInterval())) <= horizon;
    }

    /** True when URLs parked earlier reach past the horizon: a newcomer must queue up behind them. */
    boolean backlogged(HostState h, long now) {
        return h.parkedThrough - now > horizon;
    }

    /**
     * When a URL parked as number {@code ahead} in line should come back: its estimated turn, but
     * never before the URLs parked ahead of it plus one interval. Records the time as the host's
     * new end of the parked line.
     */
    long parkSlot(HostState h, int ahead, long now) {
        long interval = h.pace.planningInterval();
        long estimate = saturatingAdd(base(h, now), saturatingMultiply(ahead, interval));
        long slot = Math.max(estimate, saturatingAdd(h.parkedThrough, interval));
        h.parkedThrough = slot;
        return slot;
    }

    private static long base(HostState h, long now) {
        long eligible = h.pace.eligibleAt();
        return eligible - now > 0 ? eligible : now;
    }

    private static long saturatingMultiply(long a, long b) {
        long high = Math.multiplyHigh(a, b);
        long low = a * b;
        return high != 0 || low < 0 ? Long.MAX_VALUE / 4 : low;
    }

    private static long saturatingAdd(long a, long b) {
        return b >= Long.MAX_VALUE / 4 ? a + Long.MAX_VALUE / 4 : a + b;
    }
}
