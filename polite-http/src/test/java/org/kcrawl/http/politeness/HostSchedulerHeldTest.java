package org.kcrawl.http.politeness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.http.politeness.SchedulerView.inFlight;
import static org.kcrawl.http.politeness.SchedulerView.queued;

import java.time.Duration;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Which limit holds each backlogged host back, counted as hosts change state ({@link HeldHosts}). */
class HostSchedulerHeldTest {
    private final FakeTime time = new FakeTime();
    private final SchedulerProbe probe = new SchedulerProbe(time);
    private final HostAddresses addresses =
            host -> CompletableFuture.completedFuture(probe.addressOf.getOrDefault(host, "name:" + host));

    /** A scheduler owning partition 0 for long enough that new hosts start at once. */
    private HostScheduler scheduler(double rate, int perHost, int perAddress, int concurrency) {
        PolitenessSettings settings = new PolitenessSettings(rate, 1, perHost, concurrency, Duration.ofSeconds(30),
                Duration.ofMinutes(10), perAddress, Duration.ofMinutes(1), 1_000);
        HostScheduler s = new HostScheduler(settings, time, addresses);
        probe.assign(0);
        time.advance(Duration.ofSeconds(5));
        return s;
    }

    /** Every count, zeros included, so an assertion shows the whole picture when it fails. */
    private static Map<HeldBy, Integer> held(HostScheduler s) {
        Map<HeldBy, Integer> out = new EnumMap<>(HeldBy.class);
        for (HeldBy cap : HeldBy.values()) {
            out.put(cap, s.counts().heldHosts(cap));
        }
        return out;
    }

    private static Map<HeldBy, Integer> only(HeldBy cap, int hosts) {
        Map<HeldBy, Integer> out = new EnumMap<>(HeldBy.class);
        for (HeldBy c : HeldBy.values()) {
            out.put(c, c == cap ? hosts : 0);
        }
        return out;
    }

    /** Sends one request to {@code host} and answers it, so its next requests go over a warm connection. */
    private void warm(HostScheduler s, String host) {
        s.submit(probe.held(host, 0), null);
        time.runDue();
        probe.finish(host);
        time.advance(Duration.ofSeconds(1));
    }

    @Test
    void aPerAddressCapBelowPerHostHoldsASingleHostCrawl() {
        probe.addressOf.put("a", "10.0.0.1");
        HostScheduler s = scheduler(1000, 64, 8, 64);
        warm(s, "a");

        for (int i = 0; i < 20; i++) {
            s.submit(probe.held("a", 0), null);
        }
        time.advance(Duration.ofSeconds(1));

        assertThat(inFlight(s, "a")).isEqualTo(8);
        assertThat(held(s)).isEqualTo(only(HeldBy.PER_ADDRESS, 1));
    }

    @Test
    void aHostAtItsOwnCapIsHeldByPerHost() {
        HostScheduler s = scheduler(1000, 4, 4, 64);
        warm(s, "a");

        for (int i = 0; i < 6; i++) {
            s.submit(probe.held("a", 0), null);
        }
        time.advance(Duration.ofSeconds(1));

        assertThat(inFlight(s, "a")).isEqualTo(4);
        assertThat(held(s)).isEqualTo(only(HeldBy.PER_HOST, 1));

        while (probe.openCount("a") > 0) {
            probe.finish("a");
            time.advance(Duration.ofSeconds(1));
        }
        assertThat(held(s)).as("nothing queued, nothing held").isEqualTo(only(HeldBy.PER_HOST, 0));
    }

