package org.kcrawl.fetcher.judge;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * An {@link ArrivalJudge} that is a server of the test's own in a child process: it reads a properties
 * file (addresses, latency, robots.txt bodies, where to write its port and its log), writes its port
 * once it listens, and stops when its standard input closes, only then writing its log of
 * "address nanos path" lines, so reading it needs {@link #close()}. Two such servers:
 * <ul>
 *   <li>{@link #kernelStamps}: a Python server that stamps each request with the kernel's receive
 *       timestamp of the segment that carried its first bytes ({@code SO_TIMESTAMPNS}), taken as the
 *       segment entered the receive path, so the server's own scheduling cannot move it;</li>
 *   <li>{@link #jvm}: {@link JvmJudgeServer}, a Netty server in a child JVM that stamps with
 *       {@link System#nanoTime()} on its event loop when the first bytes are read.</li>
 * </ul>
 */
final class ChildProcessJudge extends ProcessJudge {
    private static final Path PYTHON = Path.of("/usr/bin/python3");
    private static final String KERNEL_STAMP_SCRIPT = "kernel_stamp_judge.py";

    private ChildProcessJudge(Process process, Path log, int port, String description) {
        super(process, log, port, description, 3);
    }

    /** Whether the kernel-stamp judge can run here: Python 3 on Linux (the socket option is Linux's). */
    static boolean kernelStampsAvailable() {
        return Files.isExecutable(PYTHON) && System.getProperty("os.name").startsWith("Linux");
    }

    static ChildProcessJudge kernelStamps(Path dir, List<String> addresses, Map<String, String> robots,
                                          Duration latency) throws IOException, InterruptedException {
        Path script = dir.resolve(KERNEL_STAMP_SCRIPT);
        try (InputStream in = ChildProcessJudge.class.getResourceAsStream(KERNEL_STAMP_SCRIPT)) {
            if (in == null) {
                throw new IOException(KERNEL_STAMP_SCRIPT + " is missing from the test resources");
            }
            Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
        }
        // Normal priority on purpose: the kernel stamps a segment whenever this process reads it.
        return start(dir, addresses, robots, latency, List.of(PYTHON.toString(), script.toString()),
                "a Python server stamping with the kernel's receive timestamps (SO_TIMESTAMPNS)");
    }

    static ChildProcessJudge jvm(Path dir, List<String> addresses, Map<String, String> robots, Duration latency)
            throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // The first JIT tier only and one compiler thread: at real-time priority, little compilation to do.
        return start(dir, addresses, robots, latency, JudgePriority.command(List.of(java, "-Xmx64m",
                        "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-XX:CICompilerCount=1", "-cp",
                        System.getProperty("java.class.path"), JvmJudgeServer.class.getName())),
                "a Netty server in a child JVM (System.nanoTime on its event loop, " + JudgePriority.describe() + ")");
    }

    /** Starts {@code command} with the properties file as its last argument and waits for its port. */
    private static ChildProcessJudge start(Path dir, List<String> addresses, Map<String, String> robots,
                                           Duration latency, List<String> command, String description)
            throws IOException, InterruptedException {
        Properties p = new Properties();
        p.setProperty("addresses", String.join(",", addresses));
        p.setProperty("latency_ms", Long.toString(latency.toMillis()));
        p.setProperty("log", dir.resolve("arrivals.log").toString());
        p.setProperty("port_file", dir.resolve("port").toString());
        robots.forEach((address, body) -> p.setProperty("robots." + address, body));
        Path config = dir.resolve("judge.properties");
        try (OutputStream out = Files.newOutputStream(config)) {
            p.store(out, "ArrivalJudge");
        }
        Files.deleteIfExists(dir.resolve("port"));
        List<String> full = new ArrayList<>(command);
        full.add(config.toString());
        Process process = new ProcessBuilder(full).redirectErrorStream(true)
                .redirectOutput(dir.resolve("judge.out").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.exists(dir.resolve("port"))) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                process.destroyForcibly();
                throw new IOException("the judge did not start: " + Files.readString(dir.resolve("judge.out")));
            }
            Thread.sleep(20); // the test thread waiting for a child process to come up
        }
        int port = Integer.parseInt(Files.readString(dir.resolve("port")).trim());
        return new ChildProcessJudge(process, dir.resolve("arrivals.log"), port, description);
    }

    @Override
    public Duration resolution() {
        return Duration.ZERO;
    }

    /** "address nanos path". */
    @Override
    Arrival arrival(String[] f) {
        return new Arrival(Long.parseLong(f[1]), f[2]);
    }

    /** No log yet is no request yet, unless the server failed. */
    @Override
    void noLog(Path log) throws IOException {
        if (!process().isAlive() && process().exitValue() != 0) {
            throw new IOException("the judge failed: " + Files.readString(log.resolveSibling("judge.out")));
        }
    }

    @Override
    void signalStop() throws IOException {
        process().getOutputStream().close(); // the server's signal to write its log and stop
    }
}
