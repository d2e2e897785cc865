package org.kcrawl.http.politeness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.http.politeness.SchedulerView.inFlight;
import static org.kcrawl.http.politeness.SchedulerView.queued;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How much of a host's backlog the scheduler keeps in memory, and when the rest comes back. */
class HostSchedulerBacklogTest {
    private final FakeTime time = new FakeTime();
    private final SchedulerProbe probe = new SchedulerProbe(time);

    private HostScheduler scheduler(double rate, Duration horizon, int maxHostQueue) {
        PolitenessSettings settings = new PolitenessSettings(rate, 1, 1, 100, Duration.ofSeconds(30),
                Duration.ofHours(1), 100, horizon, maxHostQueue);
        HostScheduler s = new HostScheduler(settings, time);
        probe.assign(0);
        time.advance(Duration.ofSeconds(5));
        return s;
    }

    /** Offers {@code n} URLs of {@code host} as the fetch handler does; returns the park times given. */
    private List<Instant> offer(HostScheduler s, String host, int n, boolean returning) {
        List<Instant> parked = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Instant until = s.parkUntil(host, probe.claim(0), 0, returning);
            if (until == null) {
                s.submit(probe.deferrable(host, 0), null);
            } else {
                parked.add(until);
            }
        }
        return parked;
    }

    @Test
    void urlsThatCanStartWithinTheHorizonStayAndTheRestIsParkedAtTheHostsPace() {
        HostScheduler s = scheduler(1, Duration.ofSeconds(10), 1_000);
        Instant now = time.now();

        List<Instant> parked = offer(s, "a", 15, false);

        // One in flight (next start at +1 s), then ten more reaching +10 s; the rest one second apart.
        assertThat(probe.startsOf("a")).hasSize(1);
        assertThat(queued(s, "a")).isEqualTo(10);
        assertThat(parked).containsExactly(now.plusSeconds(11), now.plusSeconds(12), now.plusSeconds(13),
                now.plusSeconds(14));
    }

    @Test
    void aNewcomerQueuesUpBehindABacklogParkedPastTheHorizonButAReturningUrlDoesNot() {
        HostScheduler s = scheduler(1, Duration.ofSeconds(10), 1_000);
        offer(s, "a", 40, false); // parked through +40 s
        for (int i = 0; i < 6; i++) {
            probe.finish("a");
            time.advance(Duration.ofSeconds(1));
        }
        assertThat(queued(s, "a")).as("room again").isLessThan(10);

        Instant newcomer = s.parkUntil("a", probe.claim(0), 0, false);
        Instant returning = s.parkUntil("a", probe.claim(0), 0, true);

        assertThat(newcomer).as("behind the last parked one").isAfter(time.now().plusSeconds(30));
        assertThat(returning).isNull();
    }

    @Test
    void urlsWaitingElsewhereCountAgainstTheHorizon() {
        HostScheduler s = scheduler(1, Duration.ofSeconds(10), 1_000);

        assertThat(s.parkUntil("a", probe.claim(0), 10, false)).as("ten already wait for robots.txt").isNull();
        assertThat(s.parkUntil("a", probe.claim(0), 11, false)).isNotNull();
    }

    @Test
    void theQueueNeverHoldsMoreThanMaxHostQueue() {
        HostScheduler s = scheduler(1000, Duration.ofMinutes(1), 5);

        List<Instant> parked = offer(s, "a", 10, false);

        assertThat(queued(s, "a") + inFlight(s, "a")).isEqualTo(6);
        assertThat(parked).hasSize(4);
    }

    @Test
    void aLongRetryAfterHandsTheQueuedUrlsBackForAfterThePauseAndKeepsWhatCannotWait() {
        HostScheduler s = scheduler(1, Duration.ofSeconds(10), 1_000);
        s.submit(probe.deferrable("a", 0), null); // in flight
        SchedulerProbe.Task robots = probe.held("a", 0); // not deferrable, like robots.txt
        s.submit(robots, null);
        for (int i = 0; i < 3; i++) {
            s.submit(probe.deferrable("a", 0), null);
        }
        assertThat(queued(s, "a")).isEqualTo(4);

        probe.refuse("a", Duration.ofHours(1));

        assertThat(queued(s, "a")).isEqualTo(1);
        assertThat(probe.deferred).hasSize(3);
        Instant pauseEnds = time.now().plus(Duration.ofHours(1));
        List<Instant> times = probe.deferred.stream().map(t -> t.deferredUntil).toList();
        assertThat(times.get(0)).isAfterOrEqualTo(pauseEnds);
        // Spread, in queue order, at the pace the host is heading back to: the refusal halved its rate of 1/s,
        // and answers bring it back to 90 % of the refused rate within a few requests (LearnedRate).
        Duration planned = Duration.ofNanos(Math.round(1e9 / 0.9));
        assertThat(Duration.between(times.get(0), times.get(1))).isEqualTo(planned);
        assertThat(Duration.between(times.get(1), times.get(2))).isEqualTo(planned);
        assertThat(robots.started || robots.cancelledBecause != null).isFalse();
    }

    @Test
    void aCrawlDelayLearnedLaterHandsBackWhatNoLongerFits() {
        HostScheduler s = scheduler(10, Duration.ofSeconds(10), 1_000);
        for (int i = 0; i < 50; i++) {
            s.submit(probe.deferrable("a", 0), null);
        }
        assertThat(queued(s, "a")).isEqualTo(49);

        s.crawlDelay("a", Duration.ofSeconds(1));

        assertThat(queued(s, "a")).isBetween(9, 10);
        assertThat(probe.deferred).hasSize(49 - queued(s, "a"));
        assertThat(probe.deferred.get(0).deferredUntil).isAfter(time.now().plusSeconds(9));
    }

    @Test
    void hostsWithUrlsParkedAheadAreRemembered() {
        HostScheduler s = scheduler(1, Duration.ofSeconds(10), 1_000);
        offer(s, "a", 30, false);
        for (int i = 0; i < 40; i++) {
            if (probe.openCount("a") > 0) {
                probe.finish("a");
            }
            time.advance(Duration.ofSeconds(1));
        }
        assertThat(queued(s, "a")).isZero();
        assertThat(s.counts().hosts()).as("the parked line ends at +30 s and must still be known").isEqualTo(1);

        time.advance(Duration.ofSeconds(60));

        assertThat(s.counts().hosts()).isZero();
    }
}
