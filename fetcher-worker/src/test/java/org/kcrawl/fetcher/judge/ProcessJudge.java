package org.kcrawl.fetcher.judge;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * An {@link ArrivalJudge} that is a server in a child process writing one line per request to a log
 * file: the process, its log, its port and what it is, read back by address and stopped the same way
 * whatever the server. A subclass says how to tell its server to stop and what a line holds.
 */
abstract class ProcessJudge implements ArrivalJudge {
    private final Process process;
    private final Path log;
    private final int port;
    private final String description;
    private final int fields;

    /**
     * @param log    the server's log of arrivals, a line per request starting with the address it came to
     * @param fields how many space-separated fields a line is split into (the last takes the rest of it)
     */
    ProcessJudge(Process process, Path log, int port, String description, int fields) {
        this.process = process;
        this.log = log;
        this.port = port;
        this.description = description;
        this.fields = fields;
    }

    /** The server's process. */
    final Process process() {
        return process;
    }

    @Override
    public final int port() {
        return port;
    }

    @Override
    public final String description() {
        return description;
    }

    /** The arrival a line of the log records, split into its fields (the address first); null skips the line. */
    abstract Arrival arrival(String[] fields);

    /** Called when there is no log yet: may throw when that means the server failed. */
    void noLog(Path log) throws IOException {}

    /** Tells the server to stop (and write whatever it has not written yet). */
    abstract void signalStop() throws IOException;

    @Override
    public final Map<String, List<Arrival>> arrivals() throws IOException {
        Map<String, List<Arrival>> out = new LinkedHashMap<>();
        if (!Files.exists(log)) {
            noLog(log);
            return out;
        }
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            String[] f = line.split(" ", fields);
            Arrival arrival = arrival(f);
            if (arrival != null) {
                out.computeIfAbsent(f[0], a -> new ArrayList<>()).add(arrival);
            }
        }
        out.values().forEach(l -> l.sort(Comparator.comparingLong(Arrival::nanos)));
        return out;
    }

    /** Tells the server to stop and waits for it, killing it after 10 s (or when it cannot be told). */
    @Override
    public final void close() {
        try {
            signalStop();
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
