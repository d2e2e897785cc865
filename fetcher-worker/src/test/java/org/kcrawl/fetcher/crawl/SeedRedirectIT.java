package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.ScopeSite;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.testkit.web.MovedSite;

/**
 * Fetchers as a cluster runs them ({@link FetcherWorker#create(FetcherConfig, org.kcrawl.common.kafka.KafkaClients,
 * io.micrometer.core.instrument.MeterRegistry)}: host scope, the crawl's sites followed on the scope topic)
 * against a site whose bare host redirects to its canonical one. The seed's redirect is followed and
 * the canonical site published; a fetcher started afterwards knows it, so a redirect from a page that
 * is no seed may lead there, while one to a site out of scope is still not followed.
 */
class SeedRedirectIT {
    private static final Duration WAIT = Duration.ofSeconds(60);

    private final CrawlHarness crawl = new CrawlHarness(SharedKafka.bootstrapServers(),
            SharedKafka.uniqueCrawlName("seed-redirect"), 2);

    @Test
    void aSeedsRedirectMovesTheCrawlAndAFetcherStartedLaterKnowsIt() throws Exception {
        try (MovedSite site = MovedSite.builder().addresses("127.0.0.74", "127.0.0.75", "127.0.0.76").start()) {
            FetcherConfig config = crawl.config(Map.of("rate", "20", "max_redirect_hops", "3"));

            FetcherWorker first = FetcherWorker.create(config, crawl.clients(), new SimpleMeterRegistry());
            try {
                first.start();
                crawl.seed(List.of(site.bare("/")));
                await().atMost(WAIT).until(() -> first.pagesFetched() == 2 && first.pending() == 0);
            } finally {
                first.stop();
            }
            List<ScopeSite> scope = crawl.readAs(crawl.topics().scope(), ScopeSite.class);
            assertThat(scope).singleElement().satisfies(s -> {
                assertThat(s.site()).isEqualTo(site.canonicalSite());
                assertThat(s.cause()).isEqualTo(ScopeSite.Cause.SEED_REDIRECT);
                assertThat(s.sourceUrl()).isEqualTo(site.bare("/"));
            });
            assertThat(site.requests(site.canonical("/"))).isEqualTo(1);

            // A restart: the new fetcher learns the canonical site from the scope topic alone.
            FetcherWorker second = FetcherWorker.create(config, crawl.clients(), new SimpleMeterRegistry());
            try {
                second.start();
                Instant now = Instant.now();
                publish(CrawlRequest.discovered(site.bare("/hidden"), 2, site.canonical("/a"), now));
                publish(CrawlRequest.discovered(site.canonical("/away"), 2, site.canonical("/b"), now));
                await().atMost(WAIT).until(() -> second.pagesFetched() == 3 && second.pending() == 0
                        && second.skips() == 1);
            } finally {
                second.stop();
            }
            List<FetchedPage> pages = crawl.readAs(crawl.topics().pages(), FetchedPage.class);
            assertThat(pages).extracting(FetchedPage::requestedUrl).containsExactlyInAnyOrder(site.bare("/"),
                    site.canonical("/"), site.bare("/hidden"), site.canonical("/hidden"), site.canonical("/away"));
            assertThat(site.awayRequests()).as("a page's redirect to a site out of scope").isZero();
            assertThat(crawl.readAs(crawl.topics().scope(), ScopeSite.class)).as("only seeds move the crawl")
                    .hasSize(1);
        }
    }

    private void publish(CrawlRequest request) throws Exception {
        try (KafkaProducer<String, byte[]> producer = CrawlHarness.orderedProducer(crawl.clients(), "it-links")) {
            producer.send(new ProducerRecord<>(crawl.topics().urls(), HostKey.of(request.url()),
                    MessageCodec.get().encode(request))).get(30, TimeUnit.SECONDS);
        }
    }
}
