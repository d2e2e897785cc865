package org.kcrawl.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.embedded.kafka.EmbeddedKafkaBroker;
import org.kcrawl.embedded.web.SyntheticWeb;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The only broker goes away in the middle of a crawl, for longer than the workers' group sessions last,
 * and comes back on the same port and data: the workers ride it out without dying, and the crawl
 * completes with every reachable page recorded.
 */
class BrokerRestartIT {
    private static final Logger log = LoggerFactory.getLogger(BrokerRestartIT.class);
    private static final int HOSTS = 20;
    private static final int PAGES_PER_HOST = 50;
    private static final int MAX_DEPTH = 1000;
    /** Longer than the 6 s group session: every member is evicted and must rejoin. */
    private static final Duration OUTAGE = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void aBrokerOutageMidCrawlLosesNoPage() {
        long started = System.nanoTime();
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(dir.resolve("kafka"));
             SyntheticWeb web = SyntheticWeb.builder().hosts(HOSTS).pagesPerHost(PAGES_PER_HOST).linksPerPage(6)
                     .externalLinksPerPage(1).latency(Duration.ofMillis(20)).bindBase(190).start();
             CrawlHarness crawl = new CrawlHarness(broker.bootstrapServers(), "outage", dir.resolve("config"));
             Workers workers = new Workers(ChaosLogs.dir("outage"))) {
            crawl.provision(4);
            List<String> sites = CrawlHarness.siteKeys(web.hostRoots());
            for (int i = 0; i < 2; i++) {
                workers.add(crawl.fetcher(Map.of("rate", 10.0, "per_host", 2)));
                workers.add(crawl.parser(Map.of("seed_sites", sites)));
            }
            Map<String, Integer> expected = web.graph().reachable(web.hostRoots(), MAX_DEPTH,
                    web.graph().pages()::contains);
            workers.startAll();
            crawl.seed(web.hostRoots());

            Waits.until("a third of the pages to be requested", Duration.ofSeconds(90), Duration.ofMillis(200),
                    () -> FetchLedger.of(web.requestLog()).pages() >= expected.size() / 3,
                    () -> "requested " + FetchLedger.of(web.requestLog()).pages());
            int beforeOutage = FetchLedger.of(web.requestLog()).pages();
            broker.stop();
            long down = System.nanoTime();
            // The fetchers go on with what they hold; the outage is over when this much time has passed.
            Waits.until("the outage to last " + OUTAGE, OUTAGE.plusSeconds(5), Duration.ofMillis(250),
                    () -> System.nanoTime() - down >= OUTAGE.toNanos(), () -> "broker " + broker);
            int duringOutage = FetchLedger.of(web.requestLog()).pages() - beforeOutage;
            broker.startAgain();

            CrawlDrain drain = crawl.drain(Duration.ofSeconds(3));
            Waits.until("the crawl to drain after the outage", Duration.ofSeconds(150), Duration.ofMillis(500),
                    () -> drain.settled(workers.allRunning()),
                    () -> "last " + drain.last() + ", unexpected exits " + workers.unexpectedExits());
            long runMs = Duration.ofNanos(System.nanoTime() - started).toMillis();

            CrawlOutcome outcome = CrawlOutcome.read(crawl);
            FetchLedger ledger = FetchLedger.of(web.requestLog());
            String summary = String.format(java.util.Locale.ROOT,
                    "outage pages=%d records=%d missing=%d duplicate_records=%d repeats=%d repeat_rate=%.3f%%"
                            + " pages_before_outage=%d pages_during_outage=%d run_ms=%d",
                    expected.size(), outcome.recordsByUrl().size(), outcome.missing(expected.keySet()).size(),
                    outcome.duplicateRecords(), ledger.repeats(), 100.0 * ledger.repeats() / expected.size(),
                    beforeOutage, duringOutage, runMs);
            log.info(summary);
            ChaosLogs.summary(summary);

            assertThat(workers.unexpectedExits()).as("workers that died during the outage").isEmpty();
            assertThat(outcome.missing(expected.keySet())).as("reachable pages without a record").isEmpty();
            assertThat(outcome.unexpected(expected.keySet())).as("records of pages out of scope").isEmpty();
            // Exactly once (the workers' default delivery): a page's record, its links and its offset commit
            // together, so no fault shows a record twice.
            if (CrawlHarness.exactlyOnce()) {
                assertThat(outcome.duplicateRecords()).as("records beyond the first of a page").isZero();
            }
            assertThat(outcome.failures()).as("failures").isEmpty();
            assertThat(outcome.deadLetters()).as("dead letters").isEmpty();
        }
    }
}
