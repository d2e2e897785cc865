package org.kcrawl.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.embedded.kafka.EmbeddedKafkaBroker;
import org.kcrawl.embedded.web.SyntheticWeb;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Two fetchers and two parsers as separate processes crawl a synthetic web of 5,000 pages while a random
 * one of them is killed with SIGKILL every few seconds and started again. Afterwards every reachable
 * in-scope page has a record, and pages fetched more than once stay under 1% of the pages.
 *
 * <p>The seed of the kill schedule is logged; {@code -Dkcrawl.chaos.seed=N} replays a schedule.
 */
class ChaosCrawlIT {
    private static final Logger log = LoggerFactory.getLogger(ChaosCrawlIT.class);
    private static final int HOSTS = 50;
    private static final int PAGES_PER_HOST = 100;
    private static final int PARTITIONS = 8;
    /** Far beyond the web's depth: with dedup, a depth limit that binds loses pages in any non-BFS crawl. */
    private static final int MAX_DEPTH = 1000;
    private static final double MAX_REPEAT_RATE = 0.01;
    /**
     * Kills stop once this share of the pages was requested and at least {@link #MIN_STRIKES} kills
     * happened, or after the window, whichever comes first.
     */
    private static final double CHAOS_UNTIL_FETCHED = 0.95;
    private static final int MIN_STRIKES = 8;
    private static final Duration CHAOS_WINDOW = Duration.ofSeconds(75);
    private static final Duration MIN_GAP = Duration.ofSeconds(2);
    private static final Duration MAX_GAP = Duration.ofSeconds(4);
    private static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(150);

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void killingRandomWorkersLosesNoPageAndRefetchesUnderOnePercent() {
        long seed = Long.getLong("kcrawl.chaos.seed", System.nanoTime());
        log.info("chaos schedule seed {}", seed);
        long started = System.nanoTime();
        Path logs = ChaosLogs.dir("chaos");
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(dir.resolve("kafka"));
             SyntheticWeb web = SyntheticWeb.builder().hosts(HOSTS).pagesPerHost(PAGES_PER_HOST).linksPerPage(8)
                     .crossHostLinkRatio(0.2).externalLinksPerPage(1).latency(Duration.ofMillis(5)).bindBase(110)
                     .start();
             CrawlHarness crawl = new CrawlHarness(broker.bootstrapServers(), "chaos", dir.resolve("config"));
             Workers workers = new Workers(logs)) {
            crawl.provision(PARTITIONS);
            List<String> sites = CrawlHarness.siteKeys(web.hostRoots());
            for (int i = 0; i < 2; i++) {
                // Politeness paces the crawl (50 hosts at 3 pages/s) so that it lasts long enough for a
                // dozen kills; the web itself answers within milliseconds.
                workers.add(crawl.fetcher(Map.of("rate", 3.0, "burst", 1, "per_host", 2)));
                workers.add(crawl.parser(Map.of("seed_sites", sites)));
            }
            Map<String, Integer> expected = web.graph().reachable(web.hostRoots(), MAX_DEPTH,
                    web.graph().pages()::contains);
            workers.startAll();
            crawl.seed(web.hostRoots());

            ChaosMonkey monkey = new ChaosMonkey(workers, new Random(seed), MIN_GAP, MAX_GAP);
            long chaosStart = System.nanoTime();
            try (monkey) {
                monkey.start();
                Waits.until("the chaos window", CHAOS_WINDOW.plusSeconds(5), Duration.ofMillis(500),
                        () -> fetchedShare(web, expected.size()) >= CHAOS_UNTIL_FETCHED
                                && monkey.strikes().size() >= MIN_STRIKES
                                || System.nanoTime() - chaosStart >= CHAOS_WINDOW.toNanos(),
                        () -> "fetched share " + fetchedShare(web, expected.size()));
            }
            long chaosMs = Duration.ofNanos(System.nanoTime() - chaosStart).toMillis();
            CrawlDrain drain = crawl.drain(Duration.ofSeconds(3));
            Waits.until("the crawl to drain after the chaos", DRAIN_TIMEOUT, Duration.ofMillis(500),
                    () -> drain.settled(workers.allRunning()),
                    () -> "last " + drain.last() + ", workers running " + workers.allRunning()
                            + ", unexpected exits " + workers.unexpectedExits());
            long runMs = Duration.ofNanos(System.nanoTime() - started).toMillis();

            CrawlOutcome outcome = CrawlOutcome.read(crawl);
            FetchLedger ledger = FetchLedger.of(web.requestLog());
            double repeatRate = (double) ledger.repeats() / expected.size();
            List<ChaosMonkey.Strike> strikes = monkey.strikes();
            long fetcherKills = strikes.stream().filter(s -> s.victim().startsWith("fetcher")).count();
            String summary = String.format(java.util.Locale.ROOT,
                    "chaos seed=%d pages=%d records=%d missing=%d duplicate_records=%d page_requests=%d repeats=%d"
                            + " repeat_rate=%.3f%% kills=%d (fetcher %d, parser %d) chaos_ms=%d run_ms=%d",
                    seed, expected.size(), outcome.recordsByUrl().size(), outcome.missing(expected.keySet()).size(),
                    outcome.duplicateRecords(), ledger.requestsByPage().values().stream().mapToLong(n -> n).sum(),
                    ledger.repeats(), repeatRate * 100, strikes.size(), fetcherKills, strikes.size() - fetcherKills,
                    chaosMs, runMs);
            log.info(summary);
            ChaosLogs.summary(summary);
            ChaosLogs.repeatTimeline(logs.resolve("repeats.tsv"), web.requestLog().all(), ledger, strikes,
                    monkey.originNanos());

            assertThat(monkey.errors()).as("the chaos monkey's own failures").isEmpty();
            assertThat(workers.unexpectedExits()).as("workers that died by themselves").isEmpty();
            assertThat(fetcherKills).as("fetcher kills during the crawl").isGreaterThanOrEqualTo(MIN_STRIKES / 2);
            assertThat(strikes.size() - fetcherKills).as("parser kills during the crawl")
                    .isGreaterThanOrEqualTo(MIN_STRIKES / 2);
            assertThat(outcome.missing(expected.keySet())).as("reachable pages without a record").isEmpty();
            assertThat(outcome.unexpected(expected.keySet())).as("records of pages out of scope").isEmpty();
            // Exactly once (the workers' default delivery): a page's record, its links and its offset commit
            // together, so no fault shows a record twice.
            if (CrawlHarness.exactlyOnce()) {
                assertThat(outcome.duplicateRecords()).as("records beyond the first of a page").isZero();
            }
            assertThat(outcome.failures()).as("failures (the synthetic web does not fail)").isEmpty();
            assertThat(outcome.deadLetters()).as("dead letters").isEmpty();
            assertThat(repeatRate).as("share of pages fetched again (%s)", ledger.repeated(20))
                    .isLessThan(MAX_REPEAT_RATE);
        }
    }

    private static double fetchedShare(SyntheticWeb web, int pages) {
        return (double) FetchLedger.of(web.requestLog()).pages() / pages;
    }
}
