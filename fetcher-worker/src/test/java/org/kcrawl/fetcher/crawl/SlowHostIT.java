package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.embedded.web.SyntheticWeb;

/**
 * No head-of-line blocking across hosts: a host limited to 0.5 requests/s (Crawl-delay 2) with
 * 3,000 URLs ahead of everything else in the topic, and a pending bound far below that, must not
 * hold back twenty fast hosts that share its partitions. The slow host keeps about a minute of work
 * in memory and parks the rest. The exact comparison with a run without the slow host is
 * {@code SlowHostBenchIT}; this bound is loose on purpose (a shared two-core machine).
 */
class SlowHostIT {
    private static final int FAST_HOSTS = 20;
    private static final int FAST_PAGES = 30;
    private static final int SLOW_URLS = 3_000;
    private static final double RATE = 10;

    @Test
    void aSlowHostWithThousandsOfUrlsDoesNotHoldBackTheOthers() throws Exception {
        CrawlHarness crawl = new CrawlHarness(SharedKafka.bootstrapServers(), SharedKafka.uniqueCrawlName("slow-host"),
                2);
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(FAST_HOSTS + 1).pagesPerHost(SLOW_URLS).pageBytes(512)
                .robotsTxt(0, "User-agent: *\nCrawl-delay: 2\n").start()) {
            List<String> urls = new ArrayList<>();
            for (int p = 0; p < SLOW_URLS; p++) {
                urls.add(web.pageUrl(0, p));
            }
            for (int p = 0; p < FAST_PAGES; p++) {
                for (int h = 1; h <= FAST_HOSTS; h++) {
                    urls.add(web.pageUrl(h, p));
                }
            }
            crawl.seed(urls);
            FetcherConfig config = crawl.config(Map.of("rate", Double.toString(RATE), "max_pending", "1000",
                    "max_pending_per_partition", "500"));
            FetcherWorker worker = FetcherWorker.create(config, crawl.clients(), new SimpleMeterRegistry());
            int fastTotal = FAST_HOSTS * FAST_PAGES;
            int[] maxInMemory = new int[1];
            long started = System.nanoTime();
            long elapsed;
            try {
                worker.start();
                await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(50))
                        .until(() -> fastPagesServed(web) >= fastTotal);
                elapsed = System.nanoTime() - started;
                // Only the slow host is left: what it keeps in memory is a minute at 0.5/s.
                await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(50))
                        .until(() -> {
                            maxInMemory[0] = Math.max(maxInMemory[0], worker.queued() - worker.parkedHeld());
                            return true;
                        });
            } finally {
                worker.stop();
            }

            double ideal = FAST_PAGES / RATE; // seconds per fast host at its rate, all in parallel
            System.out.printf("fast hosts done in %.1f s (ideal %.1f s); slow host: %d URLs parked, at most %d URLs"
                    + " waiting in memory%n", elapsed / 1e9, ideal, worker.parkedCount(), maxInMemory[0]);
            assertThat(elapsed / 1e9).as("fast hosts' time with the slow host ahead of them").isLessThan(ideal * 3 + 10);
            assertThat(worker.parkedCount()).isGreaterThan(SLOW_URLS * 9L / 10);
            assertThat(maxInMemory[0]).as("the slow host's minute of work, not its 3,000 URLs").isLessThanOrEqualTo(40);
            assertThat(PolitenessAudit.of(web.requestLog(), web.hostAddress(0), 2_000_000_000L, 1, 2, 100_000_000L)
                    .violations()).isEmpty();
        }
    }

    private static long fastPagesServed(SyntheticWeb web) {
        long n = 0;
        for (int h = 1; h <= FAST_HOSTS; h++) {
            n += web.requestLog().countByPath(web.hostAddress(h)).entrySet().stream()
                    .filter(e -> !e.getKey().equals("/robots.txt")).mapToLong(Map.Entry::getValue).sum();
        }
        return n;
    }
}
