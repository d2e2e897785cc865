package org.kcrawl.embedded.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TransientFaultsTest {
    private final UrlLayout layout = new UrlLayout(10, 100, 10, 80);

    @Test
    void noErrorRateMeansNoFaults() {
        TransientFaults faults = new TransientFaults(1, 0, layout);
        for (int h = 0; h < 10; h++) {
            for (int p = 0; p < 100; p++) {
                assertThat(faults.take(h, p)).isZero();
            }
        }
    }

    @Test
    void flakyPagesFailOnlyTheirFirstRequest() {
        TransientFaults faults = new TransientFaults(1, 1.0, layout);
        int tooMany = 0;
        for (int h = 0; h < 10; h++) {
            for (int p = 0; p < 100; p++) {
                int first = faults.take(h, p);
                assertThat(first).isIn(503, 429).isEqualTo(faults.plannedStatus(h, p));
                tooMany += first == 429 ? 1 : 0;
                assertThat(faults.take(h, p)).isZero();
                assertThat(faults.take(h, p)).isZero();
            }
        }
        assertThat(tooMany).isBetween(400, 600);
    }

    @Test
    void errorRateSelectsAStableFraction() {
        TransientFaults a = new TransientFaults(5, 0.1, layout);
        TransientFaults b = new TransientFaults(5, 0.1, layout);
        TransientFaults other = new TransientFaults(6, 0.1, layout);
        int flaky = 0;
        int same = 0;
        for (int h = 0; h < 10; h++) {
            for (int p = 0; p < 100; p++) {
                assertThat(b.plannedStatus(h, p)).isEqualTo(a.plannedStatus(h, p));
                flaky += a.plannedStatus(h, p) != 0 ? 1 : 0;
                same += a.plannedStatus(h, p) != 0 && other.plannedStatus(h, p) != 0 ? 1 : 0;
            }
        }
        assertThat(flaky).isBetween(70, 130);
        assertThat(same).isLessThan(flaky / 2);
    }

    @Test
    void racingRequestsSeeExactlyOneFault() throws Exception {
        TransientFaults faults = new TransientFaults(1, 1.0, layout);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            for (int round = 0; round < 50; round++) {
                int page = round;
                CountDownLatch go = new CountDownLatch(1);
                AtomicInteger failures = new AtomicInteger();
                List<Future<?>> racers = new ArrayList<>();
                for (int t = 0; t < 4; t++) {
                    racers.add(pool.submit(() -> {
                        go.await();
                        if (faults.take(3, page) != 0) {
                            failures.incrementAndGet();
                        }
                        return null;
                    }));
                }
                go.countDown();
                for (Future<?> racer : racers) {
                    racer.get(10, TimeUnit.SECONDS);
                }
                assertThat(failures).hasValue(1);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
