package org.kcrawl.http.politeness;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.kcrawl.http.politeness.TaskHandoffs.Deferral;

/**
 * Keeps each host's backlog in memory within its {@link QueueHorizon}: a host's queue reaches at most
 * {@code maxQueueWait} ahead at its current pace. URLs past that are not kept: {@link #parkUntil} tells
 * the caller to park a new one, and {@link #trim} takes queued ones back when the host slows down
 * (Retry-After, Crawl-delay), to be handed back through {@link HostTask#defer}, each with the time its
 * turn should come. Parked URLs of a host are spread at its pace, so they return one by one. Guarded
 * by the {@link HostScheduler}'s lock.
 */
final class BacklogBound {
    private final QueueHorizon horizon;
    private final TimeSource time;
    private final HostTimers timers;
    private final AddressCaps addressCaps;

    BacklogBound(QueueHorizon horizon, TimeSource time, HostTimers timers, AddressCaps addressCaps) {
        this.horizon = horizon;
        this.time = time;
        this.timers = timers;
        this.addressCaps = addressCaps;
    }

    /**
     * Null when one more URL of {@code h}, with {@code ahead} in line before it, may wait in memory;
     * else the time to park it until. A {@code returning} URL (parked or retried before) does not queue
     * up behind the URLs parked earlier, since it is one of them.
     */
    Instant parkUntil(HostState h, int ahead, boolean returning, long now) {
        if (horizon.fits(h, ahead, now) && (returning || !horizon.backlogged(h, now))) {
            return null;
        }
        return time.now().plusNanos(horizon.parkSlot(h, ahead, now) - now);
    }

    /**
     * Takes deferrable tasks off the tail of {@code h}'s queue while the last one could not start
     * within the horizon, and gives each the time its turn should come. Stops at a task that cannot
     * be deferred (a robots.txt request), which then waits in line.
     */
    List<Deferral> trim(HostState h, long now) {
        if (h.queue.isEmpty() || horizon.fits(h, h.queue.size() - 1, now)) {
            return List.of();
        }
        ArrayDeque<HostTask> removed = new ArrayDeque<>();
        while (!h.queue.isEmpty() && !horizon.fits(h, h.queue.size() - 1, now) && h.queue.peekLast().deferrable()) {
            removed.addFirst(h.queue.pollLast());
        }
        if (removed.isEmpty()) {
            return List.of();
        }
        if (h.queue.isEmpty()) {
            timers.disarm(h);
            addressCaps.stopWaiting(h);
        }
        List<Deferral> out = new ArrayList<>(removed.size());
        Instant wallNow = time.now();
        int ahead = h.queue.size();
        for (HostTask t : removed) {
            out.add(new Deferral(t, wallNow.plusNanos(horizon.parkSlot(h, ahead++, now) - now)));
        }
        return out;
    }
}
