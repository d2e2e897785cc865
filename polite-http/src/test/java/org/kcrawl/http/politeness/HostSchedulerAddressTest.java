package org.kcrawl.http.politeness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.http.politeness.SchedulerView.addressOf;
import static org.kcrawl.http.politeness.SchedulerView.inFlightAt;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The per-address concurrency cap: hosts of one shared-hosting address share its slots. */
class HostSchedulerAddressTest {
    private final FakeTime time = new FakeTime();
    private final SchedulerProbe probe = new SchedulerProbe(time);
    private final Map<String, CompletableFuture<String>> lookups = new HashMap<>();
    private final HostAddresses addresses = host -> lookups.computeIfAbsent(host,
            h -> CompletableFuture.completedFuture(probe.addressOf.getOrDefault(h, "name:" + h)));

    private HostScheduler scheduler(int perHost, int perAddress, int concurrency) {
        PolitenessSettings settings = new PolitenessSettings(1000, 1, perHost, concurrency, Duration.ofSeconds(30),
                Duration.ofMinutes(10), perAddress, Duration.ofMinutes(1), 1_000);
        HostScheduler s = new HostScheduler(settings, time, addresses);
        probe.assign(0);
        time.advance(Duration.ofSeconds(1));
        return s;
    }

    @Test
    void hostsBehindOneAddressShareItsSlotsAndOtherAddressesAreUnaffected() {
        for (int i = 1; i <= 5; i++) {
            probe.addressOf.put("a" + i, "10.0.0.1");
        }
        probe.addressOf.put("b", "10.0.0.2");
        HostScheduler s = scheduler(2, 3, 100);
        // Every host's first request, then every host's second: a4 and a5 join the address's line first,
        // a1 to a3 behind them once their interval since their first request is over.
        for (int round = 0; round < 2; round++) {
            for (int i = 1; i <= 5; i++) {
                s.submit(probe.held("a" + i, 0), null);
            }
        }
        s.submit(probe.held("b", 0), null);
        time.advance(Duration.ofMillis(10));

        assertThat(inFlightAt(s, "10.0.0.1")).isEqualTo(3);
        assertThat(probe.order).containsExactly("a1", "a2", "a3", "b");

        probe.finish("a2");
        time.advance(Duration.ofMillis(10));
        assertThat(probe.order).as("the longest-waiting host of the address goes next").endsWith("a4");

        for (int round = 0; round < 20 && probe.order.size() < 11; round++) {
            for (String h : List.copyOf(probe.open.keySet())) {
                if (probe.openCount(h) > 0) {
                    probe.finish(h);
                }
            }
            time.advance(Duration.ofMillis(10));
        }
        assertThat(probe.order).hasSize(11);
        assertThat(probe.maxRunningAt.get("10.0.0.1")).isEqualTo(3);
        assertThat(inFlightAt(s, "10.0.0.1")).isLessThanOrEqualTo(3);
    }

    @Test
    void aHostStartsOnlyOnceItsAddressIsKnown() {
        CompletableFuture<String> lookup = new CompletableFuture<>();
        lookups.put("late", lookup);
        HostScheduler s = scheduler(2, 8, 100);

        s.submit(probe.instant("late", 0), null);
        time.advance(Duration.ofSeconds(5));
        assertThat(probe.startsOf("late")).isEmpty();
        assertThat(addressOf(s, "late")).isNull();

        lookup.complete("10.0.0.7");

        assertThat(probe.startsOf("late")).hasSize(1);
        assertThat(addressOf(s, "late")).isEqualTo("10.0.0.7");
    }

    @Test
    void aFailedLookupGivesTheHostAnAddressOfItsOwn() {
        lookups.put("nowhere", CompletableFuture.failedFuture(new IllegalStateException("no DNS")));
        HostScheduler s = scheduler(2, 1, 100);

        s.submit(probe.instant("nowhere", 0), null);

        assertThat(probe.startsOf("nowhere")).hasSize(1);
        assertThat(addressOf(s, "nowhere")).isEqualTo("name:nowhere");
    }

    @Test
    void theAddressAnAnswerCameFromIsFollowed() {
        probe.addressOf.put("x", "10.0.0.1");
        probe.addressOf.put("y", "10.0.0.2");
        HostScheduler s = scheduler(1, 1, 100);
        s.submit(probe.held("x", 0), null);
        s.submit(probe.held("y", 0), null);
        time.advance(Duration.ofMillis(10));

        probe.open.get("x").peekFirst().dialed("10.0.0.2"); // DNS moved x next to y
        probe.finish("x");
        s.submit(probe.held("x", 0), null);
        time.advance(Duration.ofSeconds(1));

        assertThat(addressOf(s, "x")).isEqualTo("10.0.0.2");
        assertThat(probe.startsOf("x")).as("y holds the only slot of 10.0.0.2").hasSize(1);
        probe.finish("y");
        time.advance(Duration.ofMillis(10));
        assertThat(probe.startsOf("x")).hasSize(2);
    }

    @Test
    void randomLoadsNeverBreakThePerAddressCap() {
        for (long seed = 1; seed <= 6; seed++) {
            Random random = new Random(seed);
            FakeTime clock = new FakeTime();
            SchedulerProbe p = new SchedulerProbe(clock);
            int perAddress = 1 + random.nextInt(3);
            int hosts = 4 + random.nextInt(8);
            for (int h = 0; h < hosts; h++) {
                p.addressOf.put("h" + h, "10.0.0." + random.nextInt(3));
            }
            PolitenessSettings settings = new PolitenessSettings(2 + random.nextInt(8), 1, 1 + random.nextInt(3),
                    2 + random.nextInt(8), Duration.ofSeconds(30), Duration.ofMinutes(10), perAddress,
                    Duration.ofMinutes(1), 1_000);
            HostScheduler s = new HostScheduler(settings, clock,
                    host -> CompletableFuture.completedFuture(p.addressOf.get(host)));
            p.assign(0);
            int submitted = 0;
            for (int step = 0; step < 3_000; step++) {
                if (random.nextInt(3) == 0) {
                    String h = "h" + random.nextInt(hosts);
                    s.submit(random.nextBoolean() ? p.held(h, 0) : p.instant(h, 0), null);
                    submitted++;
                }
                if (random.nextInt(2) == 0) {
                    List<String> busy = p.open.entrySet().stream().filter(e -> !e.getValue().isEmpty())
                            .map(Map.Entry::getKey).sorted().toList();
                    if (!busy.isEmpty()) {
                        p.finish(busy.get(random.nextInt(busy.size())));
                    }
                }
                clock.advance(Duration.ofMillis(random.nextInt(200)));
            }
            for (Map.Entry<String, Integer> e : p.maxRunningAt.entrySet()) {
                assertThat(e.getValue()).as("seed %d address %s", seed, e.getKey()).isLessThanOrEqualTo(perAddress);
            }
            int started = p.starts.values().stream().mapToInt(List::size).sum();
            assertThat(started + s.counts().queued()).as("seed %d: every task started or still queued", seed)
                    .isEqualTo(submitted);
        }
    }
}
