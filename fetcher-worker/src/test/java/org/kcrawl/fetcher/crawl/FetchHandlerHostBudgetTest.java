package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.url.UrlFingerprint;
import org.kcrawl.http.client.HttpResult;
import org.kcrawl.common.message.SeenMarkers;

/** {@code max_pages_per_host} in the handler: fake time, a scripted fetcher, the mock producer. */
class FetchHandlerHostBudgetTest {

    private static HandlerFixture fixture(long perHost, long maxPages, boolean robots) {
        HandlerFixture.Options o = new HandlerFixture.Options();
        o.robots = robots;
        o.settings = new HandlerSettings(5, maxPages, Duration.ofMinutes(1), ParkingTiers.defaults(), perHost, true);
        return new HandlerFixture(o);
    }

    @Test
    void aHostPastItsBudgetIsSkippedWithoutAMarkerWhileOtherHostsGoOn() {
        HandlerFixture f = fixture(2, 0, false);

        f.handle(f.seed("http://a.test/1"));
        f.handle(f.seed("http://a.test/2"));
        CompletableFuture<?> third = f.handle(f.seed("http://a.test/3"));
        f.handle(f.seed("http://b.test/1"));
        f.handle(f.seed("http://b.test/2"));
        f.time.advance(Duration.ofSeconds(5));

        assertThat(third).isCompleted();
        assertThat(f.outcome("skip", "host_budget")).isEqualTo(1);
        assertThat(f.pages()).extracting(FetchedPage::requestedUrl).containsExactlyInAnyOrder(
                "http://a.test/1", "http://a.test/2", "http://b.test/1", "http://b.test/2");
        assertThat(f.fetcher.count("http://a.test/3")).isZero();
        assertThat(f.sent(HandlerFixture.TOPICS.seen())).extracting(r -> r.key())
                .hasSize(4).doesNotContain(SeenMarkers.key(UrlFingerprint.of("http://a.test/3")));
        assertThat(f.handler.admitted()).as("a host-budget skip takes nothing from max_pages").isEqualTo(4);
    }

    @Test
    void retriesAndRedirectHopsOfAnAdmittedUrlAreNotChargedAgain() {
        HandlerFixture f = fixture(1, 0, false);
        AtomicInteger calls = new AtomicInteger();
        f.fetcher.script("http://a.test/1", u -> CompletableFuture.completedFuture(calls.incrementAndGet() == 1
                ? new HttpResult(u, 503, Map.of(), "text/html", new byte[0], false, 5, "127.0.0.1")
                : new HttpResult(u, 200, Map.of(), "text/html", new byte[0], false, 5, "127.0.0.1")));
        f.fetcher.answer("http://b.test/old", 301, null, "", Map.of("location", "/new"));

        f.handle(f.seed("http://a.test/1"));
        f.handle(f.seed("http://b.test/old"));
        f.time.advance(Duration.ofSeconds(1));
        CrawlRequest retry = f.requests().stream().filter(r -> r.attempt() == 2).findFirst().orElseThrow();
        CrawlRequest hop = f.requests().stream().filter(r -> r.hops() == 1).findFirst().orElseThrow();
        assertThat(retry.url()).isEqualTo("http://a.test/1");
        assertThat(hop.url()).isEqualTo("http://b.test/new");

        f.handle(retry);
        f.handle(hop);
        f.time.advance(Duration.ofSeconds(5));

        assertThat(f.outcome("skip", "host_budget")).isZero();
        assertThat(f.pages()).extracting(FetchedPage::requestedUrl)
                .containsExactlyInAnyOrder("http://b.test/old", "http://a.test/1", "http://b.test/new");
        assertThat(f.handle(f.seed("http://a.test/2"))).isCompleted();
        assertThat(f.handle(f.seed("http://b.test/2"))).isCompleted();
        assertThat(f.outcome("skip", "host_budget")).isEqualTo(2);
    }

    @Test
    void aUrlThatIsNotFetchedAfterAllGivesItsUnitBack() {
        HandlerFixture f = fixture(1, 0, true);
        f.fetcher.answer("http://a.test/robots.txt", 200, "text/plain", "User-agent: *\nDisallow: /private\n", Map.of());

        f.handle(f.seed("http://a.test/private/x"));
        f.time.advance(Duration.ofSeconds(2));
        f.handle(f.seed("http://a.test/open"));
        f.time.advance(Duration.ofSeconds(2));

        assertThat(f.outcome("skip", "robots")).isEqualTo(1);
        assertThat(f.outcome("skip", "host_budget")).isZero();
        assertThat(f.pages()).extracting(FetchedPage::requestedUrl).containsExactly("http://a.test/open");
    }

    @Test
    void aUrlSkippedByTheGlobalBudgetGivesItsHostUnitBack() {
        HandlerFixture f = fixture(1, 1, true);
        f.fetcher.answer("http://a.test/robots.txt", 200, "text/plain", "User-agent: *\nDisallow: /private\n", Map.of());

        f.fetcher.holdResponses();
        f.handle(f.seed("http://a.test/private/x")); // holds the only max_pages unit until robots.txt answers
        f.handle(f.seed("http://b.test/1"));         // charged to b.test, then refused by max_pages
        f.fetcher.release();                         // the robots skip gives the max_pages unit back
        f.handle(f.seed("http://b.test/2"));
        f.time.advance(Duration.ofSeconds(2));

        assertThat(f.outcome("skip", "max_pages")).isEqualTo(1);
        assertThat(f.outcome("skip", "host_budget")).as("b.test got its unit back").isZero();
        assertThat(f.pages()).extracting(FetchedPage::requestedUrl).containsExactly("http://b.test/2");
    }

    @Test
    void aNewAssignmentOfThePartitionStartsTheCountAgain() {
        HandlerFixture f = fixture(1, 0, false);

        f.handle(f.seed("http://a.test/1"));
        f.time.advance(Duration.ofSeconds(2));
        assertThat(f.handle(f.seed("http://a.test/2"))).isCompleted();
        assertThat(f.outcome("skip", "host_budget")).isEqualTo(1);

        f.revoke(0);
        f.assign(0);
        f.time.advance(Duration.ofSeconds(2));
        f.handle(f.seed("http://a.test/2"));
        f.time.advance(Duration.ofSeconds(2));

        assertThat(f.outcome("skip", "host_budget")).isEqualTo(1);
        assertThat(f.pages()).extracting(FetchedPage::requestedUrl).containsExactly("http://a.test/1", "http://a.test/2");
    }
}
