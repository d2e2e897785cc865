package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.runtime.GracefulStop;
import org.kcrawl.http.politeness.FakeTime;
import org.kcrawl.http.politeness.HostScheduler;
import org.kcrawl.http.politeness.PolitenessSettings;
import org.slf4j.LoggerFactory;

/** The stop steps the fetcher and the render worker share, without a broker. */
class GracefulStopTest {
    private final GracefulStop graceful = new GracefulStop(LoggerFactory.getLogger(GracefulStopTest.class), "test");
    private final HostScheduler scheduler = new HostScheduler(new PolitenessSettings(1, 1, 1, 1, Duration.ofSeconds(30),
            Duration.ofMinutes(10)), new FakeTime());
    private final MockConsumer<String, byte[]> urls = new MockConsumer<>("earliest");
    private final MockConsumer<String, byte[]> parked = new MockConsumer<>("earliest");
    private final AtomicBoolean drained = new AtomicBoolean();

    @Test
    void loopsThatNeverRanHaveTheirConsumersClosedAndNothingToDrain() {
        graceful.stopLoops(false, scheduler::stopStarting, () -> drained.set(true), urls, parked);

        assertThat(urls.closed()).isTrue();
        assertThat(parked.closed()).isTrue();
        assertThat(drained).isFalse();
    }

    @Test
    void runningLoopsAreDrainedAndCloseTheirOwnConsumers() {
        graceful.stopLoops(true, scheduler::stopStarting, () -> drained.set(true), urls, parked);

        assertThat(drained).isTrue();
        assertThat(urls.closed()).isFalse();
        assertThat(parked.closed()).isFalse();
    }

    @Test
    void anInterruptedDrainEndsTheWaitAndKeepsTheInterrupt() {
        try {
            graceful.stopLoops(true, scheduler::stopStarting, () -> {
                throw new InterruptedException("stopping");
            }, urls);

            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void queuedSendsGoOutBeforeTheExecutorIsLeft() throws Exception {
        ExecutorService sends = Executors.newSingleThreadExecutor();
        AtomicBoolean sent = new AtomicBoolean();
        sends.execute(() -> {
            try {
                TimeUnit.MILLISECONDS.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            sent.set(true);
        });

        graceful.drainSends(sends);

        assertThat(sent).isTrue();
        assertThat(sends.isTerminated()).isTrue();
    }
}
