package org.kcrawl.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the worker groups' membership changing, as an autoscaler and rolling updates would: every period,
 * for each kind of worker, one member leaves for good and a new one (a new slot, a new name) joins.
 *
 * <p>The schedule, drawn from a seeded {@link Random} so a run can be replayed: for each kind in turn, a
 * random current member leaves, and the new member starts either before the leaver is stopped (the group
 * briefly has one member more) or after (one fewer), with even odds. Leaves alternate within a step between
 * SIGTERM (a graceful stop: the worker drains and commits) and SIGKILL (a lost node: its uncommitted work
 * is redone by the next owner), the step's first kind getting either with even odds, so every step has
 * both. Each leave and join is a rebalance of that group. Steps run on a timer thread of their own.
 */
final class MembershipChurn implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(MembershipChurn.class);

    /** How a member left. */
    enum Exit { SIGTERM, SIGKILL }

    /** Something that happened to the crawl's processes, in milliseconds from the churn's origin. */
    record Event(long atMillis, String what, String who) {}

    private final Workers workers;
    private final Map<WorkerKind, WorkerLaunch> launches;
    private final Random random;
    private final long periodMillis;
    private final long originNanos = System.nanoTime();
    private final Map<WorkerKind, List<WorkerSlot>> members = new EnumMap<>(WorkerKind.class);
    private final List<Event> events = new ArrayList<>();
    private final List<Throwable> errors = new ArrayList<>();
    private final Map<Exit, Integer> exits = new EnumMap<>(Exit.class);
    private int steps;
    private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
        Thread t = new Thread(r, "membership-churn");
        t.setDaemon(true);
        return t;
    });

    /**
     * @param launches how a new member of each kind starts; the kinds churned, in this order each step
     */
    MembershipChurn(Workers workers, Map<WorkerKind, WorkerLaunch> launches, Random random, Duration period) {
        if (period.isNegative() || period.isZero()) {
            throw new IllegalArgumentException("period must be positive but was " + period);
        }
        if (launches.isEmpty()) {
            throw new IllegalArgumentException("launches must name at least one kind of worker");
        }
        this.workers = workers;
        this.launches = new EnumMap<>(launches);
        this.random = random;
        this.periodMillis = period.toMillis();
        this.launches.keySet().forEach(k -> members.put(k, new ArrayList<>()));
        // A step still waiting for its time when the churn is closed must not happen at all.
        timer.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    /** Starts {@code count} first members of {@code kind}. */
    synchronized void startMembers(WorkerKind kind, int count) {
        for (int i = 0; i < count; i++) {
            join(kind);
        }
    }

    /** Schedules a step every period from one period on. */
    void start() {
        timer.scheduleWithFixedDelay(this::step, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
    }

    /** Stops churning and waits for a step in progress, so the membership is whole afterwards. */
    @Override
    public void close() {
        timer.shutdown();
        try {
            if (!timer.awaitTermination(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("a churn step did not finish within 60 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping the churn", e);
        }
    }

    /** When the churn was made, in {@link System#nanoTime()}: what its events' times count from. */
    long originNanos() {
        return originNanos;
    }

    /** Records an event of the test's own (a broker kill) on the churn's clock, for one timeline. */
    synchronized void record(String what, String who) {
        Event e = new Event(Duration.ofNanos(System.nanoTime() - originNanos).toMillis(), what, who);
        events.add(e);
        log.info("churn: {} {} at +{} ms", e.what(), e.who(), e.atMillis());
    }

    synchronized List<Event> events() {
        return List.copyOf(events);
    }

    /** Failures of the churn itself (a worker that would not die or start); empty in a sound run. */
    synchronized List<Throwable> errors() {
        return List.copyOf(errors);
    }

    /** Steps completed. */
    synchronized int steps() {
        return steps;
    }

    /** Members that left by {@code exit}. */
    synchronized int exits(Exit exit) {
        return exits.getOrDefault(exit, 0);
    }

    /** Members that joined, the first ones included. */
    synchronized long joins() {
        return events.stream().filter(e -> e.what().equals("join")).count();
    }

    /** True when every current member's process runs (those that left are not members). */
    synchronized boolean membersRunning() {
        return members.values().stream().flatMap(List::stream).allMatch(WorkerSlot::isRunning);
    }

    private synchronized void step() {
        try {
            boolean kill = random.nextBoolean();
            for (WorkerKind kind : launches.keySet()) {
                List<WorkerSlot> current = members.get(kind);
                WorkerSlot leaver = current.get(random.nextInt(current.size()));
                Exit exit = kill ? Exit.SIGKILL : Exit.SIGTERM;
                kill = !kill;
                boolean joinFirst = random.nextBoolean();
                if (joinFirst) {
                    join(kind);
                }
                leave(leaver, exit);
                if (!joinFirst) {
                    join(kind);
                }
            }
            steps++;
        } catch (RuntimeException e) {
            errors.add(e);
            log.error("churn: step {} failed", steps + 1, e);
        }
    }

    private void join(WorkerKind kind) {
        WorkerSlot slot = workers.add(launches.get(kind));
        slot.start();
        members.get(kind).add(slot);
        record("join", slot.name());
    }

    private void leave(WorkerSlot slot, Exit exit) {
        members.get(slot.kind()).remove(slot);
        if (exit == Exit.SIGKILL) {
            slot.kill();
        } else {
            // Not waited for: a graceful stop takes its drain time, while the group goes on without it.
            slot.terminate();
        }
        exits.merge(exit, 1, Integer::sum);
        record("leave-" + exit.name().toLowerCase(java.util.Locale.ROOT), slot.name());
    }
}
