package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.url.UrlFingerprint;

/** URLs that a render pattern finds go to the render topic, not to the host: after dedup and budgets, before robots.txt. */
class FetchHandlerRenderRouteTest {
    private static final String APP = "http://a.test/app/7";
    private static final String DOC = "http://a.test/doc";

    private static HandlerFixture fixture(long maxPages) {
        HandlerFixture.Options o = new HandlerFixture.Options();
        o.autoAck = false;
        o.settings = new HandlerSettings(5, maxPages, Duration.ofSeconds(10), ParkingTiers.defaults(), 0, true,
                RenderRoute.of(List.of("/app/")));
        return new HandlerFixture(o);
    }

    @Test
    void aMatchingUrlIsHandedToTheRenderTopicByHostThenMarkedSeenAndNothingIsFetched() {
        HandlerFixture f = fixture(0);
        CrawlRequest request = CrawlRequest.discovered(APP, 1, "http://a.test/", f.time.now());

        CompletableFuture<?> stage = f.handle(request);
        f.time.advance(Duration.ofSeconds(5));

        List<ProducerRecord<String, byte[]>> routed = f.sent(HandlerFixture.TOPICS.render());
        assertThat(routed).hasSize(1);
        assertThat(routed.get(0).key()).isEqualTo("a.test");
        assertThat(HandlerFixture.decode(routed.get(0).value(), CrawlRequest.class)).isEqualTo(request);
        assertThat(f.fetcher.count("http://a.test/robots.txt")).as("robots.txt is the render worker's to read")
                .isZero();
        assertThat(f.fetcher.count(APP)).isZero();
        assertThat(f.sent(HandlerFixture.TOPICS.seen())).as("no marker before the hand-over is acknowledged").isEmpty();

        assertThat(f.producer.completeNext()).isTrue();
        assertThat(f.sent(HandlerFixture.TOPICS.seen())).hasSize(1);
        assertThat(f.producer.completeNext()).isTrue();
        assertThat(stage).isCompleted();
        assertThat(f.seen.isCompleted(0, UrlFingerprint.of(APP))).isTrue();
        assertThat(f.outcome("render", "none")).isEqualTo(1);
        assertThat(f.metrics.renderedCount()).isEqualTo(1);

        assertThat(f.handle(CrawlRequest.discovered(APP, 2, "http://a.test/x", f.time.now()))).isCompleted();
        assertThat(f.outcome("skip", "duplicate")).as("a rendered URL is deduplicated like any").isEqualTo(1);
        assertThat(f.sent(HandlerFixture.TOPICS.render())).hasSize(1);
    }

    @Test
    void otherUrlsAreFetchedAsBeforeAndRenderedOnesCountAgainstThePageBudget() {
        HandlerFixture f = fixture(1);
        f.handle(f.seed(APP));
        f.producer.completeNext();
        f.producer.completeNext();

        assertThat(f.handle(f.seed(DOC))).isCompleted();
        assertThat(f.outcome("skip", "max_pages")).isEqualTo(1);

        HandlerFixture plain = fixture(0);
        plain.handle(plain.seed(DOC));
        plain.time.advance(Duration.ofSeconds(5));
        assertThat(plain.fetcher.count(DOC)).isEqualTo(1);
        assertThat(plain.sent(HandlerFixture.TOPICS.render())).isEmpty();
    }

    @Test
    void patternsAreSearchedAnywhereAndABadOneIsNamed() {
        assertThat(RenderRoute.of(List.of("^https://app\\.")).matches("https://app.example.org/x")).isTrue();
        assertThat(RenderRoute.of(List.of("^https://app\\.")).matches("https://www.example.org/app.")).isFalse();
        assertThat(RenderRoute.none().enabled()).isFalse();
        assertThatThrownBy(() -> RenderRoute.of(List.of("(")))
                .hasMessageStartingWith("render_patterns: invalid regular expression '('");
    }
}
