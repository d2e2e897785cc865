package org.kcrawl.http.politeness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.http.politeness.SchedulerView.firstStart;
import static org.kcrawl.http.politeness.SchedulerView.interval;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;

class HostSchedulerTest {
    private static final long SECOND = 1_000_000_000L;

    private final FakeTime time = new FakeTime();
    private final SchedulerProbe probe = new SchedulerProbe(time);

    private static PolitenessSettings settings(double rate, int burst, int perHost, int concurrency) {
        return new PolitenessSettings(rate, burst, perHost, concurrency, Duration.ofSeconds(30),
                Duration.ofMinutes(10));
    }

    private HostScheduler scheduler(PolitenessSettings settings) {
        HostScheduler s = new HostScheduler(settings, time);
        probe.assign(0, 1);
        return s;
    }

    /** Asserts that no window of {@code host}'s starts holds more than burst + window / interval requests. */
    private void assertRate(String host, long intervalNanos, int burst) {
        assertRateOf(probe, host, intervalNanos, burst);
    }

    @Test
    void aHostSeenRightAfterAssignmentWaitsForItsPlaceInTheIntervalAfterTheFirstOnlyOnce() {
        HostScheduler s = scheduler(settings(1, 1, 2, 10));
        long assignedAt = time.nanoTime();
        for (int i = 0; i < 3; i++) {
            s.submit(probe.instant("a", 0), null);
        }
        assertThat(probe.startsOf("a")).isEmpty();

        time.advance(Duration.ofSeconds(4));

        long first = firstStart("a", assignedAt, SECOND);
        assertThat(first - assignedAt).isBetween(SECOND, 2 * SECOND - 1);
        assertThat(probe.startsOf("a")).containsExactly(first, first + SECOND, first + 2 * SECOND);
    }

    @Test
    void aHostSeenLaterThanOneIntervalAfterAssignmentStartsAtOnce() {
        HostScheduler s = scheduler(settings(1, 1, 2, 10));
        time.advance(Duration.ofSeconds(5));

        s.submit(probe.instant("a", 0), null);

        assertThat(probe.startsOf("a")).containsExactly(time.nanoTime());
    }

    @Test
    void rateHoldsOverEveryWindow() {
        HostScheduler s = scheduler(settings(2, 1, 10, 100));
        long first = firstStart("a", time.nanoTime(), SECOND / 2);
        for (int i = 0; i < 50; i++) {
            s.submit(probe.instant("a", 0), null);
        }
        for (int i = 0; i < 3_000; i++) {
            time.advance(Duration.ofMillis(7));
        }
        assertRate("a", SECOND / 2, 1);
        // 21 s at 2/s from the first start, one interval after the assignment and a's place: the scheduler is
        // not slower either.
        long last = time.nanoTime() - 1;
        assertThat(probe.startsOf("a")).hasSize((int) ((last - first) / (SECOND / 2)) + 1);
    }

    @Test
    void burstLetsARestedHostTakeThatManyAtOnceThenRefillsAtTheRate() {
        HostScheduler s = scheduler(settings(1, 3, 10, 100));
        time.advance(Duration.ofSeconds(10));
        s.submit(probe.instant("a", 0), null); // first contact
        long first = time.nanoTime();
        time.advance(Duration.ofSeconds(4)); // bucket full again
        long t0 = time.nanoTime();
        for (int i = 0; i < 6; i++) {
            s.submit(probe.instant("a", 0), null);
        }
        assertThat(probe.startsOf("a")).containsExactly(first, t0, t0, t0);

        time.advance(Duration.ofSeconds(3));

        assertThat(probe.startsOf("a")).containsExactly(first, t0, t0, t0, t0 + SECOND, t0 + 2 * SECOND,
                t0 + 3 * SECOND);
        assertRate("a", SECOND, 3);
    }

    @Test
    void perHostConcurrencyIsCapped() {
        HostScheduler s = scheduler(settings(1000, 1, 2, 100));
        time.advance(Duration.ofSeconds(1));
        s.submit(probe.instant("a", 0), null);
        for (int i = 0; i < 5; i++) {
            s.submit(probe.held("a", 0), null);
        }
        time.advance(Duration.ofSeconds(1));
        assertThat(probe.openCount("a")).isEqualTo(2);
        assertThat(s.counts().queued()).isEqualTo(3);

        probe.finish("a");
        time.advance(Duration.ofMillis(1));

        assertThat(probe.openCount("a")).isEqualTo(2);
        assertThat(probe.maxRunning.get("a")).isEqualTo(2);
        assertThat(s.counts().queued()).isEqualTo(2);
    }

