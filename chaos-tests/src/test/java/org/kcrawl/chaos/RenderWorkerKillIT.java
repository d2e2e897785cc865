package org.kcrawl.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.PageRecord;
import org.kcrawl.testkit.browser.RequiresChromium;
import org.kcrawl.embedded.kafka.EmbeddedKafkaBroker;
import org.kcrawl.testkit.web.ScriptSite;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SIGKILL of the render worker (and its browser, as when its pod dies) in the middle of a crawl whose every
 * page needs rendering: its successor renders what the first one had consumed but not committed, so every
 * page of the site still ends with one record carrying the title its script set, and nothing fails. Exactly
 * once, no rendered page is published twice: a page acknowledged but not committed when the worker died is in
 * a transaction that aborts.
 */
@RequiresChromium
class RenderWorkerKillIT {
    private static final Logger log = LoggerFactory.getLogger(RenderWorkerKillIT.class);
    private static final int PAGES = 24;
    private static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(150);

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void sigkillOfTheRenderWorkerMidCrawlLosesNoUrl() {
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(dir.resolve("kafka"));
             ScriptSite site = ScriptSite.builder().addresses("127.0.0.175", "127.0.0.176").pages(PAGES).start();
             CrawlHarness crawl = new CrawlHarness(broker.bootstrapServers(), "render-kill", dir.resolve("config"));
             Workers workers = new Workers(ChaosLogs.dir("render-kill"))) {
            crawl.provision(2);
            List<String> everything = List.of("^" + Pattern.quote(site.url("/")));
            // Every page of the site is rendered; at 6 requests a second (a page, its script, its API call)
            // the crawl lasts long enough to be cut in the middle.
            workers.add(crawl.fetcher(Map.of("render_patterns", everything)));
            workers.add(crawl.parser(Map.of("seed_sites", CrawlHarness.siteKeys(List.of(site.url("/"))))));
            WorkerSlot renderer = workers.add(crawl.renderer(Map.of("rate", 6.0, "burst", 1,
                    "render_tabs", 2)));
            workers.startAll();
            crawl.seed(List.of(site.url("/")));

            // Killed as soon as a page is written (at least once: acknowledged, its offset commit some 250 ms
            // away), the moment a page is most likely rendered again by the successor.
            Waits.until("a third of the pages to be written", Duration.ofSeconds(90), Duration.ofMillis(5),
                    () -> CrawlDrain.endOffsets(crawl.admin(), crawl.topics().pages()) >= PAGES / 3,
                    () -> "rendered " + rendered(site));
            renderer.kill();
            long renderedByTheFirst = rendered(site);
            log.info("render worker killed after {} of {} pages", renderedByTheFirst, PAGES + 1);
            renderer.start();

            CrawlDrain drain = crawl.drain(Duration.ofSeconds(3));
            Waits.until("the crawl to drain after the kill", DRAIN_TIMEOUT, Duration.ofMillis(500),
                    () -> drain.settled(workers.allRunning()),
                    () -> "last " + drain.last() + ", unexpected exits " + workers.unexpectedExits());

            CrawlOutcome outcome = CrawlOutcome.read(crawl);
            Map<String, Integer> renderedPages = new TreeMap<>();
            for (ConsumerRecord<String, byte[]> r : crawl.readAll(crawl.topics().pages())) {
                FetchedPage page = CrawlOutcome.decode(r.value(), FetchedPage.class);
                if (page.rendered()) {
                    renderedPages.merge(page.requestedUrl(), 1, Integer::sum);
                }
            }
            renderedPages.values().removeIf(n -> n == 1);
            log.info("render-kill pages={} rendered_by_the_first={} duplicate_records={} pages_published_twice={}",
                    site.contentUrls().size(), renderedByTheFirst, outcome.duplicateRecords(), renderedPages);
            Map<String, String> titles = new TreeMap<>();
            for (ConsumerRecord<String, byte[]> r : crawl.readAll(crawl.topics().records())) {
                PageRecord record = CrawlOutcome.decode(r.value(), PageRecord.class);
                titles.put(record.url(), record.title());
            }
            assertThat(renderedByTheFirst).as("the kill came in the middle of the crawl")
                    .isLessThan(site.contentUrls().size());
            assertThat(workers.unexpectedExits()).as("workers that died by themselves").isEmpty();
            assertThat(outcome.missing(site.contentUrls())).as("pages without a record").isEmpty();
            assertThat(outcome.unexpected(site.contentUrls())).as("records of pages not on the site").isEmpty();
            for (String url : site.contentUrls()) {
                assertThat(titles.get(url)).as("title of %s", url).isEqualTo(site.titleOf(url));
            }
            assertThat(renderedPages).as("rendered pages published more than once").isEmpty();
            assertThat(outcome.duplicateRecords()).as("duplicate records").isZero();
            assertThat(outcome.failures()).as("failures").isEmpty();
            assertThat(outcome.deadLetters()).as("dead letters").isEmpty();
        }
    }

    /** Pages whose script has run: each asks the site's API once. */
    private static long rendered(ScriptSite site) {
        return site.hits(site.url("/")).stream().filter(h -> h.path().startsWith("/api/page")).count();
    }
}
