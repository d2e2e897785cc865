package org.kcrawl.http.politeness;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.kcrawl.common.kafka.ManualOwnership;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;

/**
 * Test tasks for the {@link HostScheduler} that record when each host's requests started and were
 * written, how many ran at once per host and in total, and which were cancelled. A task's request is
 * written the moment it starts unless it is {@link #unwritten}. Tasks are made under the current claim
 * of their partition, which the probe's ownership hands out (stamped with the fake time) as the poll loop
 * would: {@link #assign} and {@link #revoke} move partitions. Single-threaded use (fake time).
 */
final class SchedulerProbe {
    final FakeTime time;
    final ManualOwnership owner;
    final Map<String, List<Long>> starts = new HashMap<>();
    final List<String> order = new ArrayList<>();
    final Map<String, Integer> running = new HashMap<>();
    final Map<String, Integer> maxRunning = new HashMap<>();
    final Map<String, ArrayDeque<Permit>> open = new HashMap<>();
    final Map<String, ArrayDeque<Permit>> unwrittenPermits = new HashMap<>();
    final Map<String, List<Long>> writes = new HashMap<>();
    final List<Task> cancelled = new ArrayList<>();
    final List<Task> deferred = new ArrayList<>();
    final Map<String, String> addressOf = new HashMap<>();
    final Map<String, Integer> runningAt = new HashMap<>();
    final Map<String, Integer> maxRunningAt = new HashMap<>();
    int runningTotal;
    int maxRunningTotal;

    SchedulerProbe(FakeTime time) {
        this.time = time;
        this.owner = new ManualOwnership("t.urls", time::nanoTime);
    }

    /** Claims {@code partitions} now, as an assignment does. */
    void assign(int... partitions) {
        owner.assign(partitions);
    }

    /**
     * Takes {@code partitions} away as the poll loop and the handler do: their claims end, then
     * {@code scheduler} hears they are gone. Returns how many queued tasks it cancelled.
     */
    int revoke(HostScheduler scheduler, int... partitions) {
        owner.revoke(partitions);
        Collection<Integer> gone = IntStream.of(partitions).boxed().toList();
        return scheduler.partitionsRevoked(gone);
    }

    /** The current claim on {@code partition}. */
    Claim claim(int partition) {
        return owner.claim(partition);
    }

    /** A task that stays in flight until {@link #finish} releases it. */
    Task held(String host, int partition) {
        return held(host, claim(partition));
    }

    /** A held task made under {@code claim} (an ended one, say). */
    Task held(String host, Claim claim) {
        return new Task(host, claim, false);
    }

    /** A task that answers the moment it starts. */
    Task instant(String host, int partition) {
        return instant(host, claim(partition));
    }

    /** An instant task made under {@code claim} (an ended one, say). */
    Task instant(String host, Claim claim) {
        return new Task(host, claim, true);
    }

    /**
     * A held task whose request is not written when it starts (a connection is being set up): the test
     * writes it with {@link #write}. Every other task is written the moment it starts.
     */
    Task unwritten(String host, int partition) {
        Task t = new Task(host, claim(partition), false);
        t.writesAtOnce = false;
        return t;
    }

    /** Writes the oldest unwritten request of {@code host} now, as the HTTP client reports a completed write. */
    void write(String host) {
        Permit p = unwrittenPermits.get(host).pollFirst();
        writes.computeIfAbsent(host, h -> new ArrayList<>()).add(time.nanoTime());
        p.sent();
    }

    /**
     * The oldest open request of {@code host} lost its connection before any answer and will be written
     * again on a new one (the next {@link #write} of the host writes it).
     */
    void resend(String host) {
        Permit p = open.get(host).peekFirst();
        p.resending();
        unwrittenPermits.computeIfAbsent(host, h -> new ArrayDeque<>()).addFirst(p);
    }