    @Test
    void globalCapHoldsAndFreedSlotsGoRoundRobin() {
        HostScheduler s = scheduler(settings(1000, 1, 2, 3));
        time.advance(Duration.ofSeconds(1));
        for (String h : List.of("a", "b", "c", "d", "e")) {
            for (int i = 0; i < 4; i++) {
                s.submit(probe.held(h, 0), null);
            }
        }
        time.advance(Duration.ofSeconds(1));
        assertThat(s.counts().inFlight()).isEqualTo(3);
        assertThat(probe.order).containsExactly("a", "b", "c");

        probe.finish("a");
        probe.finish("b");
        time.advance(Duration.ofMillis(10));

        assertThat(probe.order).containsExactly("a", "b", "c", "d", "e");
        assertThat(probe.maxRunningTotal).isEqualTo(3);
    }

    @Test
    void hostsAreServedRoundRobin() {
        HostScheduler s = scheduler(settings(1000, 1, 1, 1));
        time.advance(Duration.ofSeconds(1));
        for (int i = 0; i < 3; i++) {
            for (String h : List.of("a", "b", "c")) {
                s.submit(probe.held(h, 0), null);
            }
        }
        for (int i = 0; i < 9; i++) {
            time.advance(Duration.ofMillis(5));
            probe.finish(probe.order.get(probe.order.size() - 1));
        }
        assertThat(probe.order).containsExactly("a", "b", "c", "a", "b", "c", "a", "b", "c");
    }

    @Test
    void aSlowHostHoldsOnlyItsOwnSlotsAndALimitedHostDoesNotBlockTheOthers() {
        HostScheduler s = scheduler(settings(1, 1, 2, 6));
        time.advance(Duration.ofSeconds(2)); // past every host's first place after the assignment
        s.submit(probe.instant("slow", 0), null); // answers once, then never again
        for (int i = 0; i < 100; i++) {
            s.submit(probe.held("slow", 0), null);
            s.submit(probe.instant("limited", 0), Duration.ofSeconds(20));
        }
        List<String> fast = List.of("f1", "f2", "f3");
        for (int i = 0; i < 30; i++) {
            for (String h : fast) {
                s.submit(probe.instant(h, 0), null);
            }
        }

        for (int i = 0; i < 200; i++) {
            time.advance(Duration.ofMillis(100));
        }

        assertThat(probe.openCount("slow")).isEqualTo(2);
        assertThat(probe.startsOf("limited")).hasSize(1);
        for (String h : fast) {
            // 20 s at 1/s, starting at once: the rate, less the way to the host's place in the interval (under one),
            // nothing lost to the slow or limited host
            assertThat(probe.startsOf(h)).as(h).hasSizeBetween(20, 21);
            assertRate(h, SECOND, 1);
        }
        assertThat(probe.maxRunningTotal).isLessThanOrEqualTo(6);
    }

    @Test
    void revokingAPartitionCancelsItsQueuedTasksAndRefusesLateOnes() {
        HostScheduler s = scheduler(settings(1, 1, 1, 10));
        Claim e0 = probe.claim(0);
        List<SchedulerProbe.Task> p0 = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            SchedulerProbe.Task t = probe.instant("zero", 0);
            p0.add(t);
            s.submit(t, null);
            s.submit(probe.instant("one", 1), null);
        }

        assertThat(probe.revoke(s, 0)).isEqualTo(3);
        time.advance(Duration.ofSeconds(5));

        assertThat(p0).allSatisfy(t -> {
            assertThat(t.started).isFalse();
            assertThat(t.cancelledBecause).contains("revoked");
        });
        assertThat(probe.startsOf("one")).hasSize(3);
        assertThat(e0.isCurrent()).as("the revoke ended the claim").isFalse();

