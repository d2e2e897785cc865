package org.kcrawl.chaos;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One worker replica, as a Kubernetes deployment would keep it: a process that is started again after it
 * is killed. Each start is a new lifetime with a log file of its own. An exit the harness did not cause
 * is recorded, since a worker that dies by itself is a finding, not noise.
 */
final class WorkerSlot {
    private static final Duration EXIT_WAIT = Duration.ofSeconds(15);

    private final String name;
    private final WorkerLaunch launch;
    private final Path logDir;
    private final List<String> unexpectedExits = Collections.synchronizedList(new ArrayList<>());
    private final List<WorkerProcess> lifetimes = new CopyOnWriteArrayList<>();
    private WorkerProcess current;
    private boolean exitExpected;

    WorkerSlot(String name, WorkerLaunch launch, Path logDir) {
        if (name == null || !name.matches("[a-z0-9-]+")) {
            throw new IllegalArgumentException("name must be [a-z0-9-]+ but was " + name);
        }
        if (launch == null || logDir == null) {
            throw new IllegalArgumentException("launch and logDir are required");
        }
        this.name = name;
        this.launch = launch;
        this.logDir = logDir;
    }

    String name() {
        return name;
    }

    WorkerKind kind() {
        return launch.kind();
    }

    /** Starts a new lifetime; the previous one must have exited. */
    synchronized WorkerProcess start() {
        if (current != null && current.isAlive()) {
            throw new IllegalStateException(current + " is still running");
        }
        int lifetime = lifetimes.size() + 1;
        int port = 0;
        WorkerLaunch l = launch;
        if (launch.kind().hasSetting("metrics_port")) {
            port = LoopbackPorts.free();
            l = launch.withEnv(launch.kind().env("metrics_port"), Integer.toString(port));
        }
        WorkerProcess p = WorkerProcess.start(name + "#" + lifetime, l, logDir.resolve(name + "." + lifetime + ".log"),
                port);
        exitExpected = false;
        current = p;
        lifetimes.add(p);
        p.onExit().thenRun(() -> exited(p));
        return p;
    }

    /** SIGKILL, then waits for the exit. */
    synchronized void kill() {
        WorkerProcess p = running("kill");
        exitExpected = true;
        p.kill();
        if (!p.awaitExit(EXIT_WAIT)) {
            throw new IllegalStateException(p + " survived SIGKILL for " + EXIT_WAIT);
        }
    }

    /** SIGTERM without waiting; {@link #awaitExit} measures how long the graceful stop takes. */
    synchronized WorkerProcess terminate() {
        WorkerProcess p = running("terminate");
        exitExpected = true;
        p.terminate();
        return p;
    }

    /** Waits for the current lifetime to exit. */
    boolean awaitExit(Duration timeout) {
        WorkerProcess p;
        synchronized (this) {
            p = current;
        }
        return p == null || p.awaitExit(timeout);
    }

    /** True while the current lifetime runs. */
    synchronized boolean isRunning() {
        return current != null && current.isAlive();
    }

    /** The current (or last) lifetime. */
    synchronized WorkerProcess current() {
        if (current == null) {
            throw new IllegalStateException(name + " was never started");
        }
        return current;
    }

    /** Every lifetime so far, oldest first; takes no lock, so a shutdown hook may call it. */
    List<WorkerProcess> lifetimes() {
        return List.copyOf(lifetimes);
    }

    /** Exits the harness did not cause, each with the end of that lifetime's log. */
    List<String> unexpectedExits() {
        synchronized (unexpectedExits) {
            return List.copyOf(unexpectedExits);
        }
    }

    /** Ends the current lifetime for good: SIGTERM, then SIGKILL after {@code grace}. */
    synchronized void stop(Duration grace) {
        if (current == null || !current.isAlive()) {
            return;
        }
        exitExpected = true;
        current.terminate();
        if (!current.awaitExit(grace)) {
            current.kill();
            current.awaitExit(EXIT_WAIT);
        }
    }

    private void exited(WorkerProcess p) {
        boolean expected;
        synchronized (this) {
            expected = exitExpected || p != current;
        }
        if (!expected) {
            unexpectedExits.add(p + " exited by itself:\n" + p.logTail(40));
        }
    }

    private WorkerProcess running(String action) {
        if (current == null || !current.isAlive()) {
            throw new IllegalStateException("cannot " + action + " " + name + ": not running");
        }
        return current;
    }

    @Override
    public String toString() {
        return name;
    }
}
