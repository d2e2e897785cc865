package org.kcrawl.http.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.kcrawl.http.net.AddressGuard;

/**
 * Throughput against a loopback server with 200 ms latency at 1, 10, 100 and 1,000 fetches in flight,
 * printed as a ratio to the ideal concurrency / latency. A measurement, not a regression test: it runs
 * only with {@code -Dkcrawl.bench=true}.
 */
@EnabledIfSystemProperty(named = "kcrawl.bench", matches = "true")
class LatencyThroughputBenchIT {
    private static final long LATENCY_MS = 200;

    @Test
    void throughputTracksConcurrencyOverLatency() throws Exception {
        List<InetAddress> hosts = List.of(AddressGuard.literal("127.0.0.1"), AddressGuard.literal("127.0.0.2"),
                AddressGuard.literal("127.0.0.3"), AddressGuard.literal("127.0.0.4"));
        byte[] page = ("<html><body>" + "lorem ipsum ".repeat(160) + "</body></html>").getBytes();
        HttpClientSettings settings = HttpClientSettings.defaults().toBuilder()
                .allowCidrs(List.of("127.0.0.0/8")).maxConnections(1000).maxConnectionsPerHost(250)
                .eventLoopThreads(Math.max(1, Integer.getInteger("kcrawl.bench.threads", 1))).build();
        List<String> report = new ArrayList<>();
        try (DelayedHttpServer server = new DelayedHttpServer(hosts, LATENCY_MS, page);
             NettyHttpFetcher fetcher = new NettyHttpFetcher(settings)) {
            for (int concurrency : new int[] {1, 10, 100, 1000}) {
                double perSecond = measure(fetcher, server.port(), hosts, concurrency);
                double ideal = concurrency * 1000.0 / LATENCY_MS;
                report.add(String.format("in flight %5d: %8.1f fetches/s, ideal %8.1f, ratio %.3f",
                        concurrency, perSecond, ideal, perSecond / ideal));
            }
            report.add("server saw " + server.connections() + " connections");
        }
        report.forEach(System.out::println);
        assertThat(report).hasSize(5);
    }

    /** Closed loop: each completion starts the next fetch; warm up 1.5 s, count over 4 s. */
    private static double measure(NettyHttpFetcher fetcher, int port, List<InetAddress> hosts, int concurrency)
            throws InterruptedException {
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicLong completed = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        java.util.Map<String, AtomicLong> reasons = new java.util.concurrent.ConcurrentHashMap<>();
        for (int i = 0; i < concurrency; i++) {
            // Each slot sticks to one host, as the politeness scheduler keeps per-host counts within the caps.
            String base = "http://" + hosts.get(i % hosts.size()).getHostAddress() + ":" + port + "/s" + i + "/";
            new Runnable() {
                long n;

                @Override
                public void run() {
                    if (!running.get()) {
                        return;
                    }
                    fetcher.fetch(base + n++).whenComplete((r, e) -> {
                        if (e == null) {
                            completed.incrementAndGet();
                        } else {
                            failed.incrementAndGet();
                            reasons.computeIfAbsent(e.toString(), k -> new AtomicLong()).incrementAndGet();
                        }
                        run();
                    });
                }
            }.run();
        }
        TimeUnit.MILLISECONDS.sleep(1500);
        long before = completed.get();
        long t0 = System.nanoTime();
        TimeUnit.SECONDS.sleep(4);
        long after = completed.get();
        double seconds = (System.nanoTime() - t0) / 1e9;
        running.set(false);
        long waitUntil = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (fetcher.inFlight() > 0 && System.nanoTime() < waitUntil) {
            TimeUnit.MILLISECONDS.sleep(20);
        }
        assertThat(failed.get()).as("failed fetches at concurrency " + concurrency + ": " + reasons).isZero();
        return (after - before) / seconds;
    }
}
