package org.kcrawl.fetcher.politeness;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.kcrawl.common.Checks;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.common.metrics.LogContext;
import org.kcrawl.fetcher.politeness.TaskHandoffs.Deferral;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides when each request may go out: per-host FIFO queues, served round-robin over the hosts
 * that are ready, under a per-host rate (token bucket, {@link HostPace}), a per-host concurrency
 * cap, a per-address concurrency cap (hosts sharing an IP) and a global in-flight cap.
 *
 * <ul>
 *   <li>No head-of-line blocking: a host that is rate-limited, paused, at its concurrency cap or
 *       behind a busy address is simply not in the ready ring, so it never holds more than its own
 *       slots and the others keep going.</li>
 *   <li>Bounded backlog: a host's queue reaches at most {@code maxQueueWait} ahead at its current
 *       pace ({@link QueueHorizon}). URLs past that are not kept: {@link #parkUntil} tells the
 *       caller to park a new one, and queued ones are handed back through {@link HostTask#defer}
 *       when the host slows down (Retry-After, Crawl-delay), each with the time its turn should
 *       come. Parked URLs of a host are spread at its pace, so they return one by one.</li>
 *   <li>Waiting is a timer per waiting host on the {@link TimeSource}, never a sleeping thread.</li>
 *   <li>Thread-safe: tasks arrive from the poll thread and completions from I/O threads. State is
 *       guarded by one lock; tasks are started, cancelled and deferred outside it, and a task that
 *       completes synchronously does not recurse (dispatch is trampolined per thread).</li>
 *   <li>Partition-aware: tasks carry the poll loop's claim on their partition
 *       ({@link org.kcrawl.common.kafka.PartitionOwnership}), so submissions under a claim that has ended
 *       are refused, and told which partitions are gone, the scheduler cancels their queued tasks.</li>
 *   <li>Observable: a {@link PermitListener} hears how long each request waited in its host's
 *       queue, and {@link #queued()}, {@link #backloggedHosts()} and {@link #heldHosts} (which limit
 *       holds each backlogged host back, {@link HeldHosts}) are kept as tasks and hosts change, so
 *       metrics read them from any thread without a scan or the lock.</li>
 * </ul>
 *
 * <p>Addresses: a host's address is looked up once when the host is first seen
 * ({@link HostAddresses}); until it is known the host does not start. The answer of each request
 * tells where it really went, and the host follows when that changes.
 *
 * <p>Real starts: the host sees a request when its bytes arrive, and that can be well after the
 * scheduler let it go (a new connection's DNS, TCP and TLS, an event loop or a CPU busy with other
 * work). So a host's interval counts from the moment its previous request was written to the socket,
 * which the HTTP client reports through the {@link Permit} ({@link Permit#sent()}): until then the
 * host starts nothing else, and its bucket ({@link HostPace#sent}) then counts the request from there.
 * A late request therefore pushes the next one later and never brings it closer; the same holds for
 * robots.txt requests, Crawl-delay, slowed-down hosts and the adaptive throttle, which all live in the
 * bucket. A request that is never written (no connection) keeps the time it was let go.
 *
 * <p>A host seen for the first time gets a bucket that was empty when its partition was claimed by
 * this worker ({@link Claim#since()}): until then another fetcher may have been talking to it, so its
 * first request waits until one interval after the claim began. A known host first seen under a new
 * claim (its partition came back) is treated alike. Claims are stamped with {@link System#nanoTime()},
 * the {@link SystemTimeSource}'s clock; tests that drive a fake clock stamp their claims with it. In a fresh crawl this delays
 * only hosts that show up within the first interval, by less than that interval; later hosts start at
 * once, which is polite because nobody has sent them anything within an interval.
 */
public final class HostScheduler implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(HostScheduler.class);
    private static final long SWEEP_INTERVAL_NANOS = 30_000_000_000L;

    private final PolitenessSettings settings;
    private final TimeSource time;
    private final AddressLookups lookups;
    private final QueueHorizon horizon;
    private final PermitListener listener;
    private final StartGate gate;
    private final Object lock = new Object();
    private final Map<String, HostState> hosts = new HashMap<>();
    private final AddressCaps addressCaps;
    private final Backlog backlog = new Backlog();
    private final HeldHosts held;
    private final ArrayDeque<HostState> ready = new ArrayDeque<>();
    private final Trampoline pumping = new Trampoline();
    private int inFlight;
    private boolean closed;
    private boolean stopStarting;
    private Cancellable sweep;

    /** A scheduler in which every host is its own address (no resolution). */
    public HostScheduler(PolitenessSettings settings, TimeSource time) {
        this(settings, time, HostAddresses.byName());
    }

    /** A scheduler that caps concurrency per address as {@code addresses} reports them. */
    public HostScheduler(PolitenessSettings settings, TimeSource time, HostAddresses addresses) {
        this(settings, time, addresses, PermitListener.NONE);
    }

    /**
     * A scheduler that caps concurrency per address as {@code addresses} reports them and tells
     * {@code listener} how long each request waited for its permit.
     */
    public HostScheduler(PolitenessSettings settings, TimeSource time, HostAddresses addresses,
                         PermitListener listener) {
        this(settings, time, addresses, listener, StartGate.OPEN);
    }

    /**
     * A scheduler like {@link #HostScheduler(PolitenessSettings, TimeSource, HostAddresses, PermitListener)}
     * that also starts nothing while {@code gate} is closed (hosts wait in the ready ring, as for a full
     * global cap); whoever opens the gate calls {@link #wake()}.
     */
    public HostScheduler(PolitenessSettings settings, TimeSource time, HostAddresses addresses,
                         PermitListener listener, StartGate gate) {
        this.gate = Checks.notNull(gate, "gate");
        this.settings = Checks.notNull(settings, "settings");
        this.time = Checks.notNull(time, "time");
        this.lookups = new AddressLookups(Checks.notNull(addresses, "addresses"), this::onAddress);
        this.listener = Checks.notNull(listener, "listener");
        this.horizon = new QueueHorizon(settings);
        this.addressCaps = new AddressCaps(settings.perAddress());
        this.held = new HeldHosts(settings.perHost());
        synchronized (lock) {
            scheduleSweep();
        }
    }

    /**
     * The partitions {@code revoked} are gone (their claims have ended, so later submissions for them
     * are refused already): their queued tasks are cancelled, in-flight ones finish. Returns how many
     * tasks were cancelled.
     */
    public int partitionsRevoked(Collection<Integer> revoked) {
        List<HostTask> cancelled = new ArrayList<>();
        synchronized (lock) {
            Set<Integer> set = new HashSet<>(revoked);
            for (Iterator<HostState> it = hosts.values().iterator(); it.hasNext(); ) {
                HostState h = it.next();
                cancelled.addAll(h.queue.removeIf(t -> set.contains(t.partition())));
                if (h.queue.isEmpty()) {
                    disarm(h);
                    addressCaps.stopWaiting(h);
                }
                held.track(h);
                if (set.contains(h.claim.partition().partition()) && h.idle()) {
                    it.remove();
                }
            }
        }
        TaskHandoffs.cancelAll(cancelled, "partition revoked");
        return cancelled.size();
    }

    /**
     * Whether one more URL of {@code host} may wait in memory: null to keep it, or the time to park
     * it until. A URL is kept when its host could start it within {@code maxQueueWait}, counting the
     * host's queue and {@code waitingElsewhere} (URLs of the host held outside the queue, such as
     * those waiting for robots.txt). A new URL also queues up behind URLs parked earlier that reach
     * past that time; a {@code returning} one (parked or retried before) does not, since it is one of
     * them. A claim that has ended gets null: the submission that follows refuses it.
     */
    public Instant parkUntil(String host, Claim claim, int waitingElsewhere, boolean returning) {
        if (host == null) {
            throw new IllegalArgumentException("host must not be null");
        }
        if (waitingElsewhere < 0) {
            throw new IllegalArgumentException("waitingElsewhere must be >= 0 but was " + waitingElsewhere);
        }
        Checks.notNull(claim, "claim");
        AddressLookups.Batch lookup = lookups.batch();
        Instant until = null;
        synchronized (lock) {
            if (!closed && claim.isCurrent()) {
                long now = time.nanoTime();
                HostState h = stateOf(host, claim, now, lookup);
                int ahead = h.queue.size() + waitingElsewhere;
                if (!horizon.fits(h, ahead, now) || !returning && horizon.backlogged(h, now)) {
                    until = time.now().plusNanos(horizon.parkSlot(h, ahead, now) - now);
                }
            }
        }
        lookup.watch();
        return until;
    }

    /**
     * Queues {@code task} behind the other tasks of its host. {@code crawlDelay} is the host's
     * robots.txt Crawl-delay when known (null leaves the current one). A task whose claim has ended,
     * or one submitted after close, is cancelled instead; a deferrable task that would reach past the
     * host's horizon (a Crawl-delay just learned) is deferred.
     */
    public void submit(HostTask task, Duration crawlDelay) {
        if (task == null) {
            throw new IllegalArgumentException("task must not be null");
        }
        boolean accepted;
        AddressLookups.Batch lookup = lookups.batch();
        List<Deferral> deferred = List.of();
        synchronized (lock) {
            accepted = !closed && task.claim().isCurrent();
            if (accepted) {
                long now = time.nanoTime();
                HostState h = stateOf(task.host(), task.claim(), now, lookup);
                if (crawlDelay != null) {
                    h.pace.crawlDelay(crawlDelay.toNanos());
                }
                h.queue.addLast(task, now);
                deferred = trim(h, now);
                evaluate(h, now);
            }
        }
        lookup.watch();
        if (!accepted) {
            task.cancel("partition " + task.partition() + " is not owned under the task's claim");
            return;
        }
        TaskHandoffs.deferAll(deferred);
        pump();
    }

    /** Applies a robots.txt Crawl-delay to a known host (capped at the configured maximum). */
    public void crawlDelay(String host, Duration delay) {
        List<Deferral> deferred = List.of();
        synchronized (lock) {
            HostState h = hosts.get(host);
            if (h != null && delay != null) {
                long now = time.nanoTime();
                h.pace.crawlDelay(delay.toNanos());
                deferred = trim(h, now);
                evaluate(h, now);
            }
        }
        TaskHandoffs.deferAll(deferred);
    }

    /** Tasks waiting in host queues; safe to read from any thread without the lock. */
    public int queued() {
        return backlog.tasks();
    }

    /**
     * Hosts with at least one task waiting in their queue (for their rate, a concurrency slot or a
     * global slot); safe to read from any thread without the lock.
     */
    public int backloggedHosts() {
        return backlog.hosts();
    }

    /**
     * Hosts with at least one task queued that {@code cap} holds back now (a host counts once, under
     * the first limit it meets); safe to read from any thread without the lock.
     */
    public int heldHosts(HeldBy cap) {
        if (cap == null) {
            throw new IllegalArgumentException("cap must not be null");
        }
        return held.count(cap);
    }

    /** Tasks started and not yet released. */
    public int inFlight() {
        synchronized (lock) {
            return inFlight;
        }
    }

    /** Hosts with state held (queued, in flight, parked ahead, or not yet rested). */
    public int hosts() {
        synchronized (lock) {
            return hosts.size();
        }
    }

    /**
     * Reads {@code host}'s state (null when the host is unknown) under the lock. Only tests look at one
     * host from outside (through their {@code SchedulerView}); the worker reads the totals above.
     */
    <T> T readHost(String host, Function<HostState, T> read) {
        synchronized (lock) {
            return read.apply(hosts.get(host));
        }
    }

    /** Reads the per-address slots under the lock, for the tests' {@code SchedulerView} as {@link #readHost}. */
    <T> T readAddresses(Function<AddressCaps, T> read) {
        synchronized (lock) {
            return read.apply(addressCaps);
        }
    }

    /**
     * Starts what may start now, on the timer thread: for a {@link StartGate} that has opened again
     * (its owner's thread, a producer's I/O thread say, is no place to start requests on).
     */
    public void wake() {
        synchronized (lock) {
            if (closed || stopStarting) {
                return; // nothing will start again (and the timer may be gone already)
            }
        }
        time.schedule(0, this::pump);
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
                cancelled.addAll(h.queue.clear());
                disarm(h);
                h.waitingForAddress = false;
                held.track(h);
            }
            ready.clear();
            addressCaps.clearWaiting();
            if (sweep != null) {
                sweep.cancel();
            }
        }
        TaskHandoffs.cancelAll(cancelled, "scheduler closed");
    }

    /** The request of {@code permit} was written just now: the host's next start counts from here. */
    void sent(Permit permit) {
        long now = time.nanoTime(); // read first: the closer to the write, the truer
        HostState h = permit.hostState();
        boolean ready;
        synchronized (lock) {
            if (permit.ended) {
                return;
            }
            permit.sentAt = now;
            h.pace.sent(now);
            if (permit.unsent) {
                permit.unsent = false;
                h.sending--;
            }
            if (closed || hosts.get(h.host) != h) {
                return;
            }
            evaluate(h, now);
            ready = h.inReadyRing;
        }
        if (ready) {
            pump();
        }
    }

    /** The request of {@code permit} will be written again: its host waits for that write as well. */
    void resending(Permit permit) {
        synchronized (lock) {
            if (!permit.ended && !permit.unsent) {
                permit.unsent = true;
                HostState h = permit.hostState();
                h.sending++;
                held.track(h);
            }
        }
    }

    void release(Permit permit, Permit.Feedback feedback, long retryAfterNanos) {
        HostState h = permit.hostState();
        List<Deferral> deferred = List.of();
        synchronized (lock) {
            permit.ended = true;
            if (permit.unsent) {
                permit.unsent = false; // never written: the bucket keeps the time it was let go
                h.sending--;
            }
            h.inFlight--;
            inFlight--;
            long now = time.nanoTime();
            long intervalBefore = h.pace.interval();
            long latency = now - (permit.sentAt != Long.MIN_VALUE ? permit.sentAt : permit.letGoAt);
            switch (feedback) {
                case ANSWERED -> {
                    h.pace.recover();
                    h.pace.answered(latency, false);
                }
                case SERVER_ERROR -> {
                    h.pace.recover();
                    h.pace.answered(latency, true);
                }
                case THROTTLED -> h.pace.throttle(now, retryAfterNanos);
                case TIMED_OUT -> h.pace.answered(latency, true);
                case NONE -> { }
            }
            boolean current = hosts.get(h.host) == h && !closed;
            addressCaps.follow(h, permit.dialedAddress());
            if (current) {
                if (feedback == Permit.Feedback.THROTTLED || h.pace.interval() > intervalBefore) {
                    deferred = trim(h, now);
                }
                evaluate(h, now);
            }
            addressCaps.release(permit.address(), !closed, w -> hosts.get(w.host) == w && readyAfter(w, now));
            held.track(h);
        }
        TaskHandoffs.deferAll(deferred);
        pump();
    }

    /**
     * Starts whatever may start now. Runs on the calling thread, outside the lock; a nested call
     * (a task that completed synchronously inside {@code start}) only asks the outer loop for one
     * more round, so the stack stays flat however many tasks complete at once.
     */
    private void pump() {
        pumping.run(() -> {
            List<Start> batch;
            synchronized (lock) {
                batch = takeReady();
            }
            for (Start s : batch) {
                startOne(s);
            }
        });
    }

    @SuppressWarnings("try") // the MDC entries are the resource; the body never names it
    private void startOne(Start s) {
        try {
            listener.permitted(s.waitedNanos);
        } catch (RuntimeException e) {
            // Metrics must never keep a request from starting; a listener that throws is a bug to see.
            log.error("permit listener failed", e);
        }
        try {
            s.task.start(s.permit);
        } catch (RuntimeException e) {
            // A task that throws is a bug; free its slots and end it so nothing waits for it forever.
            try (LogContext context = s.task.logContext()) {
                log.error("request to {} failed to start", s.task.host(), e);
            }
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
        while (inFlight < settings.concurrency() && gate.open()) {
            HostState h = ready.pollFirst();
            if (h == null) {
                break;
            }
            h.inReadyRing = false;
            if (h.queue.isEmpty() || hosts.get(h.host) != h || !hasHostSlot(h)) {
                held.track(h);
                continue; // emptied by a revoke, or a release will bring it back
            }
            if (!addressCaps.free(h)) {
                addressCaps.waitFor(h); // another host behind the same address took the last slot
                held.track(h);
                continue;
            }
            if (h.pace.eligibleAt() - now > 0) {
                evaluate(h, now); // slowed down while it waited for a global slot
                continue;
            }
            HostQueue.Queued next = h.queue.pollFirst();
            h.inFlight++;
            h.sending++;
            inFlight++;
            addressCaps.take(h.address);
            h.pace.consume(now);
            out.add(new Start(next.task(), new Permit(this, h, h.address, now), Math.max(0, now - next.queuedAt())));
            evaluate(h, now);
        }
        return out;
    }

    /** Puts {@code h} where it belongs and counts it under what now holds it back. */
    private void evaluate(HostState h, long now) {
        place(h, now);
        held.track(h);
    }

    /** Puts {@code h} where it belongs: the ready ring, a timer, its address's line, or nowhere. */
    private void place(HostState h, long now) {
        if (h.inReadyRing || h.queue.isEmpty() || !hasHostSlot(h) || h.address == null) {
            return; // a release, or the address lookup, brings it back
        }
        if (!addressCaps.free(h)) {
            addressCaps.waitFor(h);
            return;
        }
        // A slot is free after all (one offered to a host that now waits for a global slot): leave the
        // line, or the host would start while still counted as waiting and take a later offer for nothing.
        addressCaps.stopWaiting(h);
        long at = h.pace.eligibleAt();
        if (at - now <= 0) {
            disarm(h);
            h.inReadyRing = true;
            ready.addLast(h);
        } else {
            arm(h, at, now);
        }
    }

    private boolean hasHostSlot(HostState h) {
        return h.inFlight < settings.perHost() && h.sending == 0;
    }

    /** Re-evaluates {@code h} (its address has a free slot again) and says whether it is ready now. */
    private boolean readyAfter(HostState h, long now) {
        evaluate(h, now);
        return h.inReadyRing;
    }

    /**
     * Takes deferrable tasks off the tail of {@code h}'s queue while the last one could not start
     * within the horizon, and gives each the time its turn should come. Stops at a task that cannot
     * be deferred (a robots.txt request), which then waits in line.
     */
    private List<Deferral> trim(HostState h, long now) {
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
            disarm(h);
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

    /**
     * The state of {@code host}, created (and its address looked up) on first sight. A host first seen
     * under {@code claim} gets a bucket empty since the claim began: until then another worker may have
     * talked to it.
     */
    private HostState stateOf(String host, Claim claim, long now, AddressLookups.Batch lookup) {
        HostState h = hosts.get(host);
        if (h == null) {
            h = new HostState(host, claim, new HostPace(settings, claim.since()), now, backlog);
            hosts.put(host, h);
            lookup.begin(h);
        } else if (h.claim != claim) {
            h.claim = claim;
            h.pace.emptyAt(claim.since());
        }
        return h;
    }

    /** The address of {@code h} is known now (its lookup had to wait). */
    private void onAddress(HostState h, String address) {
        synchronized (lock) {
            if (hosts.get(h.host) != h || h.address != null || closed) {
                return;
            }
            h.address = address;
            evaluate(h, time.nanoTime());
        }
        pump();
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
            hosts.values().removeIf(h -> {
                boolean forget = h.idle() && h.pace.rested(now) && h.parkedThrough - now <= 0;
                if (forget) {
                    addressCaps.stopWaiting(h);
                }
                return forget;
            });
            scheduleSweep();
        }
    }

    private record Start(HostTask task, Permit permit, long waitedNanos) {}
}
