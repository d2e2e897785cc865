package org.kcrawl.http.politeness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.http.politeness.SchedulerView.interval;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Hosts whose servers refuse, on a fake clock, against a server that refuses every request arriving less
 * than 100 ms after the last one it let through (nginx's limit_req at 10/s, no burst) for its address:
 * one host settles just under the limit, two hosts of one address share it, a learned rate is reported,
 * kept when the host is forgotten and resumed from a previous owner.
 */
class HostSchedulerServerLimitTest {
    private static final long MS = 1_000_000L;

    private final FakeTime time = new FakeTime();
    private final SchedulerProbe probe = new SchedulerProbe(time);
    private final List<HostRate> reported = new ArrayList<>();

    private HostScheduler scheduler(double rate) {
        HostAddresses addresses = host -> CompletableFuture.completedFuture(
                probe.addressOf.getOrDefault(host, "name:" + host));
        HostScheduler s = new HostScheduler(new PolitenessSettings(rate, 1, 4, 100, Duration.ofSeconds(30),
                Duration.ofMinutes(10), 8, Duration.ofMinutes(10), 10_000), time, addresses);
        s.rateListener(reported::add);
        probe.assign(0);
        time.advance(Duration.ofSeconds(1));
        return s;
    }

    /** What a limited server saw over a run: requests, refusals and accepted ones, after its first second. */
    private record Served(int requests, int refused, int accepted, long seconds) {
        double refusedShare() {
            return (double) refused / requests;
        }

        double acceptedPerSecond() {
            return (double) accepted / seconds;
        }
    }

    /**
     * Runs {@code seconds} of fake time in millisecond steps, answering each request at once as a server
     * limited to one request per {@code limitMillis} for all of {@code hosts} together would.
     */
    private Served serve(List<String> hosts, long limitMillis, int seconds) {
        long start = time.nanoTime();
        long lastAccepted = Long.MIN_VALUE / 2;
        Map<String, Integer> answered = new HashMap<>();
        int requests = 0;
        int refused = 0;
        int accepted = 0;
        for (int ms = 0; ms < seconds * 1000; ms++) {
            time.advanceNanos(MS);
            List<long[]> fresh = new ArrayList<>(); // {start time, host index}
            for (int i = 0; i < hosts.size(); i++) {
                List<Long> starts = probe.startsOf(hosts.get(i));
                for (int k = answered.getOrDefault(hosts.get(i), 0); k < starts.size(); k++) {
                    fresh.add(new long[] {starts.get(k), i});
                }
            }
            fresh.sort(Comparator.comparingLong(f -> f[0]));
            for (long[] f : fresh) {
                String host = hosts.get((int) f[1]);
                answered.merge(host, 1, Integer::sum);
                boolean counted = f[0] - start >= 1_000 * MS;
                requests += counted ? 1 : 0;
                if ((f[0] - lastAccepted) / MS >= limitMillis) {
                    lastAccepted = f[0];
                    accepted += counted ? 1 : 0;
                    probe.finish(host);
                } else {
                    refused += counted ? 1 : 0;
                    probe.refuse(host, null);
                }
            }
        }
        return new Served(requests, refused, accepted, seconds - 1);
    }

    private void queue(HostScheduler s, String host, int tasks) {
        for (int i = 0; i < tasks; i++) {
            s.submit(probe.held(host, 0), null);
        }
    }

    @Test
    void aHostAtRate50BehindA10PerSecondLimitSettlesJustUnderIt() {
        HostScheduler s = scheduler(50);
        queue(s, "a", 1_000);

        Served served = serve(List.of("a"), 100, 60);

        assertThat(served.refusedShare()).as("refused after the first second").isLessThanOrEqualTo(0.03);
        assertThat(served.acceptedPerSecond()).as("answered per second").isGreaterThanOrEqualTo(9.5);
        assertThat(interval(s, "a")).isBetween(Duration.ofMillis(99), Duration.ofMillis(105));
        assertThat(s.counts().limitedHosts()).isEqualTo(1);
        assertThat(s.counts().serverLimits(3)).singleElement()
                .satisfies(l -> assertThat(l.name()).isEqualTo("a"));
        assertThat(reported).isNotEmpty().allSatisfy(r -> assertThat(r.host()).isEqualTo("a"));
        assertThat(reported.get(0).rate()).as("the first refusal halves the rate").isEqualTo(25);
    }

    @Test
    void twoHostsOfOneAddressLimitedTogetherLearnOneRateForTheAddress() {
        probe.addressOf.put("a", "10.0.0.1");
        probe.addressOf.put("b", "10.0.0.1");
        HostScheduler s = scheduler(50);
        queue(s, "a", 1_000);
        queue(s, "b", 1_000);

        Served served = serve(List.of("a", "b"), 100, 60);

        assertThat(served.refusedShare()).as("refused after the first second").isLessThanOrEqualTo(0.04);
        assertThat(served.acceptedPerSecond()).as("answered per second, both hosts").isGreaterThanOrEqualTo(9.3);
        assertThat(probe.startsOf("a").size()).as("the hosts share the address's rate")
                .isBetween(probe.startsOf("b").size() * 2 / 3, probe.startsOf("b").size() * 3 / 2);
        assertThat(s.counts().serverLimits(3)).first().satisfies(l -> {
            assertThat(l.name()).isEqualTo("10.0.0.1");
            assertThat(l.hosts()).isEqualTo(2);
            assertThat(l.rate()).isBetween(9.0, 10.5);
        });
    }

    @Test
    void hostsOfDifferentAddressesLearnApart() {
        probe.addressOf.put("a", "10.0.0.1");
        probe.addressOf.put("b", "10.0.0.2");
        HostScheduler s = scheduler(50);
        queue(s, "a", 1_000);
        queue(s, "b", 1_000);

        serve(List.of("a"), 100, 1); // only a's server limits; b's answers everything
        for (int i = 0; i < 200; i++) {
            time.advanceNanos(MS);
            while (probe.openCount("b") > 0) {
                probe.finish("b");
            }
            while (probe.openCount("a") > 0) {
                probe.finish("a");
            }
        }

        assertThat(interval(s, "b")).as("b keeps its configured rate").isEqualTo(Duration.ofMillis(20));
        assertThat(s.counts().serverLimits(3)).extracting(ServerLimit::name).containsExactly("a");
    }

    @Test
    void aLearnedRateIsKeptWhenItsIdleHostIsForgottenAndResumedFromAPreviousOwner() {
        HostScheduler s = scheduler(50);
        s.resumeRates(List.of(new HostRate("b", 0, 4, 5, true)));
        s.submit(probe.held("b", 0), null);
        assertThat(interval(s, "b")).as("resumed").isEqualTo(Duration.ofMillis(250));

        queue(s, "a", 1);
        probe.refuse("a", null); // 50/s halved
        time.advance(Duration.ofMinutes(20)); // idle: forgotten by a sweep
        assertThat(interval(s, "a")).as("forgotten").isNull();

        s.submit(probe.held("a", 0), null);
        assertThat(interval(s, "a")).as("taken back from memory").isEqualTo(Duration.ofMillis(40));
    }

    @Test
    void aRevokedPartitionsRememberedRatesAreDropped() {
        HostScheduler s = scheduler(50);
        s.resumeRates(List.of(new HostRate("b", 0, 4, 5, true)));

        probe.revoke(s, 0);
        probe.assign(0);
        s.submit(probe.held("b", 0), null);

        assertThat(interval(s, "b")).as("the next owner of the partition keeps it").isEqualTo(Duration.ofMillis(20));
    }

    @Test
    void learningOffOnlyPausesForRetryAfter() {
        HostScheduler s = new HostScheduler(new PolitenessSettings(50, 1, 4, 100, Duration.ofSeconds(30),
                Duration.ofMinutes(10), 8, Duration.ofMinutes(10), 10_000, false, false), time);
        probe.assign(0);
        time.advance(Duration.ofSeconds(1));
        queue(s, "a", 3);
        long t0 = time.nanoTime();

        probe.refuse("a", Duration.ofSeconds(2));
        time.advance(Duration.ofSeconds(3));

        assertThat(probe.startsOf("a")).startsWith(t0, t0 + 2_000 * MS);
        assertThat(interval(s, "a")).isEqualTo(Duration.ofMillis(20));
        assertThat(s.counts().limitedHosts()).isZero();
    }
}