    /** Releases the oldest open request of {@code host} without an answer (no connection), written or not. */
    void fail(String host) {
        Permit p = open.get(host).pollFirst();
        ArrayDeque<Permit> unwritten = unwrittenPermits.get(host);
        if (unwritten != null) {
            unwritten.remove(p);
        }
        ended(host);
        p.unanswered();
    }

    /** Unwritten requests of {@code host}. */
    int unwrittenCount(String host) {
        ArrayDeque<Permit> q = unwrittenPermits.get(host);
        return q == null ? 0 : q.size();
    }

    /** When {@code host}'s requests were written, in order. */
    List<Long> writesOf(String host) {
        return writes.getOrDefault(host, List.of());
    }

    /** A held task that may be deferred (like a URL, unlike a robots.txt request). */
    Task deferrable(String host, int partition) {
        Task t = new Task(host, claim(partition), false);
        t.deferrable = true;
        return t;
    }

    /** Releases the oldest open request of {@code host} as answered. */
    void finish(String host) {
        Permit p = open.get(host).pollFirst();
        ended(host);
        p.answered();
    }

    /** Releases the oldest open request of {@code host} with a server error (500). */
    void serverError(String host) {
        Permit p = open.get(host).pollFirst();
        ended(host);
        p.serverError();
    }

    /** Releases the oldest open request of {@code host} as timed out. */
    void timeOut(String host) {
        Permit p = open.get(host).pollFirst();
        ended(host);
        p.timedOut();
    }

    /** Releases the oldest open request of {@code host} as refused (429), pausing for {@code retryAfter} if given. */
    void refuse(String host, java.time.Duration retryAfter) {
        Permit p = open.get(host).pollFirst();
        ended(host);
        p.refused(retryAfter);
    }

    int openCount(String host) {
        ArrayDeque<Permit> q = open.get(host);
        return q == null ? 0 : q.size();
    }

    List<Long> startsOf(String host) {
        return starts.getOrDefault(host, List.of());
    }

    private void ended(String host) {
        running.merge(host, -1, Integer::sum);
        runningTotal--;
        String address = addressOf.get(host);
        if (address != null) {
            runningAt.merge(address, -1, Integer::sum);
        }
    }

    final class Task implements HostTask {
        final String host;
        final Claim claim;
        final boolean instant;
        String cancelledBecause;
        boolean started;
        boolean deferrable;
        boolean writesAtOnce = true;
        java.time.Instant deferredUntil;

        Task(String host, Claim claim, boolean instant) {
            this.host = host;
            this.claim = claim;
            this.instant = instant;
        }

        @Override
        public String host() {
            return host;
        }

        @Override
        public Claim claim() {
            return claim;
        }

        @Override
        public void start(Permit permit) {
            started = true;
            starts.computeIfAbsent(host, h -> new ArrayList<>()).add(time.nanoTime());
            order.add(host);
            int r = running.merge(host, 1, Integer::sum);
            maxRunning.merge(host, r, Math::max);
            runningTotal++;
            maxRunningTotal = Math.max(maxRunningTotal, runningTotal);
            String address = addressOf.get(host);
            if (address != null) {
                int a = runningAt.merge(address, 1, Integer::sum);
                maxRunningAt.merge(address, a, Math::max);
            }
            if (writesAtOnce) {
                writes.computeIfAbsent(host, h -> new ArrayList<>()).add(time.nanoTime());
                permit.sent();
            } else {
                unwrittenPermits.computeIfAbsent(host, h -> new ArrayDeque<>()).addLast(permit);
            }
            if (instant) {
                ended(host);
                permit.answered();
            } else {
                open.computeIfAbsent(host, h -> new ArrayDeque<>()).addLast(permit);
            }
        }

        @Override
        public void cancel(String why) {
            cancelledBecause = why;
            cancelled.add(this);
        }

        @Override
        public boolean deferrable() {
            return deferrable;
        }

        @Override
        public void defer(java.time.Instant notBefore) {
            if (!deferrable) {
                throw new AssertionError("a task that is not deferrable was deferred");
            }
            deferredUntil = notBefore;
            deferred.add(this);
        }
    }
}