        SchedulerProbe.Task late = probe.instant("zero", e0);
        probe.assign(0);
        s.submit(late, null);
        assertThat(late.cancelledBecause).contains("not owned");
        SchedulerProbe.Task again = probe.instant("zero", 0);
        assertThat(again.claim).as("the reassignment's claim").isNotSameAs(e0);
        s.submit(again, null);
        time.advance(Duration.ofSeconds(1));
        assertThat(again.started).as("one interval after the reassignment, then its place").isFalse();
        time.advance(Duration.ofSeconds(1));
        assertThat(again.started).isTrue();
    }

    @Test
    void reassignmentStartsKnownHostsWithAnEmptyBucket() {
        HostScheduler s = scheduler(settings(1, 1, 1, 10));
        time.advance(Duration.ofSeconds(10));
        s.submit(probe.instant("a", 0), null);
        long first = time.nanoTime();
        time.advance(Duration.ofMillis(1500));

        probe.revoke(s, 0);
        probe.assign(0);
        long reassigned = time.nanoTime();
        s.submit(probe.instant("a", 0), null);
        time.advance(Duration.ofSeconds(2));

        assertThat(probe.startsOf("a")).containsExactly(first, firstStart("a", reassigned, SECOND));
    }

    @Test
    void aRefusalPausesForRetryAfterThenHalvesTheRateWhichClimbsBackWithAnswers() {
        HostScheduler s = scheduler(settings(1, 1, 1, 10));
        time.advance(Duration.ofSeconds(5));
        for (int i = 0; i < 300; i++) {
            s.submit(probe.held("a", 0), null);
        }
        long t0 = time.nanoTime();
        probe.refuse("a", Duration.ofSeconds(10));
        time.advance(Duration.ofSeconds(9));
        assertThat(probe.startsOf("a")).containsExactly(t0);

        time.advance(Duration.ofSeconds(1));
        assertThat(probe.startsOf("a")).containsExactly(t0, t0 + 10 * SECOND);
        assertThat(interval(s, "a")).isEqualTo(Duration.ofSeconds(2));

        probe.finish("a"); // answered at once, but not on pace: it came after the pause, not one interval after
        time.advance(Duration.ofSeconds(2));
        assertThat(probe.startsOf("a")).endsWith(t0 + 12 * SECOND);
        for (int i = 0; i < 15; i++) {
            probe.finish("a"); // on pace: each answer lets the rate climb, and the next starts sooner
            time.advance(interval(s, "a"));
        }
        assertThat(interval(s, "a")).as("most of the way back to 90 % of the refused rate")
                .isBetween(Duration.ofMillis(1_111), Duration.ofMillis(1_200));
        for (int i = 0; i < 200; i++) {
            probe.finish("a");
            time.advance(interval(s, "a"));
        }
        assertThat(interval(s, "a")).as("then past it, slowly, to the configured rate")
                .isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void aRefusalWithoutRetryAfterOnlyStretchesTheInterval() {
        HostScheduler s = scheduler(settings(1, 1, 1, 10));
        time.advance(Duration.ofSeconds(5));
        s.submit(probe.held("a", 0), null);
        s.submit(probe.held("a", 0), null);
        long t0 = time.nanoTime();

        probe.refuse("a", null);
        time.advance(Duration.ofSeconds(3));

        assertThat(probe.startsOf("a")).containsExactly(t0, t0 + 2 * SECOND);
    }

    @Test
    void retryAfterIsCapped() {
        HostScheduler s = scheduler(new PolitenessSettings(1, 1, 1, 10, Duration.ofSeconds(30),
                Duration.ofSeconds(60)));
        time.advance(Duration.ofSeconds(5));
        s.submit(probe.held("a", 0), null);
        s.submit(probe.held("a", 0), null);
        long t0 = time.nanoTime();

        probe.refuse("a", Duration.ofHours(5));
        time.advance(Duration.ofSeconds(61));

        assertThat(probe.startsOf("a")).containsExactly(t0, t0 + 60 * SECOND);
    }

    @Test
    void crawlDelayIsHonouredUpToItsCapAndSpacesTheVeryNextRequest() {
        HostScheduler s = scheduler(new PolitenessSettings(10, 5, 4, 10, Duration.ofSeconds(5),
                Duration.ofMinutes(10)));
        time.advance(Duration.ofSeconds(5));
        s.submit(probe.instant("a", 0), null); // the robots.txt request
        long t0 = time.nanoTime();
        s.crawlDelay("a", Duration.ofSeconds(60));
        for (int i = 0; i < 3; i++) {
            s.submit(probe.instant("a", 0), null);
        }
        time.advance(Duration.ofSeconds(30));

        // The first start on pace sends the next to a's place in the interval; from there on, one interval apart.
        List<Long> starts = probe.startsOf("a");
        assertThat(starts).hasSize(4);
        assertThat(starts.subList(0, 2)).containsExactly(t0, t0 + 5 * SECOND);
        assertThat(starts.get(2) - t0).isBetween(10 * SECOND, 15 * SECOND - 1);
        assertThat(starts.get(3)).isEqualTo(starts.get(2) + 5 * SECOND);
    }

    @Test
    void tasksThatCompleteWhileStartingDoNotRecurse() {
        HostScheduler s = scheduler(settings(1, 1, 1, 1));
        time.advance(Duration.ofSeconds(2));
        // One slot and thousands of hosts with instant answers: each completion frees the slot for the next.
        for (int i = 0; i < 20_000; i++) {
            s.submit(probe.instant("h" + i, 0), null);
        }
        assertThat(probe.order).hasSize(20_000);
        assertThat(s.counts().inFlight()).isZero();
    }

    @Test
    void restedIdleHostsAreForgotten() {
        HostScheduler s = scheduler(settings(1, 1, 1, 10));
        time.advance(Duration.ofSeconds(2));
        s.submit(probe.instant("a", 0), null);
        s.submit(probe.held("b", 0), null);
        assertThat(s.counts().hosts()).isEqualTo(2);

        time.advance(Duration.ofSeconds(61));

        assertThat(s.counts().hosts()).isEqualTo(1); // b still has a request in flight
    }

    @Test
    void closeCancelsQueuedTasks() {
        HostScheduler s = scheduler(settings(1, 1, 1, 10));
        SchedulerProbe.Task t = probe.instant("a", 0);
        s.submit(t, null);

        s.close();
        time.advance(Duration.ofSeconds(5));

        assertThat(t.started).isFalse();
        assertThat(t.cancelledBecause).contains("closed");
    }

    @Test
    void randomLoadsNeverBreakRateOrConcurrency() {
        for (long seed = 1; seed <= 6; seed++) {
            Random random = new Random(seed);
            FakeTime clock = new FakeTime();
            SchedulerProbe p = new SchedulerProbe(clock);
            int burst = 1 + random.nextInt(3);
            int perHost = 1 + random.nextInt(3);
            int global = 2 + random.nextInt(8);
            double rate = 0.5 + random.nextInt(8);
            HostScheduler s = new HostScheduler(settings(rate, burst, perHost, global), clock);
            p.assign(0);
            int hosts = 3 + random.nextInt(10);
            int submitted = 0;
            for (int step = 0; step < 4_000; step++) {
                if (random.nextInt(4) == 0) {
                    String h = "h" + random.nextInt(hosts);
                    s.submit(random.nextBoolean() ? p.held(h, 0) : p.instant(h, 0), null);
                    submitted++;
                }
                if (random.nextInt(3) == 0) {
                    List<String> busy = p.open.entrySet().stream().filter(e -> !e.getValue().isEmpty())
                            .map(java.util.Map.Entry::getKey).sorted().toList();
                    if (!busy.isEmpty()) {
                        p.finish(busy.get(random.nextInt(busy.size())));
                    }
                }
                clock.advance(Duration.ofMillis(random.nextInt(300)));
                assertThat(s.counts().inFlight()).isLessThanOrEqualTo(global);
            }
            long interval = new PolitenessSettings(rate, burst, perHost, global, Duration.ZERO, Duration.ZERO)
                    .intervalNanos();
            for (String h : p.starts.keySet()) {
                assertRateOf(p, h, interval, burst);
                assertThat(p.maxRunning.get(h)).as("seed %d host %s", seed, h).isLessThanOrEqualTo(perHost);
            }
            assertThat(p.maxRunningTotal).as("seed %d", seed).isLessThanOrEqualTo(global);
            int started = p.starts.values().stream().mapToInt(List::size).sum();
            assertThat(started + s.counts().queued()).as("seed %d: every task started or still queued", seed)
                    .isEqualTo(submitted);
        }
    }

    static void assertRateOf(SchedulerProbe p, String host, long intervalNanos, int burst) {
        List<Long> s = p.startsOf(host);
        for (int i = 0; i < s.size(); i++) {
            for (int j = i; j < s.size(); j++) {
                long allowed = burst + (s.get(j) - s.get(i)) / intervalNanos;
                assertThat((long) (j - i + 1)).as("host %s window [%d, %d]", host, i, j).isLessThanOrEqualTo(allowed);
            }
        }
    }
}
