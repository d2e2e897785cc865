package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.http.client.NettyHttpFetcher;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.embedded.web.SyntheticWeb;

/**
 * Parking loses nothing: hosts whose backlog reaches far past the hold time keep only a couple of
 * seconds of it in memory, park the rest through the parking tiers (short ones here), and every URL
 * still ends as exactly one page, fetched at the host's pace.
 */
class ParkingIT {
    private static final int HOSTS = 3;
    private static final int PAGES = 60;
    private static final double RATE = 4;

    @Test
    void everyParkedUrlComesBackAndIsFetchedOnce() throws Exception {
        CrawlHarness crawl = new CrawlHarness(SharedKafka.bootstrapServers(), SharedKafka.uniqueCrawlName("parking"), 2);
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(HOSTS).pagesPerHost(PAGES).start()) {
            List<String> urls = new ArrayList<>();
            for (int h = 0; h < HOSTS; h++) {
                for (int p = 0; p < PAGES; p++) {
                    urls.add(web.pageUrl(h, p));
                }
            }
            FetcherConfig config = crawl.config(Map.of("rate", Double.toString(RATE), "max_hold", "PT2S",
                    "park_tiers", "[PT1S, PT2S, PT4S, PT8S]"));
            RecordingFetcher client = new RecordingFetcher(new NettyHttpFetcher(config.httpClient()));
            FetcherWorker worker = new FetcherWorker(config, crawl.clients(), new SimpleMeterRegistry(), client);
            int[] maxQueued = new int[1];
            try {
                worker.start();
                crawl.seed(urls);
                await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(100)).until(() -> {
                    maxQueued[0] = Math.max(maxQueued[0], worker.queued() - worker.parkedHeld());
                    return worker.pagesFetched() == urls.size() && worker.pending() == 0 && crawl.backlog() == 0;
                });
            } finally {
                worker.stop();
            }

            assertThat(crawl.readAs(crawl.topics().pages(), FetchedPage.class)).extracting(FetchedPage::requestedUrl)
                    .doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(urls);
            assertThat(worker.parkedCount()).as("most of each host's backlog was parked").isGreaterThan(HOSTS * PAGES / 2);
            assertThat(worker.forwardedCount()).isPositive();
            // Per host: two seconds at 4/s queued, as many held for their time, and those waiting for robots.txt.
            assertThat(maxQueued[0]).as("URLs held in memory for politeness").isLessThanOrEqualTo(HOSTS * 20);
            for (int h = 0; h < HOSTS; h++) {
                String host = web.hostAddress(h);
                assertThat(PolitenessAudit.ofStarts(host, client.startsOf(host), (long) (1e9 / RATE), 1, 0))
                        .isEmpty();
                assertThat(web.requestLog().countByPath(host).values()).allMatch(n -> n == 1);
            }
        }
    }
}
