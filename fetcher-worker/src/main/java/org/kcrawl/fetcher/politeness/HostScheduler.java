package org.kcrawl.fetcher.politeness;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides when each request may go out: per-host FIFO queues, served round-robin over the hosts
 * that are ready, under a per-host rate (token bucket, {@link HostPace}), a per-host concurrency cap
 * and a global in-flight cap.
 *
 * <ul>
 *   <li>No head-of-line blocking: a host that is rate-limited, paused or at its concurrency cap is
 *       simply not in the ready ring, so it never holds more than its own {@code perHost} slots and
 *       the others keep going.</li>
 *   <li>Waiting is a timer per waiting host on the {@link TimeSource}, never a sleeping thread.</li>
 *   <li>Thread-safe: tasks arrive from the poll thread and completions from I/O threads. State is
 *       guarded by one lock; tasks are started outside it, and a task that completes synchronously
 *       does not recurse (dispatch is trampolined per thread).</li>
 *   <li>Partition-aware: tasks carry their urls partition and its epoch, so a revoked partition's
 *       queued tasks are cancelled and late submissions of an old ownership are refused.</li>
 * </ul>
 *
 * <p>Cold hosts: the interval is kept between request <em>starts</em>, but the host sees request
 * <em>arrivals</em>. A request on a new connection (DNS, TCP, TLS) arrives late, and one started an
 * interval after it on a warm connection could arrive less than an interval after it. So a request
 * to a cold host (nothing in flight and no answer for 5 s or ever, like the robots.txt request)
 * runs alone, and the next one waits an interval from its completion, which is after its arrival.
 *
 * <p>A host seen for the first time gets a bucket that was empty when its partition was assigned
 * to this worker: until then another fetcher may have been talking to it, so its first request
 * waits until one interval after the assignment. In a fresh crawl this delays only hosts that show
 * up within the first interval, by less than that interval; later hosts start at once, which is
 * polite because nobody has sent them anything within an interval.
 */