    @Test
    void aReadyHostBehindAFullGlobalCapIsHeldByConcurrencyUntilASlotFrees() {
        HostScheduler s = scheduler(1, 1, 10, 2);
        for (String host : List.of("a", "b", "c")) {
            s.submit(probe.held(host, 0), null);
            s.submit(probe.held(host, 0), null);
        }

        assertThat(probe.order).containsExactly("a", "b");
        Map<HeldBy, Integer> expected = only(HeldBy.CONCURRENCY, 1);
        expected.put(HeldBy.PER_HOST, 2);
        assertThat(held(s)).as("c waits for a global slot, a and b for their own").isEqualTo(expected);

        probe.finish("a");

        assertThat(probe.order).containsExactly("a", "b", "c");
        expected = only(HeldBy.PER_HOST, 2);
        expected.put(HeldBy.RATE, 1);
        assertThat(held(s)).as("a waits an interval from its first request's write; b and c for their slots")
                .isEqualTo(expected);
    }

    @Test
    void aHostThatFindsItsAddressFreeLeavesItsAddressesLineForTheReadyRing() {
        for (String host : List.of("x", "y", "z")) {
            probe.addressOf.put(host, "10.0.0.1");
        }
        HostScheduler s = scheduler(1000, 1, 1, 2);
        s.submit(probe.held("x", 0), null);
        s.submit(probe.held("b", 0), null); // the global cap is full now
        s.submit(probe.held("c", 0), null);
        s.submit(probe.held("y", 0), null);
        s.submit(probe.held("z", 0), null);
        Map<HeldBy, Integer> expected = only(HeldBy.PER_ADDRESS, 2);
        expected.put(HeldBy.CONCURRENCY, 1);
        assertThat(held(s)).isEqualTo(expected);

        probe.finish("x"); // the address's slot goes to y, the global slot to c, which waited longer

        assertThat(probe.order).containsExactly("x", "b", "c");
        expected = only(HeldBy.PER_ADDRESS, 1);
        expected.put(HeldBy.CONCURRENCY, 1);
        assertThat(held(s)).isEqualTo(expected);

        s.submit(probe.held("z", 0), null); // the slot y was offered is still free

        assertThat(held(s)).as("z is ready like y, and no longer in the address's line")
                .isEqualTo(only(HeldBy.CONCURRENCY, 2));
    }

    @Test
    void aCrawlDelayLongerThanTheRatesIntervalIsTheHostsDelayAndAShorterOneIsNot() {
        HostScheduler s = scheduler(10, 4, 4, 64);
        warm(s, "a");
        s.crawlDelay("a", Duration.ofSeconds(2));
        s.submit(probe.held("a", 0), null);
        s.submit(probe.held("a", 0), null);
        time.advance(Duration.ofSeconds(1));

        assertThat(probe.startsOf("a")).as("the first starts 2 s after the warm-up").hasSize(2);
        assertThat(held(s)).as("the second waits 2 s where the rate asks 100 ms")
                .isEqualTo(only(HeldBy.HOST_DELAY, 1));

        s.crawlDelay("a", Duration.ofMillis(50));

        assertThat(held(s)).as("a Crawl-delay within the rate's interval leaves the rate in charge")
                .isEqualTo(only(HeldBy.RATE, 1));
    }

    @Test
    void aRefusedHostIsHeldByItsServersLimit() {
        HostScheduler s = scheduler(10, 1, 1, 64);
        warm(s, "a");
        s.submit(probe.held("a", 0), null);
        s.submit(probe.held("a", 0), null);
        assertThat(held(s)).isEqualTo(only(HeldBy.PER_HOST, 1));

        probe.refuse("a", Duration.ofSeconds(5));

        assertThat(held(s)).isEqualTo(only(HeldBy.SERVER_LIMIT, 1));
        time.advance(Duration.ofSeconds(5));
        assertThat(probe.startsOf("a")).as("started once the pause was over").hasSize(3);
        assertThat(held(s)).isEqualTo(only(HeldBy.SERVER_LIMIT, 0));
    }

