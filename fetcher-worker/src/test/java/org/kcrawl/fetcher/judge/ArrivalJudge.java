package org.kcrawl.fetcher.judge;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A web server in a process of its own that notes when each request arrived, with a clock of its own,
 * to judge politeness as a host sees it rather than as the crawler means it: the kernel's receive
 * timestamps read by a Python server where Python is installed ({@link ChildProcessJudge#kernelStamps}),
 * else nginx ({@link NginxJudge}), else a Netty server in a child JVM ({@link ChildProcessJudge#jvm}). It serves
 * every address it is given on one port: a robots.txt per address and a small page for any other
 * path, each after {@code latency}.
 */
public interface ArrivalJudge extends AutoCloseable {

    /** One request as the server saw it: when its first bytes were read (nanoseconds on the server's clock). */
    record Arrival(long nanos, String path) {}

    /** The port every address listens on. */
    int port();

    /** What judges: "nginx 1.22.1 (1 ms resolution)" or the like. */
    String description();

    /** How finely the server's arrival times resolve: a gap may read this much shorter than it was. */
    Duration resolution();

    /** Requests to each address so far, by arrival. Call after {@link #close()} to read everything. */
    Map<String, List<Arrival>> arrivals() throws IOException;

    /** Stops the server; the requests it logged stay readable. */
    @Override
    void close();

    /**
     * Starts the most precise judge available in {@code dir}. The kernel's stamps come first: a server
     * that stamps in user space, even nginx at real-time priority, was seen to stamp a request 2-4 ms
     * late on a saturated virtual machine (and the next on time), a gap shorter than the one the
     * crawler left; the kernel stamps a segment as it enters the receive path, whenever the server
     * gets to read it.
     *
     * @param robots the robots.txt body of each address; addresses not named get {@code User-agent: *}
     *               and nothing disallowed
     */
    static ArrivalJudge start(Path dir, List<String> addresses, Map<String, String> robots, Duration latency)
            throws IOException, InterruptedException {
        Files.createDirectories(dir);
        if (ChildProcessJudge.kernelStampsAvailable()) {
            return ChildProcessJudge.kernelStamps(dir, addresses, robots, latency);
        }
        if (NginxJudge.available()) {
            return NginxJudge.start(dir, addresses, robots, latency);
        }
        return ChildProcessJudge.jvm(dir, addresses, robots, latency);
    }

    /** The gaps between consecutive arrivals, in order. */
    static List<Long> gaps(List<Arrival> arrivals) {
        List<Long> out = new ArrayList<>();
        for (int i = 1; i < arrivals.size(); i++) {
            out.add(arrivals.get(i).nanos() - arrivals.get(i - 1).nanos());
        }
        return out;
    }
}
