package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.testkit.web.SitemapSite;

/**
 * The fetcher against the embedded broker and a real loopback site whose robots.txt names sitemaps
 * on its own host and on another: only the own host's are published (at depth 0, from robots.txt),
 * once, and fetched with their whole bodies, XML and gzip alike.
 */
class RobotsSitemapIT {
    private static final String OTHER_HOST_SITEMAP = "http://127.0.0.97:8080/sitemap.xml";

    @Test
    void sameHostSitemapsFromRobotsTxtArePublishedOnceAndFetchedWhole() throws Exception {
        CrawlHarness harness = new CrawlHarness(SharedKafka.bootstrapServers(),
                SharedKafka.uniqueCrawlName("robots-sitemap-it"), 2);
        try (SitemapSite site = SitemapSite.builder().address("127.0.0.96").pages(6)
                .robotsLine("Sitemap: " + SitemapSite.GZIP_PATH)
                .robotsLine("Sitemap: " + OTHER_HOST_SITEMAP)
                .start()) {
            SimpleMeterRegistry registry = new SimpleMeterRegistry();
            FetcherWorker fetcher = FetcherWorker.create(harness.config(Map.of("rate", "20")), harness.clients(),
                    registry);
            try {
                fetcher.start();
                // Two URLs of the host: only one of them may publish the sitemaps.
                harness.seed(List.of(site.rootUrl(), site.pageUrls().get(0)));
                await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                        .until(() -> fetcher.pagesFetched() == 4 && fetcher.pending() == 0);
                assertThat(fetcher.outcomes().failures()).isZero();
            } finally {
                fetcher.stop();
            }

            String index = site.url(SitemapSite.INDEX_PATH);
            String gzipped = site.url(SitemapSite.GZIP_PATH);
            List<CrawlRequest> urls = harness.readAs(harness.topics().urls(), CrawlRequest.class);
            List<CrawlRequest> fromRobots = urls.stream().filter(r -> r.sourceUrl() != null).toList();
            assertThat(fromRobots).extracting(CrawlRequest::url).containsExactlyInAnyOrder(index, gzipped);
            assertThat(fromRobots).allSatisfy(r -> {
                assertThat(r.depth()).isZero();
                assertThat(r.sourceUrl()).isEqualTo(site.url("/robots.txt"));
            });
            assertThat(urls).extracting(CrawlRequest::url).noneMatch(u -> u.contains("127.0.0.97"));

            Map<String, FetchedPage> pages = harness.readAs(harness.topics().pages(), FetchedPage.class).stream()
                    .collect(Collectors.toMap(FetchedPage::requestedUrl, Function.identity()));
            assertThat(pages).containsOnlyKeys(site.rootUrl(), site.pageUrls().get(0), index, gzipped);
            FetchedPage indexPage = pages.get(index);
            assertThat(indexPage.contentType()).startsWith("application/xml");
            assertThat(indexPage.truncated()).isFalse();
            assertThat(indexPage.body()).as("read in full, not as metadata only")
                    .isEqualTo(site.body(SitemapSite.INDEX_PATH));
            FetchedPage gzPage = pages.get(gzipped);
            assertThat(gzPage.contentType()).isEqualTo("application/gzip");
            assertThat(gzPage.body()).as("the gzip file itself, for the parser to inflate within its cap")
                    .isEqualTo(site.body(SitemapSite.GZIP_PATH));

            assertThat(site.requests("/robots.txt")).isEqualTo(1);
            assertThat(site.requests(SitemapSite.INDEX_PATH)).isEqualTo(1);
            assertThat(site.requests(SitemapSite.GZIP_PATH)).isEqualTo(1);
            assertThat(registry.get(SitemapMetrics.DISCOVERED).counter().count()).isEqualTo(2);
        }
    }
}
