package org.kcrawl.chaos;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;

/** The worker replicas of one test; closing it stops every process it started. */
final class Workers implements AutoCloseable {
    private static final Duration STOP_GRACE = Duration.ofSeconds(30);

    private final Path logDir;
    private final List<WorkerSlot> slots = new CopyOnWriteArrayList<>();
    /** Kills what still runs should the test JVM itself be stopped, so no worker outlives its test. */
    private final Thread orphanGuard = new Thread(this::killAll, "chaos-orphan-guard");

    Workers(Path logDir) {
        this.logDir = logDir;
        Runtime.getRuntime().addShutdownHook(orphanGuard);
    }

    /** Adds a replica named {@code kind-n}; it does not start until {@link #startAll()} or its own start. */
    synchronized WorkerSlot add(WorkerLaunch launch) {
        long same = slots.stream().filter(s -> s.kind() == launch.kind()).count();
        WorkerSlot slot = new WorkerSlot(launch.kind().label() + "-" + (same + 1), launch, logDir);
        slots.add(slot);
        return slot;
    }

    /** Starts every replica that is not running. */
    synchronized void startAll() {
        for (WorkerSlot s : slots) {
            if (!s.isRunning()) {
                s.start();
            }
        }
    }

    synchronized List<WorkerSlot> slots() {
        return List.copyOf(slots);
    }

    /** A replica of {@code kind} chosen by {@code random}. */
    synchronized WorkerSlot random(WorkerKind kind, Random random) {
        List<WorkerSlot> ofKind = slots.stream().filter(s -> s.kind() == kind).toList();
        if (ofKind.isEmpty()) {
            throw new IllegalStateException("no " + kind.label() + " replicas");
        }
        return ofKind.get(random.nextInt(ofKind.size()));
    }

    /** The kinds of the replicas, in the order they were first added. */
    synchronized List<WorkerKind> kinds() {
        return slots.stream().map(WorkerSlot::kind).distinct().toList();
    }

    /** True when every replica's process runs. */
    synchronized boolean allRunning() {
        return slots.stream().allMatch(WorkerSlot::isRunning);
    }

    /** Exits nobody asked for, over all replicas and lifetimes. */
    synchronized List<String> unexpectedExits() {
        List<String> out = new ArrayList<>();
        slots.forEach(s -> out.addAll(s.unexpectedExits()));
        return out;
    }

    /** Lifetimes started over all replicas. */
    synchronized int lifetimes() {
        return slots.stream().mapToInt(s -> s.lifetimes().size()).sum();
    }

    /** SIGTERM to every running process at once, SIGKILL to those still running after a grace period. */
    @Override
    public synchronized void close() {
        for (WorkerSlot s : slots) {
            if (s.isRunning()) {
                s.current().terminate();
            }
        }
        for (WorkerSlot s : slots) {
            s.stop(STOP_GRACE);
        }
        Runtime.getRuntime().removeShutdownHook(orphanGuard);
    }

    private void killAll() {
        // Runs in a shutdown hook, so it takes no lock (a strike may hold one): copy-on-write lists only.
        for (WorkerSlot s : slots) {
            s.lifetimes().forEach(WorkerProcess::kill);
        }
    }
}