public final class HostScheduler implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(HostScheduler.class);
    private static final long SWEEP_INTERVAL_NANOS = 30_000_000_000L;
    /** Quiet time after which a host's connections are presumed closed, so its next request is cold. */
    static final long COLD_AFTER_NANOS = 5_000_000_000L;

    private final PolitenessSettings settings;
    private final TimeSource time;
    private final Object lock = new Object();
    private final Map<String, HostState> hosts = new HashMap<>();
    private final ArrayDeque<HostState> ready = new ArrayDeque<>();
    private final Map<Integer, Ownership> partitions = new HashMap<>();
    private final ThreadLocal<boolean[]> pumping = ThreadLocal.withInitial(() -> new boolean[2]);
    private long nextEpoch = 1;
    private int queued;
    private int inFlight;
    private boolean closed;
    private boolean stopStarting;
    private Cancellable sweep;

    public HostScheduler(PolitenessSettings settings, TimeSource time) {
        if (settings == null) {
            throw new IllegalArgumentException("settings must not be null");
        }
        if (time == null) {
            throw new IllegalArgumentException("time must not be null");
        }
        this.settings = settings;
        this.time = time;
        synchronized (lock) {
            scheduleSweep();
        }
    }

    /** The limits in force. */
    public PolitenessSettings settings() {
        return settings;
    }

    /**
     * Starts owning {@code partitions}: each gets a new epoch, and hosts of theirs that are already
     * known get an empty bucket now (another worker owned them until now).
     */
    public void partitionsAssigned(Collection<Integer> assigned) {
        synchronized (lock) {
            long now = time.nanoTime();
            for (Integer p : assigned) {
                partitions.put(p, new Ownership(nextEpoch++, now));
            }
            for (HostState h : hosts.values()) {
                if (assigned.contains(h.partition)) {
                    h.pace.emptyAt(now);
                }
            }
        }
    }

    /**
     * Stops owning {@code revoked}: their queued tasks are cancelled (in-flight ones finish) and
     * later submissions for them are refused. Returns how many tasks were cancelled.
     */
    public int partitionsRevoked(Collection<Integer> revoked) {
        List<HostTask> cancelled = new ArrayList<>();
        synchronized (lock) {
            Set<Integer> set = new HashSet<>(revoked);
            set.forEach(partitions::remove);
            for (Iterator<HostState> it = hosts.values().iterator(); it.hasNext(); ) {
                HostState h = it.next();
                for (Iterator<HostTask> q = h.queue.iterator(); q.hasNext(); ) {
                    HostTask t = q.next();
                    if (set.contains(t.partition())) {
                        q.remove();
                        cancelled.add(t);
                    }
                }
                if (h.queue.isEmpty()) {
                    disarm(h);
                }
                if (set.contains(h.partition) && h.idle()) {
                    it.remove();
                }
            }
            queued -= cancelled.size();
        }
        cancelAll(cancelled, "partition revoked");
        return cancelled.size();
    }

    /** The current epoch of {@code partition}, or -1 when this worker does not own it. */
    public long epoch(int partition) {
        synchronized (lock) {
            Ownership o = partitions.get(partition);
            return o == null ? -1 : o.epoch;
        }
    }

    /**
     * Queues {@code task} behind the other tasks of its host. {@code crawlDelay} is the host's
     * robots.txt Crawl-delay when known (null leaves the current one). A task of a partition not
     * owned in the task's epoch, or submitted after close, is cancelled instead.
     */
    public void submit(HostTask task, Duration crawlDelay) {
        if (task == null) {
            throw new IllegalArgumentException("task must not be null");
        }
        boolean accepted;
        synchronized (lock) {
            Ownership o = partitions.get(task.partition());
            accepted = !closed && o != null && o.epoch == task.epoch();
            if (accepted) {
                long now = time.nanoTime();
                HostState h = hosts.get(task.host());
                if (h == null) {
                    h = new HostState(task.host(), task.partition(), new HostPace(settings, o.assignedAt));
                    hosts.put(task.host(), h);
                }
                if (crawlDelay != null) {
                    h.pace.crawlDelay(crawlDelay.toNanos());
                }
                h.queue.addLast(task);
                queued++;
                evaluate(h, now);
            }
        }
        if (!accepted) {
            task.cancel("partition " + task.partition() + " is not owned in epoch " + task.epoch());
            return;
        }
        pump();
    }

    /** Applies a robots.txt Crawl-delay to a known host (capped at the configured maximum). */
    public void crawlDelay(String host, Duration delay) {
        synchronized (lock) {
            HostState h = hosts.get(host);
            if (h != null && delay != null) {
                h.pace.crawlDelay(delay.toNanos());
            }
        }
    }

    /** Tasks waiting in host queues. */
    public int queued() {
        synchronized (lock) {
            return queued;
        }
    }

    /** Tasks started and not yet released. */
    public int inFlight() {
        synchronized (lock) {
            return inFlight;
        }
    }

    /** Tasks waiting in {@code host}'s queue. */
    public int queued(String host) {
        synchronized (lock) {
            HostState h = hosts.get(host);
            return h == null ? 0 : h.queue.size();
        }
    }

    /** Tasks of {@code host} started and not yet released. */
    public int inFlight(String host) {
        synchronized (lock) {
            HostState h = hosts.get(host);
            return h == null ? 0 : h.inFlight;
        }
    }

    /** Hosts with state held (queued, in flight, or not yet rested). */
    public int hosts() {
        synchronized (lock) {
            return hosts.size();
        }
    }

    /** The current interval between requests to {@code host}, or null when the host is unknown. */
    public Duration interval(String host) {
        synchronized (lock) {
            HostState h = hosts.get(host);
            return h == null ? null : Duration.ofNanos(h.pace.interval());
        }
    }

    /**
     * Starts nothing more, for a graceful stop: queued tasks stay queued (they are cancelled by
     * the revoke or close that follows) while in-flight ones finish.
     */
    public void stopStarting() {
        synchronized (lock) {
            stopStarting = true;
        }
    }

    /** Cancels every queued task and every timer; in-flight tasks may still release their permits. */
    @Override
    public void close() {
        List<HostTask> cancelled = new ArrayList<>();
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            for (HostState h : hosts.values()) {
                cancelled.addAll(h.queue);
                h.queue.clear();
                disarm(h);
            }
            ready.clear();
            queued = 0;
            if (sweep != null) {
                sweep.cancel();
            }
        }
        cancelAll(cancelled, "scheduler closed");
    }

    void release(HostState h, boolean cold, Permit.Feedback feedback, long retryAfterNanos) {
        synchronized (lock) {
            h.inFlight--;
            inFlight--;
            long now = time.nanoTime();
            if (feedback != Permit.Feedback.NONE) {
                h.lastCompletion = now; // an answer came over a connection that is now warm
            }
            if (cold) {
                h.coldInFlight = false;
                h.pace.emptyAt(now);
            }
            switch (feedback) {
                case ANSWERED -> h.pace.recover();
                case THROTTLED -> h.pace.throttle(now, retryAfterNanos);
                case NONE -> { }
            }
            if (hosts.get(h.host) == h && !closed) {
                evaluate(h, now);
            }
        }
        pump();
    }

    /**
     * Starts whatever may start now. Runs on the calling thread, outside the lock; a nested call
     * (a task that completed synchronously inside {@code start}) only asks the outer loop for one
     * more round, so the stack stays flat however many tasks complete at once.
     */
    private void pump() {
        boolean[] state = pumping.get();
        if (state[0]) {
            state[1] = true;
            return;
        }
        state[0] = true;
        try {
            do {
                state[1] = false;
                List<Start> batch;
                synchronized (lock) {
                    batch = takeReady();
                }
                for (Start s : batch) {
                    startOne(s);
                }
            } while (state[1]);
        } finally {
            state[0] = false;
        }
    }

    private void startOne(Start s) {
        try {
            s.task.start(s.permit);
        } catch (RuntimeException e) {
            // A task that throws is a bug; free its slots and end it so nothing waits for it forever.
            log.error("request to {} failed to start", s.task.host(), e);
            s.permit.unanswered();
            s.task.cancel("failed to start: " + e);
        }
    }

    private List<Start> takeReady() {
        List<Start> out = new ArrayList<>();
        if (closed || stopStarting) {
            return out;
        }
        long now = time.nanoTime();
        while (inFlight < settings.concurrency()) {
            HostState h = ready.pollFirst();
            if (h == null) {
                break;
            }
            h.inReadyRing = false;
            if (h.queue.isEmpty() || hosts.get(h.host) != h || !hasSlot(h)) {
                continue; // emptied by a revoke, or a release will bring it back
            }
            if (h.pace.eligibleAt() - now > 0) {
                evaluate(h, now); // slowed down while it waited for a global slot
                continue;
            }
            HostTask task = h.queue.pollFirst();
            boolean cold = h.cold(now, COLD_AFTER_NANOS);
            queued--;
            h.inFlight++;
            inFlight++;
            h.coldInFlight = cold;
            h.pace.consume(now);
            out.add(new Start(task, new Permit(this, h, cold)));
            evaluate(h, now);
        }
        return out;
    }

    /** Puts {@code h} where it belongs: the ready ring, a timer, or nowhere (idle or at its cap). */
    private void evaluate(HostState h, long now) {
        if (h.inReadyRing || h.queue.isEmpty() || !hasSlot(h)) {
            return;
        }
        long at = h.pace.eligibleAt();
        if (at - now <= 0) {
            disarm(h);
            h.inReadyRing = true;
            ready.addLast(h);
        } else {
            arm(h, at, now);
        }
    }

    private boolean hasSlot(HostState h) {
        return h.inFlight < settings.perHost() && !h.coldInFlight;
    }

    private void arm(HostState h, long at, long now) {
        if (h.timer != null && h.timerAt - at <= 0) {
            return; // an earlier wake-up re-evaluates anyway
        }
        disarm(h);
        Object token = new Object();
        h.timerToken = token;
        h.timerAt = at;
        h.timer = time.schedule(at - now, () -> onTimer(h, token));
    }

    private void disarm(HostState h) {
        if (h.timer != null) {
            h.timer.cancel();
            h.timer = null;
            h.timerToken = null;
        }
    }

    private void onTimer(HostState h, Object token) {
        synchronized (lock) {
            if (h.timerToken != token) {
                return;
            }
            h.timer = null;
            h.timerToken = null;
            if (closed || hosts.get(h.host) != h) {
                return;
            }
            evaluate(h, time.nanoTime());
        }
        pump();
    }

    private void scheduleSweep() {
        sweep = time.schedule(SWEEP_INTERVAL_NANOS, this::sweepRested);
    }

    /** Forgets idle hosts whose state equals a fresh one, so memory follows active hosts only. */
    private void sweepRested() {
        synchronized (lock) {
            if (closed) {
                return;
            }
            long now = time.nanoTime();
            hosts.values().removeIf(h -> h.idle() && h.pace.rested(now));
            scheduleSweep();
        }
    }

    private static void cancelAll(List<HostTask> tasks, String why) {
        for (HostTask t : tasks) {
            try {
                t.cancel(why);
            } catch (RuntimeException e) {
                log.error("cancelling a request to {} failed", t.host(), e);
            }
        }
    }

    private record Ownership(long epoch, long assignedAt) {}

    private record Start(HostTask task, Permit permit) {}
}
