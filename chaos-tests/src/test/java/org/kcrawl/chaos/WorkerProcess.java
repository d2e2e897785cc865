package org.kcrawl.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One lifetime of a worker running as an OS process from its runnable jar, its output going to a log
 * file. {@link #kill()} is SIGKILL (an OOM kill or a lost node), {@link #terminate()} is SIGTERM (a pod
 * eviction or a rolling update).
 */
final class WorkerProcess {
    private final String name;
    private final Process process;
    private final Path log;
    private final int metricsPort;
    private final long startedNanos;
    private final CompletableFuture<Long> exitedNanos;

    private WorkerProcess(String name, Process process, Path log, int metricsPort, long startedNanos) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.metricsPort = metricsPort;
        this.startedNanos = startedNanos;
        // Taken by the JDK's process reaper as it sees the exit, so it does not depend on when anyone waits.
        this.exitedNanos = process.onExit().thenApply(p -> System.nanoTime());
    }

    /**
     * Starts {@code launch} as {@code name}, writing its output to {@code log}. The test JVM's own
     * {@code KCRAWL_*} and {@code KAFKA_*} variables are not inherited, so a developer's shell cannot change
     * what the test runs.
     *
     * @param metricsPort the port the launch serves metrics on, or 0 when it serves none or picks its own
     */
    static WorkerProcess start(String name, WorkerLaunch launch, Path log, int metricsPort) {
        ProcessBuilder builder = new ProcessBuilder(launch.command());
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(k -> k.startsWith("KCRAWL_") || k.startsWith("KAFKA_"));
        env.putAll(launch.env());
        builder.redirectErrorStream(true);
        builder.redirectOutput(log.toFile());
        builder.redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
        try {
            Files.createDirectories(log.getParent());
            long started = System.nanoTime();
            return new WorkerProcess(name, builder.start(), log, metricsPort, started);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start worker " + name + ": " + launch.command(), e);
        }
    }

    /** The slot name and lifetime, e.g. {@code fetcher-1#3}. */
    String name() {
        return name;
    }

    /** The operating system's process id. */
    long pid() {
        return process.pid();
    }

    /** The metrics port this lifetime was given, if any. */
    OptionalInt metricsPort() {
        return metricsPort > 0 ? OptionalInt.of(metricsPort) : OptionalInt.empty();
    }

    /** {@link System#nanoTime()} just before the process was started. */
    long startedNanos() {
        return startedNanos;
    }

    /** {@link System#nanoTime()} when the exit was seen; fails when the process has not exited. */
    long exitedNanos() {
        if (!exitedNanos.isDone()) {
            throw new IllegalStateException(name + " has not exited");
        }
        return exitedNanos.join();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Completes with the process when it has exited, whatever the reason. */
    CompletableFuture<Process> onExit() {
        return process.onExit();
    }

    /**
     * SIGKILL: the process gets no chance to finish anything. Its children (a render worker's browser) are
     * killed with it, as they are when a container or pod dies, so that none is left running.
     */
    void kill() {
        java.util.List<ProcessHandle> children = process.descendants().toList();
        process.destroyForcibly();
        children.forEach(ProcessHandle::destroyForcibly);
    }

    /** SIGTERM: the worker's shutdown hook stops it gracefully. */
    void terminate() {
        process.destroy();
    }

    /** Waits for the process to exit; true when it has. */
    boolean awaitExit(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return false;
            }
            exitedNanos.join();
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + name + " to exit", e);
        }
    }

    /** The exit code, once exited. */
    OptionalInt exitCode() {
        return process.isAlive() ? OptionalInt.empty() : OptionalInt.of(process.exitValue());
    }

    /** The log file of this lifetime. */
    Path log() {
        return log;
    }

    /** The last {@code lines} lines of the log, for failure messages. */
    String logTail(int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(cannot read " + log + ": " + e + ")";
        }
    }

    /** The whole log; the workers' logs of one test are small. */
    String logText() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + log, e);
        }
    }

    @Override
    public String toString() {
        return name + "[pid " + process.pid() + (process.isAlive() ? "" : ", exit " + process.exitValue()) + "]";
    }

    private static java.io.File nullDevice() {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }
}
