package org.kcrawl.http.politeness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.http.politeness.SchedulerView.queued;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.common.metrics.LogContext;
import org.kcrawl.common.testing.CapturedLogs;

/** What the scheduler tells metrics and logs: each request's wait for its permit, and the hosts with a backlog. */
class HostSchedulerObservabilityTest {
    private static final long SECOND = 1_000_000_000L;

    private final FakeTime time = new FakeTime();
    private final SchedulerProbe probe = new SchedulerProbe(time);
    private final List<Long> waits = new CopyOnWriteArrayList<>();

    /** A scheduler owning partitions 0 and 1 for long enough that new hosts start at once. */
    private HostScheduler scheduler(int perHost, int concurrency, PermitListener listener) {
        PolitenessSettings settings = new PolitenessSettings(1, 1, perHost, concurrency, Duration.ofSeconds(30),
                Duration.ofHours(1), 100, Duration.ofSeconds(10), 1_000);
        HostScheduler s = new HostScheduler(settings, time, HostAddresses.byName(), listener);
        probe.assign(0, 1);
        time.advance(Duration.ofSeconds(5));
        return s;
    }

    private HostScheduler scheduler(int perHost, int concurrency) {
        return scheduler(perHost, concurrency, waits::add);
    }

    @Test
    void eachPermitReportsTheTimeFromQueuedToStartedOnTheSchedulersClock() {
        HostScheduler s = scheduler(2, 10);
        for (int i = 0; i < 3; i++) {
            s.submit(probe.instant("a", 0), null);
        }

        time.advance(Duration.ofSeconds(5));

        // One request a second: the first goes at once, the others wait their turn at the host's rate.
        assertThat(waits).containsExactly(0L, SECOND, 2 * SECOND);
    }

    @Test
    void waitingForAHostSlotOrAGlobalSlotCountsAsPolitenessWait() {
        HostScheduler s = scheduler(1, 1);
        s.submit(probe.held("x", 0), null);
        s.submit(probe.held("y", 0), null); // the only global slot is x's
        s.submit(probe.held("x", 0), null); // behind x's own slot and rate
        time.advance(Duration.ofSeconds(2));

        probe.finish("x");
        time.runDue();

        assertThat(waits).as("x at once, then y when x ended 2 s later").containsExactly(0L, 2 * SECOND);
        probe.finish("y");
        time.advance(Duration.ofSeconds(1));
        // x's second request: queued at the start, its interval (from x's first write, at 0) long over, it
        // waited for the only global slot, which y freed at 2 s.
        assertThat(waits).containsExactly(0L, 2 * SECOND, 2 * SECOND);
    }

    @Test
    void backloggedHostsCountHostsWithQueuedRequestsAsTheyComeAndGo() {
        HostScheduler s = scheduler(1, 10);
        for (String host : List.of("a", "b")) {
            s.submit(probe.held(host, 0), null);
            s.submit(probe.held(host, 0), null);
        }
        s.submit(probe.held("c", 1), null);
        s.submit(probe.held("c", 1), null);
        s.submit(probe.held("c", 1), null);
        assertThat(s.counts().backloggedHosts()).as("each host has one in flight and the rest queued").isEqualTo(3);
        assertThat(s.counts().queued()).isEqualTo(4);

        probe.revoke(s, 1);
        assertThat(s.counts().backloggedHosts()).isEqualTo(2);
        assertThat(s.counts().queued()).isEqualTo(2);

        probe.finish("a");
        time.advance(Duration.ofSeconds(1));
        assertThat(s.counts().backloggedHosts()).as("a's second request started").isEqualTo(1);
        assertThat(s.counts().queued()).isEqualTo(1);

        s.close();
        assertThat(s.counts().backloggedHosts()).isZero();
        assertThat(s.counts().queued()).isZero();
    }

    @Test
    void aHostWhoseQueueIsHandedBackIsNoLongerBacklogged() {
        HostScheduler s = scheduler(1, 10);
        for (int i = 0; i < 4; i++) {
            s.submit(probe.deferrable("d", 0), null);
        }
        assertThat(s.counts().backloggedHosts()).isEqualTo(1);

        probe.refuse("d", Duration.ofMinutes(5)); // a pause far past the 10 s horizon

        assertThat(probe.deferred).hasSize(3);
        assertThat(s.counts().backloggedHosts()).isZero();
        assertThat(s.counts().queued()).isZero();
    }

