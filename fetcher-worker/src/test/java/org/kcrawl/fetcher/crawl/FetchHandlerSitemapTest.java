package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.common.url.UrlNormalizer;

/** robots.txt {@code Sitemap:} lines published by the handler: fake time, a scripted fetcher, the mock producer. */
class FetchHandlerSitemapTest {
    private static final String ROBOTS = "http://a.test/robots.txt";
    private static final String ROBOTS_TXT = """
            User-agent: *
            Disallow: /private
            Sitemap: http://a.test/sitemap.xml
            Sitemap: /news.xml.gz
            Sitemap: http://b.test/sitemap.xml
            Sitemap: HTTP://A.TEST/sitemap.xml?utm_source=robots
            """;

    private static HandlerFixture fixture(boolean followSitemaps, boolean autoAck) {
        HandlerFixture.Options o = new HandlerFixture.Options();
        o.autoAck = autoAck;
        o.normalizer = RedirectRules.normalizing(UrlNormalizer.defaults());
        o.settings = new HandlerSettings(5, 0, Duration.ofMinutes(1), ParkingTiers.defaults(), 0, followSitemaps);
        HandlerFixture f = new HandlerFixture(o);
        f.fetcher.answer(ROBOTS, 200, "text/plain", ROBOTS_TXT, Map.of());
        return f;
    }

    @Test
    void theFirstUrlOfAHostPublishesItsSameHostSitemapsOnceNormalizedAtDepthZero() {
        HandlerFixture f = fixture(true, true);

        f.handle(f.seed("http://a.test/1"));
        f.handle(f.seed("http://a.test/2"));
        f.time.advance(Duration.ofSeconds(5));

        List<CrawlRequest> published = f.requests();
        assertThat(published).extracting(CrawlRequest::url)
                .containsExactly("http://a.test/sitemap.xml", "http://a.test/news.xml.gz");
        assertThat(published).allSatisfy(r -> {
            assertThat(r.depth()).isZero();
            assertThat(r.attempt()).isEqualTo(1);
            assertThat(r.hops()).isZero();
            assertThat(r.sourceUrl()).isEqualTo(ROBOTS);
        });
        assertThat(f.sent(HandlerFixture.TOPICS.urls())).allSatisfy(r -> {
            assertThat(r.key()).isEqualTo("a.test");
            assertThat(r.partition()).as("partitioned by host like every URL").isNull();
        });
        assertThat(f.registry.get(SitemapMetrics.DISCOVERED).counter().count()).isEqualTo(2);
        assertThat(f.fetcher.count(ROBOTS)).isEqualTo(1);
    }

    @Test
    void theUrlsStageAndSeenMarkerWaitForTheSitemapAcknowledgements() {
        HandlerFixture f = fixture(true, false);

        CompletableFuture<?> stage = f.handle(f.seed("http://a.test/1"));
        f.time.advance(Duration.ofSeconds(5));

        assertThat(f.requests()).hasSize(2);
        assertThat(f.pages()).hasSize(1);
        assertThat(f.producer.completeNext()).isTrue(); // first sitemap
        assertThat(f.producer.completeNext()).isTrue(); // second sitemap
        assertThat(stage).isNotDone();
        assertThat(f.producer.completeNext()).isTrue(); // the page
        assertThat(f.sent(HandlerFixture.TOPICS.seen())).hasSize(1);
        assertThat(f.producer.completeNext()).isTrue(); // its marker

        assertThat(stage).isCompleted();
        assertThat(f.registry.get(SitemapMetrics.DISCOVERED).counter().count()).isEqualTo(2);
    }

    @Test
    void aRobotsDisallowedFirstUrlStillPublishesThemAndItsSkipIsCommittedOnlyAfterTheirAcks() {
        HandlerFixture f = fixture(true, false);

        CompletableFuture<?> stage = f.handle(f.seed("http://a.test/private/x"));
        f.time.advance(Duration.ofSeconds(2));

        assertThat(f.outcome("skip", "robots")).isEqualTo(1);
        assertThat(f.requests()).hasSize(2);
        assertThat(stage).isNotDone();
        f.producer.completeNext();
        f.producer.completeNext();
        assertThat(stage).isCompleted();
    }

    @Test
    void whenPublishingFailsTheUrlFailsWithoutAMarkerAndItsRedoPublishesThemAgain() throws Exception {
        HandlerFixture f = fixture(true, false);

        CompletableFuture<?> stage = f.handle(f.seed("http://a.test/1"));
        f.time.advance(Duration.ofSeconds(5));
        f.producer.errorNext(new TimeoutException("broker away")); // first sitemap
        f.producer.completeNext();                                 // second sitemap
        f.producer.completeNext();                                 // the page

        assertThat(failure(stage)).hasMessageContaining("broker away");
        assertThat(f.sent(HandlerFixture.TOPICS.seen())).isEmpty();
        assertThat(f.registry.get(SitemapMetrics.DISCOVERED).counter().count()).isZero();

        // The worker loop rewinds the partition: the URL comes again and takes the sitemaps again.
        f.revoke(0);
        f.assign(0);
        f.time.advance(Duration.ofSeconds(2));
        CompletableFuture<?> redo = f.handle(f.seed("http://a.test/1"));
        f.time.advance(Duration.ofSeconds(5));
        while (f.producer.completeNext()) {
            // acknowledge everything: two sitemaps, the page, its marker
        }

        assertThat(redo).isCompleted();
        assertThat(f.requests()).extracting(CrawlRequest::url).containsExactly(
                "http://a.test/sitemap.xml", "http://a.test/news.xml.gz",
                "http://a.test/sitemap.xml", "http://a.test/news.xml.gz");
        assertThat(f.registry.get(SitemapMetrics.DISCOVERED).counter().count()).isEqualTo(2);
        assertThat(f.fetcher.count(ROBOTS)).as("robots.txt stays cached").isEqualTo(1);
    }

    @Test
    void followSitemapsOffPublishesNone() {
        HandlerFixture f = fixture(false, true);

        CompletableFuture<?> stage = f.handle(f.seed("http://a.test/1"));
        f.time.advance(Duration.ofSeconds(5));

        assertThat(stage).isCompleted();
        assertThat(f.pages()).hasSize(1);
        assertThat(f.requests()).isEmpty();
        assertThat(f.registry.get(SitemapMetrics.DISCOVERED).counter().count()).isZero();
    }

    private static Throwable failure(CompletableFuture<?> f) throws InterruptedException {
        try {
            f.get();
            throw new AssertionError("expected a failed stage");
        } catch (ExecutionException e) {
            return e.getCause();
        }
    }
}
