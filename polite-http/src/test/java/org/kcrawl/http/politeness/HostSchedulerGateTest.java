package org.kcrawl.http.politeness;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** A closed {@link StartGate} holds every new request; {@link HostScheduler#wake()} starts them when it opens. */
class HostSchedulerGateTest {
    private final FakeTime time = new FakeTime();
    private final SchedulerProbe probe = new SchedulerProbe(time);
    private final AtomicBoolean open = new AtomicBoolean(true);

    private HostScheduler scheduler() {
        PolitenessSettings settings = new PolitenessSettings(1000, 1, 4, 64, Duration.ofSeconds(30),
                Duration.ofMinutes(10), 64, Duration.ofMinutes(1), 1_000);
        HostScheduler s = new HostScheduler(settings, time, HostAddresses.byName(), PermitListener.NONE, open::get);
        probe.assign(0);
        time.advance(Duration.ofSeconds(5));
        return s;
    }

    @Test
    void aClosedGateHoldsNewRequestsUntilItOpensAndTheSchedulerIsWoken() {
        HostScheduler s = scheduler();
        open.set(false);
        for (String host : List.of("a", "b", "c")) {
            s.submit(probe.held(host, 0), null);
        }
        time.advance(Duration.ofSeconds(2));
        assertThat(s.counts().inFlight()).as("nothing starts while the gate is closed").isZero();
        assertThat(s.counts().heldHosts(HeldBy.CONCURRENCY)).as("ready hosts wait as for a global slot").isEqualTo(3);

        open.set(true);
        time.advance(Duration.ofSeconds(1));
        assertThat(s.counts().inFlight()).as("an open gate alone starts nothing: the owner wakes the scheduler").isZero();

        s.wake();
        time.runDue();
        assertThat(s.counts().inFlight()).isEqualTo(3);
        assertThat(s.counts().heldHosts(HeldBy.CONCURRENCY)).isZero();
    }

    @Test
    void requestsOnTheWireFinishWhileTheGateIsClosed() {
        HostScheduler s = scheduler();
        s.submit(probe.held("a", 0), null);
        time.runDue();
        assertThat(s.counts().inFlight()).isEqualTo(1);

        open.set(false);
        s.submit(probe.held("b", 0), null);
        probe.finish("a");
        time.advance(Duration.ofSeconds(1));

        assertThat(s.counts().inFlight()).as("a finished; b waits for the gate").isZero();
        assertThat(s.counts().queued()).isEqualTo(1);
    }

    @Test
    void wakingAStoppedSchedulerStartsNothing() {
        HostScheduler s = scheduler();
        open.set(false);
        s.submit(probe.held("a", 0), null);
        s.stopStarting();
        open.set(true);
        s.wake();
        time.runDue();
        assertThat(s.counts().inFlight()).isZero();
    }
}