    @Test
    void theCountsAlwaysMatchTheQueuesUnderRandomLoad() {
        for (long seed = 1; seed <= 5; seed++) {
            Random random = new Random(seed);
            FakeTime clock = new FakeTime();
            SchedulerProbe p = new SchedulerProbe(clock);
            PolitenessSettings settings = new PolitenessSettings(1 + random.nextInt(10), 1, 1 + random.nextInt(2),
                    2 + random.nextInt(6), Duration.ofSeconds(30), Duration.ofMinutes(10), 100,
                    Duration.ofSeconds(2 + random.nextInt(5)), 20);
            HostScheduler s = new HostScheduler(settings, clock, HostAddresses.byName(), waited -> { });
            p.assign(0, 1);
            List<String> hosts = List.of("a", "b", "c", "d", "e", "f");
            for (int step = 0; step < 2_000; step++) {
                String h = hosts.get(random.nextInt(hosts.size()));
                int partition = h.charAt(0) % 2;
                switch (random.nextInt(6)) {
                    case 0, 1 -> s.submit(p.deferrable(h, partition), null);
                    case 2 -> {
                        if (p.openCount(h) > 0) {
                            p.finish(h);
                        }
                    }
                    case 3 -> {
                        if (p.openCount(h) > 0 && random.nextInt(4) == 0) {
                            p.refuse(h, Duration.ofSeconds(random.nextInt(20)));
                        }
                    }
                    case 4 -> {
                        if (random.nextInt(50) == 0) {
                            p.revoke(s, partition);
                            p.assign(partition);
                        }
                    }
                    default -> clock.advance(Duration.ofMillis(random.nextInt(300)));
                }
                long backlogged = hosts.stream().filter(x -> queued(s, x) > 0).count();
                int queued = hosts.stream().mapToInt(x -> queued(s, x)).sum();
                assertThat(s.counts().backloggedHosts()).as("seed %d step %d", seed, step).isEqualTo(backlogged);
                assertThat(s.counts().queued()).as("seed %d step %d", seed, step).isEqualTo(queued);
            }
        }
    }

    @Test
    void aListenerThatThrowsKeepsNoRequestFromStarting() {
        HostScheduler s = scheduler(2, 10, waited -> {
            throw new IllegalStateException("meter broken");
        });
        try (CapturedLogs logs = CapturedLogs.of(TaskHandoffs.class)) {
            s.submit(probe.instant("a", 0), null);

            assertThat(probe.startsOf("a")).hasSize(1);
            assertThat(logs.at(Level.ERROR)).singleElement().extracting(ILoggingEvent::getFormattedMessage)
                    .isEqualTo("permit listener failed");
        }
    }

    @Test
    void aRequestThatFailsToStartIsLoggedWithItsHostPartitionAndOffset() {
        HostScheduler s = scheduler(2, 10);
        ThrowingTask task = new ThrowingTask(probe.claim(1));
        try (CapturedLogs logs = CapturedLogs.of(TaskHandoffs.class)) {
            s.submit(task, null);

            ILoggingEvent error = logs.at(Level.ERROR).get(0);
            assertThat(error.getFormattedMessage()).isEqualTo("request to e.example failed to start");
            assertThat(error.getMDCPropertyMap()).isEqualTo(Map.of(LogContext.HOST, "e.example",
                    LogContext.PARTITION, "1", LogContext.OFFSET, "42"));
        }
        assertThat(task.cancelledBecause).startsWith("failed to start");
        assertThat(s.counts().inFlight()).as("its slots were freed").isZero();
    }

    /** A task of the message at offset 42 of partition 1 whose start throws, as a bug would. */
    private static final class ThrowingTask implements HostTask {
        private final Claim claim;
        private String cancelledBecause;

        ThrowingTask(Claim claim) {
            this.claim = claim;
        }

        @Override
        public String host() {
            return "e.example";
        }

        @Override
        public Claim claim() {
            return claim;
        }

        @Override
        public long offset() {
            return 42;
        }

        @Override
        public void start(Permit permit) {
            throw new IllegalStateException("bug");
        }

        @Override
        public void cancel(String why) {
            cancelledBecause = why;
        }
    }
}
