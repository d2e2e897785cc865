package org.kcrawl.http.politeness;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Predicate;

/**
 * One host's FIFO of tasks waiting for politeness, each with the time it was queued so the wait can
 * be measured when it starts; every change is counted into the scheduler's {@link Backlog}. Guarded
 * by the {@link HostScheduler}'s lock.
 */
final class HostQueue {
    private final ArrayDeque<Queued> entries = new ArrayDeque<>();
    private final Backlog backlog;

    HostQueue(Backlog backlog) {
        this.backlog = backlog;
    }

    /** A task in line and when (on the scheduler's monotonic clock) it joined it. */
    record Queued(HostTask task, long queuedAt) {}

    void addLast(HostTask task, long now) {
        backlog.queued(entries.isEmpty());
        entries.addLast(new Queued(task, now));
    }

    /** The task next in line, or null when the queue is empty. */
    Queued pollFirst() {
        Queued q = entries.pollFirst();
        if (q != null) {
            backlog.left(1, entries.isEmpty());
        }
        return q;
    }

    /** The task last in line, or null when the queue is empty. */
    HostTask peekLast() {
        Queued q = entries.peekLast();
        return q == null ? null : q.task();
    }

    /** Takes the task last in line, or null when the queue is empty. */
    HostTask pollLast() {
        Queued q = entries.pollLast();
        if (q == null) {
            return null;
        }
        backlog.left(1, entries.isEmpty());
        return q.task();
    }

    /** Takes out the tasks {@code which} matches, in line order. */
    List<HostTask> removeIf(Predicate<HostTask> which) {
        List<HostTask> removed = new ArrayList<>();
        for (Iterator<Queued> it = entries.iterator(); it.hasNext(); ) {
            HostTask t = it.next().task();
            if (which.test(t)) {
                it.remove();
                removed.add(t);
            }
        }
        backlog.left(removed.size(), entries.isEmpty());
        return removed;
    }

    /** Takes out every task, in line order. */
    List<HostTask> clear() {
        return removeIf(t -> true);
    }

    int size() {
        return entries.size();
    }

    boolean isEmpty() {
        return entries.isEmpty();
    }
}