    @Test
    void revokedPartitionsAndACloseLeaveNothingHeld() {
        HostScheduler s = scheduler(1, 1, 10, 2);
        for (String host : List.of("a", "b", "c")) {
            s.submit(probe.held(host, 0), null);
            s.submit(probe.held(host, 0), null);
        }
        assertThat(held(s).values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(3);

        probe.revoke(s, 0);
        assertThat(held(s)).isEqualTo(only(HeldBy.RATE, 0));

        probe.assign(0);
        s.submit(probe.held("d", 0), null);
        assertThat(held(s)).as("a host new to this assignment waits one interval, then its place")
                .isEqualTo(only(HeldBy.RATE, 1));
        time.advance(Duration.ofSeconds(2));
        assertThat(held(s)).as("a's and b's requests still hold both global slots")
                .isEqualTo(only(HeldBy.CONCURRENCY, 1));
        s.close();
        assertThat(held(s)).isEqualTo(only(HeldBy.RATE, 0));
    }

    @Test
    void theCountsAlwaysAgreeWithTheSchedulersStateUnderRandomLoad() {
        Set<HeldBy> seen = EnumSet.noneOf(HeldBy.class);
        for (long seed = 1; seed <= 6; seed++) {
            Random random = new Random(seed);
            FakeTime clock = new FakeTime();
            SchedulerProbe p = new SchedulerProbe(clock);
            List<String> hosts = List.of("a", "b", "c", "d", "e", "f", "g");
            Map<String, String> addressOf = new HashMap<>();
            for (String h : hosts) {
                p.addressOf.put(h, "10.0.0." + random.nextInt(3));
                addressOf.put(h, p.addressOf.get(h));
            }
            int perHost = 1 + random.nextInt(3);
            int concurrency = 2 + random.nextInt(6);
            PolitenessSettings settings = new PolitenessSettings(1 + random.nextInt(10), 1, perHost, concurrency,
                    Duration.ofSeconds(30), Duration.ofMinutes(10), 1 + random.nextInt(4),
                    Duration.ofSeconds(2 + random.nextInt(5)), 20);
            HostScheduler s = new HostScheduler(settings, clock,
                    host -> CompletableFuture.completedFuture(addressOf.get(host)));
            p.assign(0, 1);
            for (int step = 0; step < 3_000; step++) {
                String h = hosts.get(random.nextInt(hosts.size()));
                int partition = h.charAt(0) % 2;
                switch (random.nextInt(7)) {
                    case 0, 1 -> s.submit(p.deferrable(h, partition), null);
                    case 2 -> {
                        if (p.openCount(h) > 0) {
                            p.finish(h);
                        }
                    }
                    case 3 -> {
                        if (p.openCount(h) > 0 && random.nextInt(4) == 0) {
                            p.refuse(h, Duration.ofSeconds(random.nextInt(3)));
                        }
                    }
                    case 4 -> {
                        if (random.nextInt(20) == 0) {
                            s.crawlDelay(h, Duration.ofMillis(random.nextInt(3_000)));
                        } else if (random.nextInt(50) == 0) {
                            p.revoke(s, partition);
                            p.assign(partition);
                        }
                    }
                    default -> clock.advance(Duration.ofMillis(random.nextInt(300)));
                }
                String at = "seed " + seed + " step " + step;
                Map<HeldBy, Integer> counts = held(s);
                counts.forEach((cap, n) -> {
                    assertThat(n).as("%s %s", at, cap).isNotNegative();
                    if (n > 0) {
                        seen.add(cap);
                    }
                });
                assertThat(counts.values().stream().mapToInt(Integer::intValue).sum())
                        .as("%s: every backlogged host is held by exactly one limit", at)
                        .isEqualTo(s.counts().backloggedHosts());
                long atOwnCap = hosts.stream().filter(x -> queued(s, x) > 0 && inFlight(s, x) >= perHost).count();
                assertThat(counts.get(HeldBy.PER_HOST)).as(at).isEqualTo((int) atOwnCap);
                if (counts.get(HeldBy.CONCURRENCY) > 0) {
                    assertThat(s.counts().inFlight()).as("%s: only a full global cap leaves a ready host waiting", at)
                            .isEqualTo(concurrency);
                }
            }
            s.close();
            assertThat(held(s).values()).as("seed %d after close", seed).containsOnly(0);
        }
        assertThat(seen).as("the load reached every limit").containsExactlyInAnyOrder(HeldBy.values());
    }
}
