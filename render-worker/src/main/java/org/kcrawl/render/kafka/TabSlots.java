package org.kcrawl.render.kafka;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;

/**
 * The worker's pages in progress: at most {@code total} at once (its tabs), at most {@code perHost} of
 * one host, handed out first come first served among the hosts that have room, so one slow host (its
 * rate, a long Crawl-delay) holds its own slots only and never the other hosts' turn.
 *
 * <p>Thread-safe; a grant completes outside the lock.
 */
final class TabSlots {
    private final int total;
    private final int perHost;
    private final Map<String, Integer> byHost = new HashMap<>();
    private final ArrayDeque<Waiter> waiting = new ArrayDeque<>();
    private int busy;

    TabSlots(int total, int perHost) {
        if (total < 1 || perHost < 1) {
            throw new IllegalArgumentException("total and perHost must be >= 1 but were " + total + ", " + perHost);
        }
        this.total = total;
        this.perHost = perHost;
    }

    /** A slot for a page of {@code host} from {@code partition}; completes when one is free. */
    CompletableFuture<Slot> acquire(String host, int partition) {
        Waiter w = new Waiter(host, partition);
        Slot granted = null;
        synchronized (this) {
            if (waiting.isEmpty() && fits(host)) {
                granted = take(host);
            } else {
                waiting.addLast(w);
            }
        }
        if (granted != null) {
            w.future.complete(granted);
        }
        return w.future;
    }

    /** Gives {@code slot} back (once; later calls are ignored) and hands it on to the first waiter with room. */
    void release(Slot slot) {
        List<Waiter> grant = new ArrayList<>();
        List<Slot> slots = new ArrayList<>();
        synchronized (this) {
            if (slot.released) {
                return;
            }
            slot.released = true;
            busy--;
            byHost.computeIfPresent(slot.host, (h, n) -> n == 1 ? null : n - 1);
            for (Iterator<Waiter> it = waiting.iterator(); it.hasNext() && busy < total; ) {
                Waiter w = it.next();
                if (fits(w.host)) {
                    it.remove();
                    grant.add(w);
                    slots.add(take(w.host));
                }
            }
        }
        for (int i = 0; i < grant.size(); i++) {
            if (!grant.get(i).future.complete(slots.get(i))) {
                release(slots.get(i)); // cancelled meanwhile
            }
        }
    }

    /** Cancels the waiters of {@code partitions} (revoked): they never get a slot. */
    void cancel(Collection<Integer> partitions) {
        List<Waiter> cancelled = new ArrayList<>();
        synchronized (this) {
            for (Iterator<Waiter> it = waiting.iterator(); it.hasNext(); ) {
                Waiter w = it.next();
                if (partitions.contains(w.partition)) {
                    it.remove();
                    cancelled.add(w);
                }
            }
        }
        cancelled.forEach(w -> w.future.completeExceptionally(new CancellationException("partition revoked")));
    }

    /** Gives up every waiter (the worker stops): their URLs are left to the next owner. */
    void abandonAll() {
        List<Waiter> abandoned;
        synchronized (this) {
            abandoned = List.copyOf(waiting);
            waiting.clear();
        }
        abandoned.forEach(w -> w.future.completeExceptionally(
                new org.kcrawl.common.kafka.AbandonedWorkException("the worker is stopping")));
    }

    /** Pages waiting for a slot. */
    synchronized int waiting() {
        return waiting.size();
    }

    private boolean fits(String host) {
        return busy < total && byHost.getOrDefault(host, 0) < perHost;
    }

    private Slot take(String host) {
        busy++;
        byHost.merge(host, 1, Integer::sum);
        return new Slot(host);
    }

    /** A held slot. */
    static final class Slot {
        final String host;
        boolean released;

        Slot(String host) {
            this.host = host;
        }
    }

    private static final class Waiter {
        final String host;
        final int partition;
        final CompletableFuture<Slot> future = new CompletableFuture<>();

        Waiter(String host, int partition) {
            this.host = host;
            this.partition = partition;
        }
    }
}
