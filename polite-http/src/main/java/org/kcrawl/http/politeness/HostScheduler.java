package org.kcrawl.http.politeness;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.kcrawl.common.Checks;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.http.politeness.TaskHandoffs.Deferral;
import org.kcrawl.http.politeness.TaskHandoffs.Start;

/**
 * Decides when each request may go out: per-host FIFO queues, served round-robin over the hosts
 * that are ready, under a per-host rate (token bucket, {@link HostPace}), a per-host concurrency
 * cap, a per-address concurrency cap (hosts sharing an IP, {@link AddressCaps}) and a global
 * in-flight cap.
 *
 * <ul>
 *   <li>No head-of-line blocking: a host that is rate-limited, paused, at its concurrency cap or
 *       behind a busy address is simply not in the {@link ReadyRing}, so it never holds more than its
 *       own slots and the others keep going.</li>
 *   <li>Bounded backlog: a host's queue reaches at most {@code maxQueueWait} ahead at its current
 *       pace; the caller parks what does not fit ({@link #parkUntil}), and queued tasks that no longer
 *       fit are handed back ({@link BacklogBound}).</li>
 *   <li>Waiting is a timer per waiting host ({@link HostTimers}), never a sleeping thread.</li>
 *   <li>Thread-safe: tasks arrive from the poll thread and completions from I/O threads. State is
 *       guarded by one lock; tasks are started, cancelled and deferred outside it, and a task that
 *       completes synchronously does not recurse (dispatch is trampolined per thread).</li>
 *   <li>Partition-aware: tasks carry the poll loop's claim on their partition
 *       ({@link org.kcrawl.common.kafka.PartitionOwnership}), so submissions under a claim that has ended
 *       are refused, and told which partitions are gone, the scheduler cancels their queued tasks.</li>
 *   <li>Observable: a {@link PermitListener} hears how long each request waited in its host's
 *       queue, and the totals ({@link #counts()}) are read by metrics from any thread.</li>
 * </ul>
 *
 * <p>Hosts are held in a {@link HostTable}, which also says why a host first seen under a claim waits
 * one interval from the claim's start. A host's address is looked up once when the host is first seen
 * ({@link HostAddresses}); until it is known the host does not start. The answer of each request
 * tells where it really went, and the host follows when that changes.
 *
 * <p>Real starts: a host's interval counts from the moment its previous request was written to the
 * socket, which the HTTP client reports through the {@link Permit}; {@link RequestEnds} handles that and
 * what an ended request says about its host (a refusal lowers the rate the host, or its address, learned).
 */
