package org.kcrawl.fetcher.crawl;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.kcrawl.http.politeness.Cancellable;
import org.kcrawl.http.politeness.TimeSource;

/**
 * URLs waiting on a timer for their not-before time, indexed by partition so a revoke can call
 * them off. Thread-safe.
 */
final class NotBeforeTimers {
    private final TimeSource time;
    private final Map<Integer, Set<Hold>> byPartition = new HashMap<>();
    private int size;

    NotBeforeTimers(TimeSource time) {
        this.time = time;
    }

    /** Runs {@code action} after {@code delayNanos} unless the task's partition is revoked first. */
    void hold(UrlTask task, long delayNanos, Runnable action) {
        Hold hold = new Hold(task, action, time.nanoTime() + delayNanos);
        synchronized (this) {
            byPartition.computeIfAbsent(task.partition(), p -> new LinkedHashSet<>()).add(hold);
            size++;
            hold.timer = time.schedule(delayNanos, () -> {
                if (remove(hold)) {
                    action.run();
                }
            });
        }
    }

    /** Cancels the holds of {@code partitions}; their tasks end cancelled. */
    void cancel(Collection<Integer> partitions) {
        cancel(partitions, "partition revoked while waiting for its not-before time");
    }

    /** Cancels every hold (the worker stops); their tasks end cancelled. */
    void cancelAll() {
        List<Integer> partitions;
        synchronized (this) {
            partitions = List.copyOf(byPartition.keySet());
        }
        cancel(partitions, "the fetcher stops before its not-before time");
    }

    private void cancel(Collection<Integer> partitions, String why) {
        List<Hold> cancelled = new ArrayList<>();
        synchronized (this) {
            for (Integer p : partitions) {
                Set<Hold> set = byPartition.remove(p);
                if (set != null) {
                    cancelled.addAll(set);
                    size -= set.size();
                }
            }
        }
        for (Hold h : cancelled) {
            h.timer.cancel();
            h.task.cancel(why);
        }
    }

    /** URLs waiting. */
    synchronized int size() {
        return size;
    }

    /** Counts every held URL into {@code tally}. */
    synchronized void tally(WaitTally tally) {
        long now = time.nanoTime();
        for (Set<Hold> set : byPartition.values()) {
            for (Hold h : set) {
                tally.add(h.task.request, Duration.ofNanos(h.dueNanos - now));
            }
        }
    }

    private synchronized boolean remove(Hold hold) {
        Set<Hold> set = byPartition.get(hold.task.partition());
        if (set == null || !set.remove(hold)) {
            return false;
        }
        if (set.isEmpty()) {
            byPartition.remove(hold.task.partition());
        }
        size--;
        return true;
    }

    private static final class Hold {
        final UrlTask task;
        final Runnable action;
        final long dueNanos;
        Cancellable timer;

        Hold(UrlTask task, Runnable action, long dueNanos) {
            this.task = task;
            this.action = action;
            this.dueNanos = dueNanos;
        }
    }
}
