package org.kcrawl.http.politeness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.http.politeness.SchedulerView.interval;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;

/**
 * The latency-aware throttle ({@code adaptive}) on the scheduler, with a fake clock and fake hosts
 * that answer after a latency the test sets: a host that slows down gets fewer requests, the others
 * keep their rate, it comes back when the host does, and it is never faster than the rate.
 */
class HostSchedulerAdaptiveTest {
    private static final long MS = 1_000_000L;
    private static final long SECOND = 1_000 * MS;
    private static final double RATE = 5;
    /** High enough that concurrency never limits a host answering in 2 s at 5 requests/s. */
    private static final int PER_HOST = 16;

    private final FakeTime time = new FakeTime();
    private final SchedulerProbe probe = new SchedulerProbe(time);
    private final Map<String, Long> latency = new HashMap<>();
    private final Map<String, List<Long>> starts = new HashMap<>();
    private long origin;

    private HostScheduler scheduler(boolean adaptive) {
        return scheduler(adaptive, PER_HOST);
    }

    private HostScheduler scheduler(boolean adaptive, int perHost) {
        HostScheduler s = new HostScheduler(new PolitenessSettings(RATE, 1, perHost, 100, Duration.ofSeconds(30),
                Duration.ofMinutes(10), 100, Duration.ofMinutes(5), 10_000).withAdaptive(adaptive), time);
        probe.assign(0);
        time.advance(Duration.ofSeconds(10));
        origin = time.nanoTime();
        return s;
    }

    /** A request written at once and answered {@code latency(host)} later, on the fake clock. */
    private final class Answering extends AbstractHostTask {
        Answering(String host, Claim claim) {
            super(host, claim);
        }

        @Override
        public void start(Permit permit) {
            starts.computeIfAbsent(host(), h -> new ArrayList<>()).add(time.nanoTime());
            permit.sent();
            time.schedule(latency.get(host()), permit::answered);
        }

        @Override
        public void cancel(String why) {
            throw new AssertionError("cancelled: " + why);
        }
    }

    private void feed(HostScheduler s, String host, int n) {
        for (int i = 0; i < n; i++) {
            s.submit(new Answering(host, probe.claim(0)), null);
        }
    }

    private long startsBetween(String host, long fromSecond, long toSecond) {
        return starts.getOrDefault(host, List.of()).stream()
                .filter(t -> t - origin >= fromSecond * SECOND && t - origin < toSecond * SECOND).count();
    }

    private long smallestGap(String host) {
        List<Long> t = starts.get(host);
        long min = Long.MAX_VALUE;
        for (int i = 1; i < t.size(); i++) {
            min = Math.min(min, t.get(i) - t.get(i - 1));
        }
        return min;
    }

    /** 10 s at 50 ms, 20 s at 2 s, then 20 s at 50 ms again for "slow"; 50 ms throughout for "fast". */
    private void latencyClimbsThenFalls(HostScheduler s) {
        latency.put("slow", 50 * MS);
        latency.put("fast", 50 * MS);
        feed(s, "slow", 400);
        feed(s, "fast", 400);
        time.advance(Duration.ofSeconds(10));
        latency.put("slow", 2_000 * MS);
        time.advance(Duration.ofSeconds(20));
        latency.put("slow", 50 * MS);
        time.advance(Duration.ofSeconds(20));
    }

    @Test
    void aHostThatSlowsDownGetsFewerRequestsOthersKeepTheirRateAndItRecovers() {
        HostScheduler s = scheduler(true);

        latencyClimbsThenFalls(s);

        assertThat(startsBetween("slow", 1, 10)).as("at 50 ms the rate binds: 5/s").isBetween(44L, 46L);
        // The first 2 s answer comes 2 s into the slow phase; from then on one request per answer time.
        assertThat(startsBetween("slow", 13, 30)).as("at 2 s, one request per 2 s").isBetween(8L, 9L);
        assertThat(startsBetween("fast", 10, 30)).as("the other host keeps its rate").isBetween(99L, 101L);
        // Recovery by halves: 1 s, 0.5 s, 0.25 s, then the rate again; back within 5 s of the fall.
        assertThat(startsBetween("slow", 35, 50)).as("recovered").isBetween(74L, 76L);
        assertThat(interval(s, "slow")).isEqualTo(Duration.ofMillis(200));
        assertThat(smallestGap("slow")).as("never faster than the rate").isGreaterThanOrEqualTo(200 * MS);
        assertThat(smallestGap("fast")).isGreaterThanOrEqualTo(200 * MS);
    }

    @Test
    void withoutTheThrottleTheSlowHostKeepsTheRate() {
        HostScheduler s = scheduler(false);

        latencyClimbsThenFalls(s);

        assertThat(startsBetween("slow", 13, 30)).as("5/s with up to 10 requests in flight").isBetween(84L, 86L);
        assertThat(interval(s, "slow")).isEqualTo(Duration.ofMillis(200));
    }

    @Test
    void serverErrorsAndTimeoutsCountAsSlowAnswersAndTheHostRecoversGradually() {
        HostScheduler s = scheduler(true, 1);
        for (int i = 0; i < 20; i++) {
            s.submit(probe.held("a", 0), null);
        }
        long t0 = time.nanoTime();
        time.advanceNanos(10 * MS);
        probe.serverError("a"); // a quick 500: the interval doubles
        assertThat(interval(s, "a")).isEqualTo(Duration.ofMillis(400));
        time.advanceNanos(400 * MS);
        probe.serverError("a"); // the second request, started at t0 + 400 ms
        assertThat(interval(s, "a")).isEqualTo(Duration.ofMillis(800));
        time.advanceNanos(790 * MS);
        time.advance(Duration.ofSeconds(3));
        probe.timeOut("a"); // the third, started at t0 + 1.2 s, has had no answer for 3 s
        assertThat(interval(s, "a")).as("the time it waited, more than twice 800 ms").isEqualTo(Duration.ofSeconds(3));
        assertThat(probe.startsOf("a")).containsExactly(t0, t0 + 400 * MS, t0 + 1_200 * MS, t0 + 4_200 * MS);

        List<Long> intervals = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            while (probe.openCount("a") == 0) {
                time.advanceNanos(MS / 4);
            }
            time.advanceNanos(20 * MS);
            probe.finish("a"); // answered in 20 ms
            intervals.add(interval(s, "a").toNanos());
        }
        assertThat(intervals).as("halfway to the answer time each, never below the rate's 200 ms")
                .containsExactly(1_510 * MS, 765 * MS, 392_500_000L, 206_250_000L, 200 * MS, 200 * MS);
        List<Long> starts = probe.startsOf("a");
        List<Long> gaps = new ArrayList<>();
        for (int i = 4; i < starts.size(); i++) {
            gaps.add(starts.get(i) - starts.get(i - 1));
        }
        assertThat(gaps).as("each shorter interval counts from the last start")
                .containsExactly(1_510 * MS, 765 * MS, 392_500_000L, 206_250_000L, 200 * MS);
    }

    @Test
    void throttlingStillWorksAsWithoutTheThrottle() {
        HostScheduler s = scheduler(true);
        s.submit(probe.held("a", 0), null);
        s.submit(probe.held("a", 0), null);
        long t0 = time.nanoTime();

        probe.refuse("a", Duration.ofSeconds(5));
        time.advance(Duration.ofSeconds(6));

        assertThat(probe.startsOf("a")).containsExactly(t0, t0 + 5 * SECOND);
    }
}
