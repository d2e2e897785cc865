package org.kcrawl.http.politeness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.http.politeness.SchedulerView.interval;
import static org.kcrawl.http.politeness.SchedulerView.inFlight;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A host's interval counts from its previous request's real start, the moment the HTTP client wrote
 * it to the socket, not from when the scheduler let it go: a late request pushes the next one later
 * and never lets it come closer, for the rate, a Crawl-delay and a slowed-down host alike.
 */
class HostSchedulerRealStartTest {
    private static final long MS = 1_000_000L;
    private static final long SECOND = 1_000 * MS;

    private final FakeTime time = new FakeTime();
    private final SchedulerProbe probe = new SchedulerProbe(time);

    /** A scheduler owning partition 0 for long enough that new hosts start at once. */
    private HostScheduler scheduler(double rate, int burst, int perHost) {
        HostScheduler s = new HostScheduler(new PolitenessSettings(rate, burst, perHost, 100, Duration.ofSeconds(30),
                Duration.ofMinutes(10)), time);
        probe.assign(0);
        time.advance(Duration.ofSeconds(10));
        return s;
    }

    /** A scheduler like {@link #scheduler(double, int, int)} (burst 1, 4 per host) on {@code ticking}'s clock. */
    private HostScheduler scheduler(double rate, TickingTime ticking) {
        HostScheduler s = new HostScheduler(new PolitenessSettings(rate, 1, 4, 100, Duration.ofSeconds(30),
                Duration.ofMinutes(10)), ticking);
        probe.assign(0);
        time.advance(Duration.ofSeconds(10));
        return s;
    }

    private void submitUnwritten(HostScheduler s, String host, int n) {
        for (int i = 0; i < n; i++) {
            s.submit(probe.unwritten(host, 0), null);
        }
    }

    @Test
    void aRequestWrittenLatePushesTheNextOneLaterInsteadOfLettingItComeCloser() {
        // The pair: a request left 34 ms late and the next one kept the original schedule, so the
        // server saw them 166 ms apart at 5 requests/s.
        HostScheduler s = scheduler(5, 1, 3);
        submitUnwritten(s, "a", 3);
        long t0 = time.nanoTime();
        time.advanceNanos(34 * MS);
        probe.write("a");

        time.advanceNanos(199 * MS);
        assertThat(probe.startsOf("a")).as("the original schedule (t0 + 200 ms) is not kept").containsExactly(t0);
        time.advanceNanos(MS);
        assertThat(probe.startsOf("a")).containsExactly(t0, t0 + 234 * MS);
        probe.write("a");
        while (probe.startsOf("a").size() < 3) {
            time.advanceNanos(MS); // the next one may also wait for a's place in the interval
        }
        probe.write("a");

        List<Long> writes = probe.writesOf("a");
        assertThat(writes.subList(0, 2)).containsExactly(t0 + 34 * MS, t0 + 234 * MS);
        assertThat(writes.get(2) - writes.get(1)).isBetween(200 * MS, 400 * MS - 1);
    }

    @Test
    void theIntervalCountsFromTheWriteEvenWhenSlotsAreFree() {
        HostScheduler s = scheduler(1, 1, 4);
        submitUnwritten(s, "a", 2);
        long t0 = time.nanoTime();
        time.advance(Duration.ofSeconds(2)); // a new connection (DNS, TCP, TLS) took 2 s
        assertThat(probe.startsOf("a")).as("nothing else starts while a request is being written")
                .containsExactly(t0);

        probe.write("a");
        long written = time.nanoTime();
        time.advanceNanos(SECOND - 1);
        assertThat(probe.startsOf("a")).hasSize(1);
        time.advanceNanos(1);

        assertThat(probe.startsOf("a")).containsExactly(t0, written + SECOND);
    }

    @Test
    void aBurstStillWaitsForEachWrite() {
        HostScheduler s = scheduler(1, 3, 4);
        submitUnwritten(s, "a", 3);
        long t0 = time.nanoTime();
        time.advanceNanos(500 * MS);
        assertThat(probe.startsOf("a")).as("a rested host of burst 3, but the first is not written yet")
                .containsExactly(t0);

        probe.write("a");
        long first = time.nanoTime();
        assertThat(probe.startsOf("a")).containsExactly(t0, first);
        time.advanceNanos(20 * MS);
        probe.write("a");

        assertThat(probe.startsOf("a")).containsExactly(t0, first, first + 20 * MS);
    }

    @Test
    void aCrawlDelayCountsFromTheWrite() {
        HostScheduler s = scheduler(10, 1, 2);
        s.crawlDelay("a", Duration.ofSeconds(1)); // unknown host: no effect
        s.submit(probe.unwritten("a", 0), Duration.ofSeconds(1));
        s.submit(probe.unwritten("a", 0), null);
        long t0 = time.nanoTime();
        time.advanceNanos(7 * MS);
        probe.write("a");

        time.advanceNanos(SECOND - 1);
        assertThat(probe.startsOf("a")).containsExactly(t0);
        time.advanceNanos(1);

        assertThat(probe.startsOf("a")).containsExactly(t0, t0 + 1_007 * MS);
    }

