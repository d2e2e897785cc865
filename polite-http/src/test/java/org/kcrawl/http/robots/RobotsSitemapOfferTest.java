package org.kcrawl.http.robots;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.kafka.ManualOwnership;
import org.kcrawl.http.politeness.FakeTime;
import org.kcrawl.http.politeness.HostScheduler;
import org.kcrawl.http.politeness.PolitenessSettings;
import org.kcrawl.http.politeness.ScriptedFetcher;

/** The {@code Sitemap:} offer that travels with {@link RobotsRules} verdicts: once per cached file, same host only. */
class RobotsSitemapOfferTest {
    private static final String ROBOTS = "http://a.test/robots.txt";

    private final FakeTime time = new FakeTime();
    private final ScriptedFetcher fetcher = new ScriptedFetcher(time);
    private final HostScheduler scheduler = new HostScheduler(PolitenessSettings.defaults(), time);
    private final ManualOwnership owner = new ManualOwnership("t.urls", time::nanoTime);
    private final RobotsRules rules = new RobotsRules(fetcher, scheduler, RobotsSettings.defaults(), time,
            new SimpleMeterRegistry());

    RobotsSitemapOfferTest() {
        owner.assign(0);
        time.advance(Duration.ofSeconds(5));
    }

    private RobotsVerdict check(String url) {
        CompletableFuture<RobotsVerdict> f = rules.check(url, owner.claim(0));
        time.advance(Duration.ofSeconds(6));
        assertThat(f).as("verdict for %s", url).isDone();
        return f.join();
    }

    @Test
    void everyVerdictOfOneCachedFileCarriesTheSameOfferWhichIsTakenOnceAndRenewedWithTheFile() {
        fetcher.answer(ROBOTS, 200, "text/plain",
                "User-agent: *\nDisallow: /private\nSitemap: /sitemap.xml\nSitemap: http://b.test/sitemap.xml\n",
                Map.of());

        RobotsVerdict first = check("http://a.test/1");
        RobotsVerdict denied = check("http://a.test/private/x");

        assertThat(denied.status()).isEqualTo(RobotsVerdict.Status.DISALLOWED);
        assertThat(denied.sitemaps()).isSameAs(first.sitemaps());
        assertThat(first.sitemaps().robotsUrl()).isEqualTo(ROBOTS);
        assertThat(first.sitemaps().take()).containsExactly("http://a.test/sitemap.xml");
        assertThat(check("http://a.test/2").sitemaps().take()).as("taken already").isEmpty();

        time.advance(Duration.ofHours(25)); // the cache entry expires: the file is fetched again
        assertThat(check("http://a.test/3").sitemaps().take()).containsExactly("http://a.test/sitemap.xml");
        assertThat(fetcher.count(ROBOTS)).isEqualTo(2);
    }

    @Test
    void aFileReachedByARedirectToAnotherHostOffersOnlyTheAskingHostsSitemaps() {
        fetcher.answer(ROBOTS, 301, null, "", Map.of("location", "http://b.test/robots.txt"));
        fetcher.answer("http://b.test/robots.txt", 200, "text/plain",
                "User-agent: *\nSitemap: /sitemap.xml\nSitemap: http://a.test/listed-by-b.xml\n", Map.of());

        assertThat(check("http://a.test/1").sitemaps().take()).containsExactly("http://a.test/listed-by-b.xml");
    }

    @Test
    void filesThatWereNotParsedOfferNothing() {
        fetcher.answer(ROBOTS, 404, "text/html", "Sitemap: http://a.test/sitemap.xml\n", Map.of());
        fetcher.answer("http://c.test/robots.txt", 503, "text/plain", "Sitemap: http://c.test/sitemap.xml\n",
                Map.of());

        assertThat(check("http://a.test/1").sitemaps().pending()).isFalse();
        assertThat(check("http://c.test/1").sitemaps().pending()).isFalse();
    }
}
