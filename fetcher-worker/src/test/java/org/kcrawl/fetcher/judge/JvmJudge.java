package org.kcrawl.fetcher.judge;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The {@link ArrivalJudge} for machines without nginx: {@link JvmJudgeServer}, a Netty server in a
 * child JVM of its own (so the test JVM's threads, busy or not, are not the server's), that stamps each
 * request with {@link System#nanoTime()} on its event loop when its first bytes are read. It stops
 * when its standard input closes and only then writes its log, so reading it needs {@link #close()}.
 */
final class JvmJudge implements ArrivalJudge {
    private final Process process;
    private final Path log;
    private final int port;

    private JvmJudge(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.port = port;
    }

    static JvmJudge start(Path dir, List<String> addresses, Map<String, String> robots, Duration latency)
            throws IOException, InterruptedException {
        Properties p = new Properties();
        p.setProperty("addresses", String.join(",", addresses));
        p.setProperty("latency_ms", Long.toString(latency.toMillis()));
        p.setProperty("log", dir.resolve("arrivals.log").toString());
        p.setProperty("port_file", dir.resolve("port").toString());
        robots.forEach((address, body) -> p.setProperty("robots." + address, body));
        Path config = dir.resolve("judge.properties");
        try (OutputStream out = Files.newOutputStream(config)) {
            p.store(out, "JvmJudge");
        }
        Files.deleteIfExists(dir.resolve("port"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // The first JIT tier only and one compiler thread: at real-time priority, little compilation to do.
        Process process = new ProcessBuilder(JudgePriority.command(List.of(java, "-Xmx64m", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-XX:CICompilerCount=1", "-cp", System.getProperty("java.class.path"),
                JvmJudgeServer.class.getName(), config.toString())))
                .redirectErrorStream(true).redirectOutput(dir.resolve("judge.out").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.exists(dir.resolve("port"))) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                process.destroyForcibly();
                throw new IOException("the judge did not start: " + Files.readString(dir.resolve("judge.out")));
            }
            Thread.sleep(20); // the test thread waiting for a child process to come up
        }
        int port = Integer.parseInt(Files.readString(dir.resolve("port")).trim());
        return new JvmJudge(process, dir.resolve("arrivals.log"), port);
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public String description() {
        return "a Netty server in a child JVM (System.nanoTime on its event loop, " + JudgePriority.describe() + ")";
    }

    @Override
    public Duration resolution() {
        return Duration.ZERO;
    }

    @Override
    public Map<String, List<Arrival>> arrivals() throws IOException {
        Map<String, List<Arrival>> out = new LinkedHashMap<>();
        if (!Files.exists(log)) {
            return out;
        }
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            String[] f = line.split(" ", 3);
            out.computeIfAbsent(f[0], a -> new ArrayList<>()).add(new Arrival(Long.parseLong(f[1]), f[2]));
        }
        out.values().forEach(l -> l.sort(Comparator.comparingLong(Arrival::nanos)));
        return out;
    }

    @Override
    public void close() {
        try {
            process.getOutputStream().close(); // the server's signal to write its log and stop
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
