package org.kcrawl.fetcher.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.kcrawl.fetcher.crawl.CrawlHarness;
import org.kcrawl.fetcher.crawl.FetcherConfig;
import org.kcrawl.fetcher.crawl.FetcherWorker;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.embedded.web.RequestEvent;
import org.kcrawl.embedded.web.SyntheticWeb;

/**
 * Head-of-line blocking, measured: 100 fast hosts crawled alone, then the same crawl with a host
 * limited to 0.5 requests/s (Crawl-delay 2) whose 10,000 URLs sit ahead of everything in the urls
 * partitions it shares with them. Fast-host throughput comes from the synthetic web's own request
 * log: fast pages served divided by the time from the fetcher's start to the last fast page (so the
 * cost of reading and parking the slow host's backlog counts). Runs alternate, {@code
 * kcrawl.bench.rounds} of each (default 3), and the medians are compared.
 *
 * <p>Run: {@code ./mvnw -pl fetcher-worker verify -Dkcrawl.bench=true -Dit.test=SlowHostBenchIT
 * -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false}
 */
@EnabledIfSystemProperty(named = "kcrawl.bench", matches = "true")
class SlowHostBenchIT {
    private static final int FAST_HOSTS = 100;
    private static final int FAST_PAGES = Integer.getInteger("kcrawl.bench.fastPages", 40);
    private static final int SLOW_URLS = 10_000;
    private static final double RATE = Double.parseDouble(System.getProperty("kcrawl.bench.rate", "2"));
    private static final int PARTITIONS = 4;

    @Test
    void aSlowHostWithTenThousandQueuedUrlsCostsTheFastHostsLessThanTenPercent() throws Exception {
        int rounds = Integer.getInteger("kcrawl.bench.rounds", 3);
        List<Double> alone = new ArrayList<>();
        List<Double> shared = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            alone.add(run(false, round));
            shared.add(run(true, round));
        }
        double a = median(alone);
        double b = median(shared);
        System.out.printf("BENCH slow-host: fast pages/s alone %s, with the slow host %s; medians %.1f vs %.1f:"
                + " %.1f%% lower (ideal %.0f pages/s)%n", format(alone), format(shared), a, b, 100 * (1 - b / a),
                FAST_HOSTS * RATE);
        assertThat(b).as("fast-host throughput with the slow host").isGreaterThan(a * 0.5);
    }

    private double run(boolean withSlowHost, int round) throws Exception {
        CrawlHarness crawl = new CrawlHarness(SharedKafka.bootstrapServers(),
                SharedKafka.uniqueCrawlName("slow-bench-" + (withSlowHost ? "shared" : "alone") + round), PARTITIONS);
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(FAST_HOSTS + 1).pagesPerHost(SLOW_URLS).pageBytes(1024)
                .robotsTxt(0, "User-agent: *\nCrawl-delay: 2\n").start()) {
            List<String> urls = new ArrayList<>();
            if (withSlowHost) {
                for (int p = 0; p < SLOW_URLS; p++) {
                    urls.add(web.pageUrl(0, p));
                }
            }
            for (int p = 0; p < FAST_PAGES; p++) {
                for (int h = 1; h <= FAST_HOSTS; h++) {
                    urls.add(web.pageUrl(h, p));
                }
            }
            crawl.seed(urls);
            FetcherConfig config = crawl.config(Map.of("rate", Double.toString(RATE), "partitions",
                    Integer.toString(PARTITIONS)));
            FetcherWorker worker = FetcherWorker.create(config, crawl.clients(), new SimpleMeterRegistry());
            int fastTotal = FAST_HOSTS * FAST_PAGES;
            long started;
            try {
                started = System.nanoTime();
                worker.start();
                await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofMillis(20))
                        .until(() -> fastPages(web) >= fastTotal);
            } finally {
                worker.stop();
            }
            long last = 0;
            long first = Long.MAX_VALUE;
            for (int h = 1; h <= FAST_HOSTS; h++) {
                for (RequestEvent e : web.requestLog().of(web.hostAddress(h))) {
                    if (!e.path().equals("/robots.txt")) {
                        last = Math.max(last, e.startNanos());
                        first = Math.min(first, e.startNanos());
                    }
                }
            }
            double perSecond = fastTotal / ((last - started) / 1e9);
            System.out.printf("BENCH round %d %s: %d fast pages, first after %.2f s, last after %.2f s: %.1f pages/s;"
                            + " parked %d%n", round, withSlowHost ? "with slow host" : "alone", fastTotal,
                    (first - started) / 1e9, (last - started) / 1e9, perSecond, worker.parkedCount());
            return perSecond;
        }
    }

    private static long fastPages(SyntheticWeb web) {
        long n = 0;
        for (int h = 1; h <= FAST_HOSTS; h++) {
            n += web.requestLog().of(web.hostAddress(h)).stream().filter(e -> !e.path().equals("/robots.txt")).count();
        }
        return n;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static String format(List<Double> values) {
        return values.stream().map(v -> String.format("%.1f", v)).toList().toString();
    }
}
