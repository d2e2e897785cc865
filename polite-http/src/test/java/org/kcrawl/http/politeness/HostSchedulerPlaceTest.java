package org.kcrawl.http.politeness;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Hosts keep apart in their interval ({@link HostPace#placeOf}): taken up together or let go together they do
 * not stay in step, which at a common rate would make every interval one burst of as many requests as hosts,
 * all lost together by a worker killed before its next commit; and keeping a host at its place costs it
 * little of its rate.
 */
class HostSchedulerPlaceTest {
    private static final long SECOND = 1_000_000_000L;
    private static final long MS = 1_000_000L;

    private final FakeTime time = new FakeTime();
    private final SchedulerProbe probe = new SchedulerProbe(time);
    private final AtomicBoolean gateOpen = new AtomicBoolean(true);
    private final List<String> hosts = IntStream.range(0, 50).mapToObj(i -> "host" + i + ".example").toList();

    private HostScheduler scheduler(double rate) {
        PolitenessSettings settings = new PolitenessSettings(rate, 1, 1, 100, Duration.ofSeconds(30),
                Duration.ofMinutes(10), 64, Duration.ofMinutes(1), 1_000);
        HostScheduler s = new HostScheduler(settings, time, HostAddresses.byName(), PermitListener.NONE,
                gateOpen::get);
        probe.assign(0);
        return s;
    }

    private void submitEach(HostScheduler s, int perHost) {
        for (int i = 0; i < perHost; i++) {
            for (String h : hosts) {
                s.submit(probe.instant(h, 0), null);
            }
        }
    }

    /** The most starts of all hosts within any {@code window} of [from, to). */
    private int mostStartsWithin(long window, long from, long to) {
        List<Long> all = new ArrayList<>();
        hosts.forEach(h -> probe.startsOf(h).stream().filter(t -> t >= from && t < to).forEach(all::add));
        Collections.sort(all);
        int most = 0;
        for (int i = 0, j = 0; i < all.size(); i++) {
            while (all.get(i) - all.get(j) >= window) {
                j++;
            }
            most = Math.max(most, i - j + 1);
        }
        return most;
    }

    @Test
    void hostsTakenUpTogetherStartAtTheirPlacesInTheIntervalAfterTheFirst() {
        HostScheduler s = scheduler(1);
        long assignedAt = time.nanoTime();
        submitEach(s, 1);
        time.advance(Duration.ofSeconds(2));

        for (String h : hosts) {
            assertThat(probe.startsOf(h)).as(h).hasSize(1);
            assertThat(probe.startsOf(h).get(0) - assignedAt).as("%s: one interval after the assignment, within the next", h)
                    .isBetween(SECOND, 2 * SECOND - 1);
        }
        // Evenly, 5 starts fall within a tenth of the interval; in step, all 50 would.
        assertThat(mostStartsWithin(SECOND / 10, assignedAt, assignedAt + 2 * SECOND)).isLessThanOrEqualTo(12);
    }

    @Test
    void hostsHeldTogetherByTheStartGateStartAtTheirPlacesWhenItOpens() {
        HostScheduler s = scheduler(10);
        time.advance(Duration.ofSeconds(5)); // every host may start at once
        submitEach(s, 100);
        time.advance(Duration.ofMillis(300)); // all running at 10/s
        gateOpen.set(false); // a commit running late holds every start
        time.advance(Duration.ofMillis(400));
        long letGo = time.nanoTime();
        gateOpen.set(true);
        s.wake();
        time.advance(Duration.ofSeconds(6));

        long interval = 100 * MS;
        // Only hosts within an eighth of an interval after their place go at once (about one in eight); all 50
        // would without the places.
        assertThat(mostStartsWithin(1, letGo, letGo + 6 * SECOND)).as("most starts in one instant")
                .isLessThanOrEqualTo(hosts.size() / 8 + 3);
        assertThat(mostStartsWithin(interval / 10, letGo, letGo + 6 * SECOND)).isLessThanOrEqualTo(12);
        for (String h : hosts) {
            List<Long> starts = probe.startsOf(h);
            assertThat(starts.stream().filter(t -> t >= letGo).findFirst().orElseThrow() - letGo).as(h)
                    .isLessThan(interval);
            HostSchedulerTest.assertRateOf(probe, h, interval, 1);
        }
    }

    /** A host that once fell into step with others (here: all seen at once, long after the claim) goes back to its place. */
    @Test
    void hostsThatStartedTogetherDriftBackApartAtTheirNextStartAndKeepTheirRate() {
        HostScheduler s = scheduler(10);
        time.advance(Duration.ofSeconds(5)); // every host may start at once
        submitEach(s, 100);
        long together = time.nanoTime();
        assertThat(mostStartsWithin(1, together, together + 1)).as("all start in one instant").isEqualTo(hosts.size());

        time.advance(Duration.ofSeconds(6));

        long interval = 100 * MS;
        // Each host goes back to its place at its first start on pace: in step for two starts only.
        assertThat(mostStartsWithin(interval / 10, together + 2 * interval, together + 6 * SECOND))
                .isLessThanOrEqualTo(12);
        for (String h : hosts) {
            HostSchedulerTest.assertRateOf(probe, h, interval, 1);
            // 6 s at 10/s from the first start: 61, less the way back to its place (under one interval)
            assertThat(probe.startsOf(h)).as(h).hasSizeBetween(60, 61);
        }
    }

    @Test
    void aHostWrittenALittleLateEveryTimeKeepsNearlyAllOfItsRate() {
        HostScheduler s = scheduler(1);
        time.advance(Duration.ofSeconds(5));
        for (int i = 0; i < 400; i++) {
            s.submit(probe.unwritten("a", 0), null);
        }
        long from = time.nanoTime();
        while (time.nanoTime() - from < 300 * SECOND) {
            time.advanceNanos(MS); // each request reaches the socket a millisecond after it was let go
            if (probe.unwrittenCount("a") > 0) {
                probe.write("a");
                probe.finish("a");
            }
        }
        // Counted from the writes, one a second and a millisecond: 299.7 in 300 s. Falling behind its place by
        // a millisecond a request, the host goes round to it once in about 125 requests, which costs it under
        // an interval each time.
        assertThat(probe.writesOf("a")).hasSizeGreaterThanOrEqualTo(297);
        HostSchedulerTest.assertRateOf(probe, "a", SECOND, 1);
    }

    @Test
    void aHostAnsweringSlowerThanItsIntervalKeepsThePaceOfItsAnswers() {
        HostScheduler s = scheduler(1);
        time.advance(Duration.ofSeconds(5));
        for (int i = 0; i < 20; i++) {
            for (String h : hosts) {
                s.submit(probe.held(h, 0), null);
            }
        }
        for (int step = 0; step < 300; step++) {
            time.advanceNanos(100 * MS);
            for (String h : hosts) {
                List<Long> starts = probe.startsOf(h);
                if (!starts.isEmpty() && time.nanoTime() - starts.get(starts.size() - 1) >= 1_200 * MS
                        && probe.openCount(h) > 0) {
                    probe.finish(h); // answered 1.2 to 1.3 s after it started
                }
            }
        }
        for (String h : hosts) {
            List<Long> starts = probe.startsOf(h);
            assertThat(starts).as(h).hasSizeGreaterThanOrEqualTo(20);
            for (int i = 1; i < starts.size(); i++) {
                // The answer came at most 1.3 s after the start before; the host's place may not hold it longer.
                assertThat(starts.get(i) - starts.get(i - 1)).as(h).isBetween(1_200 * MS, 1_300 * MS);
            }
        }
    }
}