    @Test
    void aSlowedDownHostCountsFromTheWrite() {
        HostScheduler s = scheduler(1, 1, 1);
        submitUnwritten(s, "a", 3);
        long t0 = time.nanoTime();
        probe.write("a");
        time.advanceNanos(100 * MS);
        probe.refuse("a", null); // 429 without Retry-After: the rate halves, the interval is 2 s

        time.advanceNanos(1_900 * MS);
        assertThat(probe.startsOf("a")).containsExactly(t0, t0 + 2 * SECOND);
        time.advanceNanos(300 * MS);
        probe.write("a");
        probe.finish("a"); // an answer on pace: the rate climbs a little
        long interval = interval(s, "a").toNanos();
        assertThat(interval).isBetween(1_550 * MS, 1_700 * MS);
        time.advance(Duration.ofSeconds(3));

        assertThat(probe.startsOf("a")).containsExactly(t0, t0 + 2 * SECOND, t0 + 2_300 * MS + interval);
    }

    @Test
    void aRequestWrittenAgainOnANewConnectionHoldsItsHostUntilThatWrite() {
        HostScheduler s = scheduler(1, 1, 2);
        submitUnwritten(s, "a", 2);
        long t0 = time.nanoTime();
        probe.write("a");
        time.advanceNanos(100 * MS);
        probe.resend("a"); // the reused connection was closed under the request

        time.advanceNanos(1_400 * MS);
        assertThat(probe.startsOf("a")).as("held while the request is written again").containsExactly(t0);
        probe.write("a");
        long rewritten = time.nanoTime();
        time.advance(Duration.ofSeconds(1));

        assertThat(probe.startsOf("a")).containsExactly(t0, rewritten + SECOND);
    }

    @Test
    void aRequestNeverWrittenKeepsTheTimeItWasLetGo() {
        HostScheduler s = scheduler(1, 1, 2);
        submitUnwritten(s, "a", 2);
        long t0 = time.nanoTime();
        time.advanceNanos(300 * MS);
        probe.fail("a"); // connection refused: nothing reached the host

        time.advance(Duration.ofSeconds(1));

        assertThat(probe.startsOf("a")).containsExactly(t0, t0 + SECOND);
        assertThat(inFlight(s, "a")).isEqualTo(1);
    }

    @Test
    void randomWriteDelaysNeverBringWritesCloserThanTheRateAllows() {
        for (long seed = 1; seed <= 8; seed++) {
            Random random = new Random(seed);
            FakeTime clock = new FakeTime();
            SchedulerProbe p = new SchedulerProbe(clock);
            int burst = seed <= 4 ? 1 : 1 + random.nextInt(3);
            int perHost = 1 + random.nextInt(3);
            double rate = 1 + random.nextInt(20);
            HostScheduler s = new HostScheduler(new PolitenessSettings(rate, burst, perHost, 8, Duration.ofSeconds(30),
                    Duration.ofMinutes(10)), clock);
            p.assign(0);
            List<String> hosts = List.of("h0", "h1", "h2", "h3");
            for (int step = 0; step < 5_000; step++) {
                String h = hosts.get(random.nextInt(hosts.size()));
                switch (random.nextInt(4)) {
                    case 0 -> s.submit(p.unwritten(h, 0), null);
                    case 1 -> {
                        if (p.unwrittenCount(h) > 0) {
                            p.write(h);
                        }
                    }
                    case 2 -> {
                        if (p.openCount(h) > p.unwrittenCount(h)) {
                            p.finish(h); // only written requests are answered
                        } else if (p.openCount(h) > 0 && random.nextInt(8) == 0) {
                            p.fail(h);
                        }
                    }
                    default -> clock.advanceNanos(random.nextInt(120) * MS);
                }
            }
            long interval = Math.round(1e9 / rate);
            for (String h : hosts) {
                List<Long> writes = new ArrayList<>(p.writesOf(h));
                assertThat(writes).as("seed %d: %s was written to", seed, h).hasSizeGreaterThan(5);
                for (int i = 0; i < writes.size(); i++) {
                    for (int j = i + 1; j < writes.size(); j++) {
                        long allowed = burst + (writes.get(j) - writes.get(i)) / interval;
                        assertThat((long) (j - i + 1)).as("seed %d host %s writes [%d, %d]", seed, h, i, j)
                                .isLessThanOrEqualTo(allowed);
                    }
                }
                assertThat(p.maxRunning.get(h)).isLessThanOrEqualTo(perHost);
            }
        }
    }

    @Test
    void anIntervalThatHasPassedByTheTimeAWriteIsCountedStartsTheNextRequestOnTheWritingThread() {
        // No rate limit to speak of (1 µs): a host's requests used to go out one per timer hand-off, each
        // started on the timer thread after the previous one's write, about a millisecond apiece; a single-host
        // crawl took 70 ms to put its first 64 requests on the wire.
        HostScheduler s = scheduler(1e6, new TickingTime(time));
        submitUnwritten(s, "a", 3);
        assertThat(probe.startsOf("a")).hasSize(1);

        probe.write("a");
        assertThat(probe.startsOf("a")).as("started by the write itself, no timer run").hasSize(2);
        probe.write("a");
        assertThat(probe.startsOf("a")).hasSize(3);
        assertThat(inFlight(s, "a")).isEqualTo(3);
    }

    @Test
    void aWriteStillStartsNothingBeforeTheIntervalHasPassed() {
        TickingTime ticking = new TickingTime(time);
        HostScheduler s = scheduler(5, ticking);
        submitUnwritten(s, "a", 2);
        int timersBefore = ticking.armed();

        probe.write("a");

        assertThat(probe.startsOf("a")).as("200 ms to wait, not a tick").hasSize(1);
        assertThat(ticking.armed()).as("the host waits on a timer").isEqualTo(timersBefore + 1);
    }
}
