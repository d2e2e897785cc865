package org.kcrawl.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The {@code crawl} command as an OS process with its stdout a pipe the test reads, the way
 * {@code crawl ... | head} runs it: only a real process and a real pipe show what happens when the
 * reader goes away (Java ignores SIGPIPE, so the command sees a failed write). Its stderr goes to a file;
 * the test JVM's {@code KCRAWL_*} and {@code KAFKA_*} variables are not passed on.
 */
final class CommandProcess implements AutoCloseable {
    /**
     * The JVM options the {@code crawl} script gives a crawl (its {@code opts=(...)} line), so the command
     * runs here with the JIT, collector and heap a user's has: how soon it stops depends on them.
     */
    private static final List<String> SCRIPT_JVM_OPTIONS = scriptJvmOptions(Path.of("..", "crawl"));

    private final Process process;
    private final Path stderr;
    private final BufferedReader stdout;
    private final CompletableFuture<Long> exitedNanos;

    private CommandProcess(Process process, Path stderr) {
        this.process = process;
        this.stderr = stderr;
        this.stdout = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        // Taken by the JDK's process reaper as it sees the exit, so it does not depend on when anyone waits.
        this.exitedNanos = process.onExit().thenApply(p -> System.nanoTime());
    }

    /**
     * Writes a logback configuration for a child command into {@code dir}: {@code rootLevel} and above to
     * stderr (Kafka's own loggers at WARN), never to stdout, where the command writes its JSON Lines.
     */
    static Path stderrLogging(Path dir, String rootLevel) throws IOException {
        Path file = dir.resolve("logback-child.xml");
        Files.writeString(file, """
                <configuration>
                  <appender name="STDERR" class="ch.qos.logback.core.ConsoleAppender">
                    <target>System.err</target>
                    <encoder><pattern>%d{HH:mm:ss.SSS} %-5level [%thread] %logger{24} - %msg%n</pattern></encoder>
                  </appender>
                  <root level="ROOT_LEVEL"><appender-ref ref="STDERR"/></root>
                  <logger name="org.apache.kafka" level="WARN"/>
                </configuration>
                """.replace("ROOT_LEVEL", rootLevel), StandardCharsets.UTF_8);
        return file;
    }

    /**
     * Starts {@code crawl args...} on this JVM's class path, logging as configured by {@code logbackConfig}
     * (the test class path holds test logging set up for stdout, which would mix with the JSON Lines).
     */
    static CommandProcess start(Path workDir, Path logbackConfig, String... args) {
        return start(workDir, logbackConfig, java.util.Map.of(), "", args);
    }

    /**
     * The same with {@code env} added to the process's environment (after the test JVM's {@code KCRAWL_*}
     * and {@code KAFKA_*} variables are removed) and {@code stdin} written to its standard input, which is
     * then closed.
     */
    static CommandProcess start(Path workDir, Path logbackConfig, java.util.Map<String, String> env, String stdin,
                                String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(SCRIPT_JVM_OPTIONS);
        command.addAll(List.of("-Dlogback.configurationFile=" + logbackConfig.toAbsolutePath(),
                "-cp", System.getProperty("java.class.path"), CrawlMain.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile());
        builder.environment().keySet().removeIf(k -> k.startsWith("KCRAWL_") || k.startsWith("KAFKA_"));
        builder.environment().putAll(env);
        Path stderr = workDir.resolve("stderr.txt");
        builder.redirectError(stderr.toFile());
        try {
            Process process = builder.start();
            try (var in = process.getOutputStream()) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
            return new CommandProcess(process, stderr);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
    }

    /** The options of {@code script}'s {@code opts=(...)} line, the JVM options it starts a crawl with. */
    private static List<String> scriptJvmOptions(Path script) {
        try {
            String line = Files.readAllLines(script, StandardCharsets.UTF_8).stream()
                    .filter(l -> l.startsWith("opts=(") && l.endsWith(")")).findFirst()
                    .orElseThrow(() -> new IllegalStateException(script + " has no opts=(...) line"));
            return List.of(line.substring("opts=(".length(), line.length() - 1).trim().split("\\s+"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + script, e);
        }
    }

    /** Reads {@code n} lines of stdout, or fails saying what the command wrote on stderr if it ended first. */
    List<String> readLines(int n) throws IOException {
        List<String> lines = new ArrayList<>();
        while (lines.size() < n) {
            String line = stdout.readLine();
            if (line == null) {
                throw new AssertionError("stdout ended after " + lines.size() + " lines; stderr:\n" + stderr());
            }
            lines.add(line);
        }
        return lines;
    }

    /** Closes the reading end of the pipe, as {@code head} does when it has its lines; returns when, in nanoTime. */
    long closeStdout() throws IOException {
        long now = System.nanoTime();
        stdout.close();
        return now;
    }

    /** True while the process runs. */
    boolean isAlive() {
        return process.isAlive();
    }

    /** Asks the process to stop as an orchestrator does: SIGTERM. */
    void terminate() {
        process.destroy();
    }

    /** Waits for the process to exit; true when it has. */
    boolean awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            return false;
        }
        exitedNanos.join();
        return true;
    }

    int exitCode() {
        return process.exitValue();
    }

    /** {@link System#nanoTime()} when the exit was seen. */
    long exitedNanos() {
        return exitedNanos.join();
    }

    /** What the command wrote on stderr so far. */
    String stderr() {
        try {
            return Files.readString(stderr, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + stderr, e);
        }
    }

    /** Kills the process if it is still running (a failed test must not leave a crawler behind). */
    @Override
    public void close() {
        process.destroyForcibly();
    }
}