public final class HostScheduler implements AutoCloseable {
    private final PolitenessSettings settings;
    private final TimeSource time;
    private final AddressLookups lookups;
    private final PermitListener listener;
    private final GateWatch gate;
    private final Object lock = new Object();
    private final AddressCaps addressCaps;
    private final AddressPaces addressPaces;
    private final RequestEnds ends;
    private final HeldHosts held;
    private final HostTable hosts;
    private final HostTimers timers;
    private final BacklogBound backlogBound;
    private final SchedulerCounts counts;
    private final ReadyRing ring;
    private final Trampoline pumping = new Trampoline();
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
        this.gate = new GateWatch(Checks.notNull(gate, "gate"));
        this.settings = Checks.notNull(settings, "settings");
        this.time = Checks.notNull(time, "time");
        this.lookups = new AddressLookups(Checks.notNull(addresses, "addresses"), this::onAddress);
        this.listener = Checks.notNull(listener, "listener");
        this.addressCaps = new AddressCaps(settings.perAddress());
        this.addressPaces = new AddressPaces(settings.rate(), settings.maxRetryAfterNanos());
        this.held = new HeldHosts(settings.perHost(), addressPaces);
        LimitedHosts limited = new LimitedHosts(addressPaces);
        Backlog backlog = new Backlog();
        this.hosts = new HostTable(settings, backlog, addressCaps, new RememberedRates(settings.rate()), limited);
        this.timers = new HostTimers(time, this::onTimer);
        this.backlogBound = new BacklogBound(new QueueHorizon(settings), time, timers, addressCaps);
        this.ring = new ReadyRing(settings.perHost(), timers, addressCaps, addressPaces, held);
        this.counts = new SchedulerCounts(lock, backlog, held, hosts, limited);
        this.ends = new RequestEnds(lock, time, new RequestEnds.Parts(hosts, ring, held, addressCaps, addressPaces,
                new PaceFeedback(addressPaces, limited), backlogBound, counts), () -> closed, this::pump);
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
            for (HostState h : hosts.all()) {
                cancelled.addAll(h.queue.removeIf(t -> set.contains(t.partition())));
                if (h.queue.isEmpty()) {
                    timers.disarm(h);
                    addressCaps.stopWaiting(h);
                }
                held.track(h);
            }
            hosts.forgetIdle(set);
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
        Checks.notNull(host, "host");
        Checks.notNegative(waitingElsewhere, "waitingElsewhere");
        Checks.notNull(claim, "claim");
        AddressLookups.Batch lookup = lookups.batch();
        Instant until = null;
        synchronized (lock) {
            if (!closed && claim.isCurrent()) {
                long now = time.nanoTime();
                HostState h = hosts.stateOf(host, claim, now, lookup);
                until = backlogBound.parkUntil(h, h.queue.size() + waitingElsewhere, returning, now);
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
        Checks.notNull(task, "task");
        boolean accepted;
        AddressLookups.Batch lookup = lookups.batch();
        List<Deferral> deferred = List.of();
        synchronized (lock) {
            accepted = !closed && task.claim().isCurrent();
            if (accepted) {
                long now = time.nanoTime();
                HostState h = hosts.stateOf(task.host(), task.claim(), now, lookup);
                if (crawlDelay != null) {
                    h.pace.crawlDelay(crawlDelay.toNanos());
                }
                h.queue.addLast(task, now);
                deferred = backlogBound.trim(h, now);
                ring.evaluate(h, now);
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
                deferred = backlogBound.trim(h, now);
                ring.evaluate(h, now);
            }
        }
        TaskHandoffs.deferAll(deferred);
    }

    /**
     * Tells {@code listener} every change of a host's learned rate from now on (see {@link RateListener});
     * set before the first request.
     */
    public void rateListener(RateListener listener) {
        ends.rates(Checks.notNull(listener, "listener"));
    }

    /**
     * Rates hosts learned before, under the previous owner of their partitions or before a restart: a host
     * not held now takes its rate back when it is next seen (one held now keeps what it learned since).
     */
    public void resumeRates(Collection<HostRate> learned) {
        synchronized (lock) {
            hosts.resume(learned);
        }
    }

    /** The scheduler's totals: tasks queued, hosts backlogged or held back, requests in flight, hosts held. */
    public SchedulerCounts counts() {
        return counts;
    }

    /**
     * Reads {@code host}'s state (null when the host is unknown) under the lock. Only tests look at one
     * host from outside (through their {@code SchedulerView}); the worker reads the {@link #counts()}.
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
            for (HostState h : hosts.all()) {
                cancelled.addAll(h.queue.clear());
                timers.disarm(h);
                h.waitingForAddress = false;
                held.track(h);
            }
            ring.clear();
            addressCaps.clearWaiting();
            if (sweep != null) {
                sweep.cancel();
            }
        }
        TaskHandoffs.cancelAll(cancelled, "scheduler closed");
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
            TaskHandoffs.startAll(batch, listener);
        });
    }

    private List<Start> takeReady() {
        List<Start> out = new ArrayList<>();
        if (closed || stopStarting) {
            return out;
        }
        long now = time.nanoTime();
        while (counts.inFlight < settings.concurrency() && gate.open(now)) {
            HostState h = ring.poll();
            if (h == null) {
                break;
            }
            if (h.queue.isEmpty() || !hosts.holds(h) || !ring.hasHostSlot(h)) {
                held.track(h);
                continue; // emptied by a revoke, or a release will bring it back
            }
            if (!addressCaps.free(h)) {
                addressCaps.waitFor(h); // another host behind the same address took the last slot
                held.track(h);
                continue;
            }
            long due = ring.eligibleAt(h);
            if (due - now > 0 || gate.held(due, h.pace.interval()) && h.pace.toPlace(now)) {
                ring.evaluate(h, now); // slowed down (or its address was) while it waited, or held with others
                continue;
            }
            HostQueue.Queued next = h.queue.pollFirst();
            h.inFlight++;
            h.sending++;
            counts.inFlight++;
            addressCaps.take(h.address);
            Permit permit = new Permit(ends, h, h.address, now);
            permit.addressOnPace = addressPaces.consume(h.address, h.host, now);
            permit.onPace = h.pace.consume(now);
            out.add(new Start(next.task(), permit, Math.max(0, now - next.queuedAt())));
            ring.evaluate(h, now);
        }
        return out;
    }

    /** The address of {@code h} is known now (its lookup had to wait). */
    private void onAddress(HostState h, String address) {
        synchronized (lock) {
            if (!hosts.holds(h) || h.address != null || closed) {
                return;
            }
            h.address = address;
            ring.evaluate(h, time.nanoTime());
        }
        pump();
    }

    /** A timer of {@code h}'s fired: unless it was disarmed or replaced meanwhile, the host gets another look. */
    private void onTimer(HostState h, Object token) {
        synchronized (lock) {
            if (!timers.spend(h, token) || closed || !hosts.holds(h)) {
                return;
            }
            ring.evaluate(h, time.nanoTime());
        }
        pump();
    }

    private void scheduleSweep() {
        sweep = time.schedule(HostTable.SWEEP_INTERVAL_NANOS, this::sweepRested);
    }

    /** Forgets idle hosts whose state equals a fresh one, so memory follows active hosts only. */
    private void sweepRested() {
        synchronized (lock) {
            if (closed) {
                return;
            }
            long now = time.nanoTime();
            hosts.forgetRested(now);
            addressPaces.forgetIdle(now);
            scheduleSweep();
        }
    }
}
