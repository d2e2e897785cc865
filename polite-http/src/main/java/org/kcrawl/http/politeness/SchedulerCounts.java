package org.kcrawl.http.politeness;

import java.util.List;
import org.kcrawl.common.Checks;

/**
 * A {@link HostScheduler}'s totals, for metrics, the progress line and drain checks: tasks queued,
 * hosts backlogged and what holds them back ({@link HeldHosts}), requests in flight, hosts held. The
 * first three are kept as tasks and hosts change, so they are read from any thread without a scan or
 * the scheduler's lock; the other two are read under that lock.
 */
public final class SchedulerCounts {
    private final Object lock;
    private final Backlog backlog;
    private final HeldHosts held;
    private final HostTable hosts;
    private final LimitedHosts limited;
    /** Requests started and not yet released; the scheduler counts them under its lock. */
    int inFlight;

    SchedulerCounts(Object lock, Backlog backlog, HeldHosts held, HostTable hosts, LimitedHosts limited) {
        this.lock = lock;
        this.backlog = backlog;
        this.held = held;
        this.hosts = hosts;
        this.limited = limited;
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
        return held.count(Checks.notNull(cap, "cap"));
    }

    /**
     * Hosts held whose servers' refusals keep them below the configured rate, held back now or not; safe
     * to read from any thread without the lock.
     */
    public int limitedHosts() {
        return limited.hosts();
    }

    /**
     * The {@code max} slowest hosts (or IP addresses, for hosts refused together) that their servers' refusals
     * keep below the configured rate, those holding requests back first.
     */
    public List<ServerLimit> serverLimits(int max) {
        synchronized (lock) {
            return limited.slowest(max);
        }
    }

    /** The lowest rate a server's refusals hold one of the hosts (or an address) to; 0 when none is limited. */
    public double slowestLimitedRate() {
        synchronized (lock) {
            return limited.slowestRate();
        }
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
}
