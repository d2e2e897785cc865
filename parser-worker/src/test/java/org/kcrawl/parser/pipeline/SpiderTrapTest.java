package org.kcrawl.parser.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.YearMonth;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.parser.ParserConfig;
import org.kcrawl.parser.content.ContentExtractor;
import org.kcrawl.parser.content.ContentOptions;
import org.kcrawl.parser.html.CharsetDetector;
import org.kcrawl.parser.html.FieldExtractor;
import org.kcrawl.parser.html.PageParser;
import org.kcrawl.parser.html.ParseLimits;
import org.kcrawl.common.url.UrlNormalizer;
import org.kcrawl.common.scope.RejectReason;
import org.kcrawl.parser.scope.ScopeChain;
import org.kcrawl.parser.sitemap.SitemapParser;
import org.kcrawl.parser.testing.Pages;

/**
 * Infinite sites crawled breadth-first through the real processor (the fetcher's part played by a
 * seen-set and a page generator): the crawl must end by itself within the configured bounds.
 */
class SpiderTrapTest {
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final ParserMetrics metrics = new ParserMetrics(registry);
    private final ParserConfig config = ParserConfig.defaults();
    private final PageProcessor processor = new PageProcessor(
            new PageParser(UrlNormalizer.defaults(), CharsetDetector.defaults(), ParseLimits.defaults(),
                    FieldExtractor.NONE, new ContentExtractor(ContentOptions.DEFAULTS), System::nanoTime),
            SitemapParser.defaults(), ScopeChain.of(config.scopeSettings()), RedirectRules.defaults(5), metrics,
            Clock.systemUTC(),
            System::nanoTime);

    /** Crawls from {@code seed} until nothing new is discovered; returns the URLs fetched. */
    private Set<String> crawl(String seed, Function<String, String> site, int safetyLimit) {
        Set<String> seen = new HashSet<>();
        Deque<CrawlRequest> queue = new ArrayDeque<>();
        queue.add(CrawlRequest.seed(seed, Pages.FETCHED_AT));
        seen.add(seed);
        while (!queue.isEmpty() && seen.size() < safetyLimit) {
            CrawlRequest request = queue.poll();
            var page = Pages.page(request.url(), 200, "text/html",
                    site.apply(request.url()).getBytes(java.nio.charset.StandardCharsets.UTF_8), Map.of(),
                    request.depth());
            for (CrawlRequest next : processor.process(page).requests()) {
                if (seen.add(next.url())) {
                    queue.add(next);
                }
            }
        }
        return seen;
    }

    private double rejected(RejectReason reason) {
        return registry.get("crawl.parse.links.rejected").tag("reason", reason.tag()).counter().count();
    }

    @Test
    void anEndlessCalendarEndsAtTheDepthLimit() {
        Function<String, String> calendar = url -> {
            YearMonth month = YearMonth.parse(url.substring(url.indexOf("month=") + 6));
            return "<title>" + month + "</title><a href='?month=" + month.minusMonths(1) + "'>prev</a>"
                    + "<a href='/cal?month=" + month.plusMonths(1) + "&utm_source=nav'>next</a>";
        };

        Set<String> fetched = crawl("http://cal.example/cal?month=2025-01", calendar, 1_000);

        assertThat(fetched).hasSize(2 * config.scopeConfig().maxDepth() + 1);
        assertThat(rejected(RejectReason.MAX_DEPTH)).isPositive();
    }

    @Test
    void anEndlesslyDeepeningPathEndsByRepeatedSegmentsOrDepth() {
        Function<String, String> deepening = url -> "<a href='again/'>again</a><a href='" + (url.length() % 7)
                + "/'>next</a><a href='./x/../again/'>same again</a>";

        Set<String> fetched = crawl("http://deep.example/start/", deepening, 10_000);

        assertThat(fetched.size()).isLessThan(200);
        assertThat(fetched).allSatisfy(u -> assertThat(u).doesNotContain("again/again/again/again/"));
        assertThat(rejected(RejectReason.REPEATED_SEGMENTS) + rejected(RejectReason.MAX_DEPTH)).isPositive();
    }
}
