package org.kcrawl.embedded.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RequestLogTest {
    private static final String A = "127.0.0.10";
    private static final String B = "127.0.0.11";

    private static RequestEvent ev(String host, String path, long start, long end) {
        return new RequestEvent(host, path, start, end, 200);
    }

    @Test
    void sequentialRequestsHaveConcurrencyOne() {
        assertThat(RequestLog.maxConcurrency(List.of(ev(A, "/", 0, 10), ev(A, "/p/1", 11, 20), ev(A, "/p/2", 30, 31))))
                .isEqualTo(1);
    }

    @Test
    void touchingIntervalsCountAsOverlapping() {
        assertThat(RequestLog.maxConcurrency(List.of(ev(A, "/", 0, 10), ev(A, "/p/1", 10, 20)))).isEqualTo(2);
    }

    @Test
    void concurrencyIsThePeakNotTheTotal() {
        List<RequestEvent> events = List.of(
                ev(A, "/1", 0, 100),
                ev(A, "/2", 10, 20),
                ev(A, "/3", 15, 30),
                ev(A, "/4", 25, 40),
                ev(A, "/5", 50, 60),
                ev(A, "/6", 55, 58),
                ev(A, "/7", 56, 57));
        assertThat(RequestLog.maxConcurrency(events)).isEqualTo(4);
        assertThat(RequestLog.maxConcurrency(List.of())).isZero();
        assertThat(RequestLog.maxConcurrency(List.of(ev(A, "/", 5, 5)))).isEqualTo(1);
    }

    @Test
    void minIntervalIsTheSmallestGapBetweenStarts() {
        assertThat(RequestLog.minIntervalNanos(List.of(ev(A, "/", 100, 150), ev(A, "/a", 0, 10), ev(A, "/b", 40, 45))))
                .isEqualTo(40);
        assertThat(RequestLog.minIntervalNanos(List.of(ev(A, "/", 1, 2)))).isEqualTo(Long.MAX_VALUE);
        assertThat(RequestLog.minIntervalNanos(List.of())).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void separatesHostsAndOrdersByArrival() {
        RequestLog log = new RequestLog(100);
        log.record(ev(A, "/p/2", 30, 40));
        log.record(ev(B, "/", 5, 6));
        log.record(ev(A, "/", 10, 50));
        log.record(ev(A, "/p/2", 60, 70));
        assertThat(log.of(A)).extracting(RequestEvent::startNanos).containsExactly(10L, 30L, 60L);
        assertThat(log.all()).extracting(RequestEvent::startNanos).containsExactly(5L, 10L, 30L, 60L);
        assertThat(log.of("127.0.0.99")).isEmpty();
        assertThat(log.hosts()).containsExactly(A, B);
        assertThat(log.countByPath(A)).containsExactly(
                java.util.Map.entry("/", 1L), java.util.Map.entry("/p/2", 2L));
        assertThat(log.maxConcurrency(A)).isEqualTo(2);
        assertThat(log.minIntervalNanos(A)).isEqualTo(20);
        assertThat(log.size()).isEqualTo(4);
    }

    @Test
    void clearForgetsEverything() {
        RequestLog log = new RequestLog(100);
        log.record(ev(A, "/", 1, 2));
        log.connectionOpened(A);
        log.clear();
        assertThat(log.all()).isEmpty();
        assertThat(log.size()).isZero();
        assertThat(log.connectionsOpened(A)).isZero();
        assertThat(log.hosts()).isEmpty();
    }

    @Test
    void countsWhatItCannotHold() {
        RequestLog log = new RequestLog(3);
        for (int i = 0; i < 5; i++) {
            log.record(ev(A, "/", i, i + 1));
        }
        assertThat(log.size()).isEqualTo(3);
        assertThat(log.dropped()).isEqualTo(2);
    }

    @Test
    void recordsFromManyThreadsWithoutLoss() throws Exception {
        RequestLog log = new RequestLog(1_000_000);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> writers = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                String host = t % 2 == 0 ? A : B;
                writers.add(pool.submit(() -> {
                    for (int i = 0; i < 10_000; i++) {
                        log.record(ev(host, "/p/" + i, i, i + 1));
                        log.connectionOpened(host);
                    }
                }));
            }
            for (Future<?> writer : writers) {
                writer.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(log.all()).hasSize(40_000);
        assertThat(log.of(A)).hasSize(20_000);
        assertThat(log.connectionsOpened(B)).isEqualTo(20_000);
        assertThat(log.countByPath(A)).hasSize(10_000).containsEntry("/p/7", 2L);
    }

    @Test
    void eventsRejectNegativeDurations() {
        assertThatThrownBy(() -> ev(A, "/", 10, 9))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("endNanos");
        assertThat(ev(A, "/", 10, 25).durationNanos()).isEqualTo(15);
        assertThat(ev(A, "/", 10, 25).method()).isEqualTo("GET");
    }
}
