package org.kcrawl.testkit.kafka;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * One node of a {@link KraftCluster}: Kafka's own {@code kafka.Kafka} main running a combined broker and
 * controller from a properties file, in a JVM of its own so that it can be killed with SIGKILL and started
 * again on the same log directory and ports. Its output is appended to one file over all its lifetimes.
 */
final class KraftNodeProcess {
    /** Small heap and a quick-starting JIT: three nodes, the workers and the test share two cores. */
    static final List<String> JVM_OPTIONS = List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
            "-Xss512k");
    private static final String MAIN_CLASS = "kafka.Kafka";
    private static final Duration EXIT_WAIT = Duration.ofSeconds(15);

    private final int nodeId;
    private final Path dir;
    private final Path output;
    private final Map<String, String> config;
    /** Volatile so that {@link #destroyNow} can run in a shutdown hook without the lock. */
    private volatile Process process;
    private int lifetimes;

    /**
     * @param dir the node's own directory: its Kafka log directory and properties file go there
     * @param output the file the node's output is appended to
     * @param config the node's broker properties, whose {@code log.dirs} must lie under {@code dir}
     */
    KraftNodeProcess(int nodeId, Path dir, Path output, Map<String, String> config) {
        this.nodeId = nodeId;
        this.dir = dir.toAbsolutePath();
        this.output = output.toAbsolutePath();
        this.config = Map.copyOf(config);
    }

    /** Writes the properties file and starts a new lifetime; the previous one must have exited. */
    synchronized void start() {
        if (isRunning()) {
            throw new IllegalStateException(this + " is still running");
        }
        try {
            Files.createDirectories(dir);
            Files.createDirectories(output.getParent());
            Path properties = writeProperties();
            Files.writeString(output, "---- lifetime " + (lifetimes + 1) + " of node " + nodeId + "\n",
                    StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
            ProcessBuilder builder = new ProcessBuilder(command(properties));
            builder.redirectErrorStream(true);
            builder.redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()));
            builder.redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
            process = builder.start();
            lifetimes++;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start Kafka node " + nodeId + " in " + dir, e);
        }
    }

    /** SIGKILL, as a lost machine or an OOM kill would end it, then waits for the exit. */
    synchronized void kill() {
        Process p = running("kill");
        p.destroyForcibly();
        awaitExit(p, "SIGKILL");
    }

    /** SIGTERM without waiting: Kafka's shutdown hook stops the node. */
    synchronized void terminate() {
        if (isRunning()) {
            process.destroy();
        }
    }

    /** SIGKILL without waiting or locking, for a shutdown hook. */
    void destroyNow() {
        Process p = process;
        if (p != null) {
            p.destroyForcibly();
        }
    }

    /** SIGTERM: Kafka's shutdown hook stops the node; SIGKILL after {@code grace}. */
    synchronized void stop(Duration grace) {
        if (!isRunning()) {
            return;
        }
        process.destroy();
        if (!waitFor(process, grace)) {
            process.destroyForcibly();
            awaitExit(process, "SIGKILL after SIGTERM");
        }
    }

    synchronized boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** The file the node's output is appended to. */
    Path output() {
        return output;
    }

    /** The last {@code lines} lines of the node's output, for failure messages. */
    String outputTail(int lines) {
        try {
            List<String> all = Files.readAllLines(output(), StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(cannot read " + output() + ": " + e + ")";
        }
    }

    /** The test JVM's {@code java} and class path, which hold Kafka's server (kafka_2.13) and a logging backend. */
    private static List<String> command(Path properties) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(JVM_OPTIONS);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(MAIN_CLASS);
        cmd.add(properties.toString());
        return cmd;
    }

    private Path writeProperties() throws IOException {
        Properties props = new Properties();
        props.putAll(config);
        Path file = dir.resolve("server.properties");
        try (OutputStream out = Files.newOutputStream(file)) {
            props.store(out, "Kafka node " + nodeId + " of a kcrawl test cluster");
        }
        return file;
    }

    private Process running(String action) {
        if (!isRunning()) {
            throw new IllegalStateException("cannot " + action + " Kafka node " + nodeId + ": not running");
        }
        return process;
    }

    private void awaitExit(Process p, String how) {
        if (!waitFor(p, EXIT_WAIT)) {
            throw new IllegalStateException("Kafka node " + nodeId + " (pid " + p.pid() + ") survived " + how
                    + " for " + EXIT_WAIT);
        }
    }

    private boolean waitFor(Process p, Duration timeout) {
        try {
            return p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for Kafka node " + nodeId + " to exit", e);
        }
    }

    private static java.io.File nullDevice() {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    @Override
    public synchronized String toString() {
        return "Kafka node " + nodeId + (process == null ? "" : " [pid " + process.pid()
                + (process.isAlive() ? "" : ", exit " + process.exitValue()) + "]");
    }
}
