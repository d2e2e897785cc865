package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.http.politeness.SchedulerView.interval;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.kafka.ManualOwnership;
import org.kcrawl.http.client.NettyHttpFetcher;
import org.kcrawl.http.politeness.HostScheduler;
import org.kcrawl.http.politeness.SystemTimeSource;
import org.kcrawl.http.robots.RobotsRules;
import org.kcrawl.http.robots.RobotsVerdict;
import org.kcrawl.embedded.web.SyntheticWeb;

/** robots.txt semantics end to end: the synthetic web serves the files, the production HTTP client fetches them. */
class RobotsRulesIT {
    private final SystemTimeSource time = new SystemTimeSource("robots-it-timer");
    private final FetcherConfig config = new ConfigBinder().bind(FetcherConfig.class, FetcherConfig.defaults(), null,
            Map.of("KCRAWL_FETCHER_ALLOW_PRIVATE", "true", "KCRAWL_FETCHER_RATE", "20"), FetcherConfig.ENV_PREFIX);
    private final NettyHttpFetcher fetcher = new NettyHttpFetcher(config.httpClient());
    private final HostScheduler scheduler = new HostScheduler(config.politeness(), time);
    /** Claims stamped with System.nanoTime(), the system time source's clock. */
    private final ManualOwnership owner = new ManualOwnership("t.urls");
    private final RobotsRules rules = new RobotsRules(fetcher, scheduler, config.robots(), time, new SimpleMeterRegistry());

    @AfterEach
    void close() {
        scheduler.close();
        fetcher.close();
        time.close();
    }

    @Test
    void followsEachHostsRobotsTxt() throws Exception {
        StringBuilder oversized = new StringBuilder("User-agent: *\nDisallow: /early\n");
        while (oversized.length() < 600 * 1024) {
            oversized.append("# padding padding padding padding padding padding padding padding padding\n");
        }
        oversized.append("Disallow: /late\n");
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(7).pagesPerHost(1)
                .robotsTxt(0, "User-agent: *\nDisallow: /private\nAllow: /private/ok$\n")
                .robotsTxt(1, "User-agent: *\nDisallow: /*.pdf$\nDisallow: /search*q=\n")
                .robotsStatus(2, 401)
                .robotsStatus(3, 503)
                .robotsTxt(4, oversized.toString())
                .robotsTxt(5, "User-agent: kcrawl\nCrawl-delay: 2\nDisallow: /x\n\nUser-agent: *\nDisallow: /\n")
                .start()) {
            owner.assign(0);

            assertThat(verdict(web, 0, "private/a")).isEqualTo(RobotsVerdict.Status.DISALLOWED);
            assertThat(verdict(web, 0, "private/ok")).isEqualTo(RobotsVerdict.Status.ALLOWED);
            assertThat(verdict(web, 0, "private/ok/more")).isEqualTo(RobotsVerdict.Status.DISALLOWED);
            assertThat(verdict(web, 0, "p/1")).isEqualTo(RobotsVerdict.Status.ALLOWED);

            assertThat(verdict(web, 1, "doc.pdf")).isEqualTo(RobotsVerdict.Status.DISALLOWED);
            assertThat(verdict(web, 1, "doc.pdf?page=2")).isEqualTo(RobotsVerdict.Status.ALLOWED);
            assertThat(verdict(web, 1, "search?q=x")).isEqualTo(RobotsVerdict.Status.DISALLOWED);

            assertThat(verdict(web, 2, "anything")).as("4xx allows all").isEqualTo(RobotsVerdict.Status.ALLOWED);
            assertThat(verdict(web, 3, "anything")).as("5xx disallows for now")
                    .isEqualTo(RobotsVerdict.Status.UNAVAILABLE);
            assertThat(verdict(web, 6, "anything")).as("no robots.txt (404)").isEqualTo(RobotsVerdict.Status.ALLOWED);

            assertThat(verdict(web, 4, "early")).isEqualTo(RobotsVerdict.Status.DISALLOWED);
            assertThat(verdict(web, 4, "late")).as("past 500 KiB").isEqualTo(RobotsVerdict.Status.ALLOWED);

            assertThat(verdict(web, 5, "page")).as("our group, not *").isEqualTo(RobotsVerdict.Status.ALLOWED);
            assertThat(verdict(web, 5, "x/1")).isEqualTo(RobotsVerdict.Status.DISALLOWED);
            assertThat(interval(scheduler, web.hostAddress(5))).isEqualTo(Duration.ofSeconds(2));

            for (int h = 0; h < 7; h++) {
                assertThat(web.requestLog().countByPath(web.hostAddress(h))).as("host %d", h)
                        .containsExactly(Map.entry("/robots.txt", 1L));
            }
        }
    }

    private RobotsVerdict.Status verdict(SyntheticWeb web, int host, String path) throws Exception {
        String url = web.pageUrl(host, 0) + path;
        return rules.check(url, owner.claim(0)).get(20, TimeUnit.SECONDS).status();
    }
}
