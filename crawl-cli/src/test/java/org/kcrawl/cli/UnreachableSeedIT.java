package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A crawl whose only seed cannot be reached, typed as a user types it: {@code crawl --allow-private
 * http://127.0.0.1:PORT/} with nothing listening, and {@code crawl http://does-not-exist.invalid/}
 * (a name that never resolves, answered without a query). Each must end by itself within 15 s with exit
 * code 0, say on its progress line what it waits for while it waits, count the errors as they happen,
 * and end with a failure line and a summary that name the cause.
 *
 * <p>The 15 s are the crawl's own, as its summary line counts them (from the broker being up to the
 * end): on a quiet machine the whole command takes 6 to 8 s, but a JVM and a Kafka broker starting on
 * two busy cores can take 10 s more, which says nothing about the crawl. The command as a whole gets a
 * minute, still far below the two minutes of the patient schedule.
 */
class UnreachableSeedIT {
    /** The bound for a local crawl whose every seed is unreachable. */
    private static final double BOUND_SECONDS = 15;
    private static final Duration COMMAND_BOUND = Duration.ofSeconds(60);
    private static final Pattern SUMMARY = Pattern.compile("(?m)^drained: 0 pages in ([0-9.]+) s ");

    @TempDir
    Path dir;
    private Path logback;

    @BeforeEach
    void childLogging() throws IOException {
        logback = CommandProcess.stderrLogging(dir, "WARN");
    }

    @Test
    void aSeedThatRefusesConnectionsEndsWithinSecondsAsAConnectFailure() throws Exception {
        String seed = "http://127.0.0.1:" + closedPort() + "/";

        Run run = crawl("--allow-private", seed);

        assertThat(run.stderr).contains("| errors 1 |")
                .containsPattern("\\| waiting: 1 host, robots\\.txt unreachable \\(connect\\), retry [23]/3 in [12] s")
                .contains("drained: 0 pages in ").contains(", 0 records, 3 errors, 1 failure (1 connect)");
        assertThat(run.failures).hasSize(1);
        assertThat(run.failures.get(0)).contains("\"url\":\"" + seed + "\"").contains("\"reason\":\"connect\"")
                .contains("robots.txt unreachable").contains("\"attempts\":3");
    }

    @Test
    void aSeedThatDoesNotResolveEndsWithinSecondsAsADnsFailure() throws Exception {
        Run run = crawl("http://does-not-exist.invalid/");

        assertThat(run.stderr).contains("robots.txt unreachable (dns)")
                .contains(", 0 records, 3 errors, 1 failure (1 dns)");
        assertThat(run.failures).hasSize(1);
        assertThat(run.failures.get(0)).contains("\"reason\":\"dns\"").contains("does-not-exist.invalid");
    }

    private record Run(String stderr, List<String> failures) {}

    private Run crawl(String... args) throws Exception {
        long started = System.nanoTime();
        try (CommandProcess crawl = CommandProcess.start(dir, logback, args)) {
            assertThat(crawl.awaitExit(Duration.ofSeconds(60))).as("the crawl ended; stderr:\n%s", crawl.stderr())
                    .isTrue();
            Duration took = Duration.ofNanos(crawl.exitedNanos() - started);
            String stderr = crawl.stderr();
            assertThat(crawl.exitCode()).as("exit code; stderr:\n%s", stderr).isZero();
            assertThat(took).as("time from the command's start to its exit; stderr:\n%s", stderr)
                    .isLessThan(COMMAND_BOUND);
            Matcher summary = SUMMARY.matcher(stderr);
            assertThat(summary.find()).as("a summary line; stderr:\n%s", stderr).isTrue();
            assertThat(Double.parseDouble(summary.group(1))).as("the crawl's own time; stderr:\n%s", stderr)
                    .isLessThan(BOUND_SECONDS);
            return new Run(stderr, Files.readAllLines(dir.resolve("failures.jsonl"), StandardCharsets.UTF_8));
        }
    }

    /** A loopback port nothing listens on: bound and released, so the crawl's connection is refused. */
    private static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
