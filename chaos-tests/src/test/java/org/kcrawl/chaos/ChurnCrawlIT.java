package org.kcrawl.chaos;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.testkit.kafka.KraftCluster;
import org.kcrawl.embedded.web.SyntheticWeb;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The churn scale test (issue 17, item 4): four fetchers and two parsers, each a process of its own, crawl
 * a synthetic web of 5,000 pages against a three-node KRaft cluster (three copies of every topic, two of
 * which must acknowledge a write) while, every 20 s, a fetcher and a parser leave (one by SIGTERM, the other
 * by SIGKILL) and new ones join ({@link MembershipChurn}), and once, mid-crawl, a broker is killed with
 * SIGKILL and restarted 20-30 s later. Afterwards every reachable in-scope page has exactly one record, and
 * pages fetched more than once stay under 1 % of the pages.
 *
 * <p>It runs for several minutes, so only when asked: {@code -Dkcrawl.churn=true}. The seed of the schedule
 * is logged; {@code -Dkcrawl.churn.seed=N} replays it. The figures go to the log and to
 * {@code chaos-logs/summary.txt}, the timeline of joins, leaves, the broker's outage and the fetch pauses to
 * {@code timeline.tsv} and the requests of pages fetched again to {@code repeats.tsv}, beside the workers'
 * logs.
 */
@EnabledIfSystemProperty(named = "kcrawl.churn", matches = "true")
class ChurnCrawlIT {
    private static final Logger log = LoggerFactory.getLogger(ChurnCrawlIT.class);
    private static final int HOSTS = 50;
    private static final int PAGES_PER_HOST = 100;
    private static final int PARTITIONS = 8;
    private static final int FETCHERS = 4;
    private static final int PARSERS = 2;
    /** Far beyond the web's depth: with dedup, a depth limit that binds loses pages in any non-BFS crawl. */
    private static final int MAX_DEPTH = 1000;
    private static final double MAX_REPEAT_RATE = 0.01;
    private static final Duration CHURN_PERIOD = Duration.ofSeconds(20);
    /** Churn stops once this share of the pages was requested and at least {@link #MIN_STEPS} steps ran. */
    private static final double CHURN_UNTIL_FETCHED = 0.95;
    private static final int MIN_STEPS = 4;
    private static final Duration CHURN_WINDOW = Duration.ofSeconds(300);
    /** The broker is killed once this share of the pages was requested: mid-crawl, with the groups busy. */
    private static final double BROKER_KILL_AT_FETCHED = 0.3;
    private static final Duration BROKER_DOWN_MIN = Duration.ofSeconds(20);
    private static final Duration BROKER_DOWN_MAX = Duration.ofSeconds(30);
    private static final Duration IN_SYNC_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(240);
    /** Requests start every few milliseconds while the crawl runs; a second without one is a pause. */
    private static final long PAUSE_MILLIS = 1000;
    /**
     * A host is asked every 2/3 s (1.5 pages/s) while it has work; five seconds without a request is a
     * handover of its partition (or, late in a crawl, a host without work).
     */
    private static final long HOST_PAUSE_MILLIS = 5000;

    /**
     * A broker's outage: which node, how long it was down, and how long after its restart it served again
     * and was back in every ISR.
     */
    private record BrokerOutage(int node, long downMillis, long servingMillis, long inSyncMillis) {}

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void churningWorkersAndAKilledBrokerLeaveEveryPageOneRecordAndRefetchUnderOnePercent() {
        long seed = Long.getLong("kcrawl.churn.seed", System.nanoTime());
        log.info("churn schedule seed {}", seed);
        long started = System.nanoTime();
        Path logs = ChaosLogs.dir("churn");
        try (KraftCluster cluster = KraftCluster.start(dir.resolve("kafka"), logs);
             SyntheticWeb web = SyntheticWeb.builder().hosts(HOSTS).pagesPerHost(PAGES_PER_HOST).linksPerPage(8)
                     .crossHostLinkRatio(0.2).externalLinksPerPage(1).latency(Duration.ofMillis(5)).bindBase(170)
                     .start();
             CrawlHarness crawl = new CrawlHarness(cluster.bootstrapServers(), "churn", dir.resolve("config"));
             Workers workers = new Workers(logs)) {
            crawl.provision(PARTITIONS, cluster.nodeIds().size());
            Map<WorkerKind, WorkerLaunch> launches = new LinkedHashMap<>();
            // Politeness paces the crawl (50 hosts at 1.5 pages/s) so that it spans several churn steps.
            launches.put(WorkerKind.FETCHER, crawl.fetcher(Map.of("rate", 1.5, "burst", 1, "per_host", 2)));
            launches.put(WorkerKind.PARSER, crawl.parser(Map.of("seed_sites", CrawlHarness.siteKeys(web.hostRoots()))));
            Map<String, Integer> expected = web.graph().reachable(web.hostRoots(), MAX_DEPTH,
                    web.graph().pages()::contains);

            MembershipChurn churn = new MembershipChurn(workers, launches, new Random(seed), CHURN_PERIOD);
            BrokerOutage outage;
            long churnStart;
            try (churn) {
                churn.startMembers(WorkerKind.FETCHER, FETCHERS);
                churn.startMembers(WorkerKind.PARSER, PARSERS);
                crawl.seed(web.hostRoots());
                churnStart = System.nanoTime();
                churn.start();
                Waits.until("a share of the pages before the broker kill", CHURN_WINDOW, Duration.ofMillis(500),
                        () -> fetchedShare(web, expected.size()) >= BROKER_KILL_AT_FETCHED,
                        () -> "fetched share " + fetchedShare(web, expected.size()));
                // A Random of its own, so the broker's outage does not shift the churn's draws.
                outage = killAndRestartBroker(cluster, churn, new Random(seed + 1));
                Waits.until("the churn window", CHURN_WINDOW, Duration.ofMillis(500),
                        () -> fetchedShare(web, expected.size()) >= CHURN_UNTIL_FETCHED && churn.steps() >= MIN_STEPS
                                || System.nanoTime() - churnStart >= CHURN_WINDOW.toNanos(),
                        () -> "fetched share " + fetchedShare(web, expected.size()) + ", steps " + churn.steps());
            }
            long churnEnd = System.nanoTime();
            CrawlDrain drain = crawl.drain(Duration.ofSeconds(3));
            Waits.until("the crawl to drain after the churn", DRAIN_TIMEOUT, Duration.ofMillis(500),
                    () -> drain.settled(churn.membersRunning()),
                    () -> "last " + drain.last() + ", members running " + churn.membersRunning()
                            + ", unexpected exits " + workers.unexpectedExits());
            long runMs = Duration.ofNanos(System.nanoTime() - started).toMillis();

            CrawlOutcome outcome = CrawlOutcome.read(crawl);
            FetchLedger ledger = FetchLedger.of(web.requestLog());
            double repeatRate = (double) ledger.repeats() / expected.size();
            FetchGaps pauses = FetchGaps.overall(web.requestLog().all(), churnStart, churnEnd, churn.originNanos(),
                    PAUSE_MILLIS);
            FetchGaps hostPauses = FetchGaps.perHost(web.requestLog().all(), churnStart, churnEnd, churn.originNanos(),
                    HOST_PAUSE_MILLIS);
            String summary = summary(seed, expected.keySet(), outcome, ledger, churn, outage, pauses, hostPauses,
                    Duration.ofNanos(churnEnd - churnStart).toMillis(), runMs);
            log.info(summary);
            ChaosLogs.summary(summary);
            ChaosLogs.churnTimeline(logs.resolve("timeline.tsv"), churn.events(), pauses, hostPauses);
            DuplicateTrace.write(logs.resolve("duplicates.tsv"), outcome, crawl);
            ChaosLogs.repeatTimeline(logs.resolve("repeats.tsv"), web.requestLog().all(), ledger,
                    churn.events().stream().map(e -> new ChaosMonkey.Strike(e.what() + " " + e.who(), e.atMillis()))
                            .toList(), churn.originNanos());

            SoftAssertions soft = new SoftAssertions();
            soft.assertThat(churn.errors()).as("the churn's own failures").isEmpty();
            soft.assertThat(workers.unexpectedExits()).as("workers that died by themselves").isEmpty();
            soft.assertThat(churn.steps()).as("churn steps during the crawl").isGreaterThanOrEqualTo(MIN_STEPS);
            soft.assertThat(outcome.missing(expected.keySet()))
                    .as("reachable pages without a record (requests of each: %s; where each went: %s)",
                            requests(outcome.missing(expected.keySet()), ledger),
                            MissingTrace.of(outcome.missing(expected.keySet()), web.graph(), outcome, crawl))
                    .isEmpty();
            soft.assertThat(outcome.unexpected(expected.keySet())).as("records of pages out of scope").isEmpty();
            soft.assertThat(outcome.duplicateRecords()).as("records beyond one per page (%s)", duplicated(outcome, 20))
                    .isZero();
            soft.assertThat(outcome.failures()).as("failures (the synthetic web does not fail)").isEmpty();
            soft.assertThat(outcome.deadLetters()).as("dead letters").isEmpty();
            soft.assertThat(repeatRate).as("share of pages fetched again (%s)", ledger.repeated(20))
                    .isLessThan(MAX_REPEAT_RATE);
            soft.assertAll();
        }
    }

    /**
     * SIGKILLs a random broker, restarts it after a random 20-30 s on its log directory and ports, and waits
     * until it is back in every ISR; the crawl and the churn go on meanwhile.
     */
    private static BrokerOutage killAndRestartBroker(KraftCluster cluster, MembershipChurn churn, Random random) {
        List<Integer> ids = cluster.nodeIds();
        int node = ids.get(random.nextInt(ids.size()));
        long downMillis = BROKER_DOWN_MIN.toMillis()
                + (long) (random.nextDouble() * (BROKER_DOWN_MAX.toMillis() - BROKER_DOWN_MIN.toMillis()));
        long killed = System.nanoTime();
        cluster.kill(node);
        churn.record("broker-kill", "node-" + node);
        Waits.until("broker node " + node + " to have been down " + downMillis + " ms",
                Duration.ofMillis(downMillis).plusSeconds(10), Duration.ofMillis(250),
                () -> System.nanoTime() - killed >= TimeUnit.MILLISECONDS.toNanos(downMillis),
                () -> "down for " + Duration.ofNanos(System.nanoTime() - killed).toMillis() + " ms");
        long restarted = System.nanoTime();
        churn.record("broker-restart", "node-" + node);
        cluster.restart(node);
        long serving = System.nanoTime();
        churn.record("broker-serving", "node-" + node);
        cluster.awaitInSync(node, IN_SYNC_TIMEOUT);
        long inSync = System.nanoTime();
        churn.record("broker-in-sync", "node-" + node);
        return new BrokerOutage(node, Duration.ofNanos(restarted - killed).toMillis(),
                Duration.ofNanos(serving - restarted).toMillis(), Duration.ofNanos(inSync - restarted).toMillis());
    }

    /** The run's figures on one line, for the log and {@code summary.txt}. */
    private static String summary(long seed, Set<String> pages, CrawlOutcome outcome, FetchLedger ledger,
                                  MembershipChurn churn, BrokerOutage outage, FetchGaps pauses, FetchGaps hostPauses,
                                  long churnMs, long runMs) {
        int sigterm = churn.exits(MembershipChurn.Exit.SIGTERM);
        int sigkill = churn.exits(MembershipChurn.Exit.SIGKILL);
        return String.format(Locale.ROOT, "churn seed=%d pages=%d pages_recorded=%d missing=%d records=%d"
                        + " duplicate_records=%d pages_with_duplicates=%d page_requests=%d repeats=%d repeat_rate=%.3f%% steps=%d joins=%d"
                        + " leaves=%d (sigterm %d, sigkill %d) broker_killed=node-%d broker_down_ms=%d"
                        + " broker_serving_ms=%d broker_in_sync_ms=%d fetch_pauses_over_1s=%d longest_fetch_pause_ms=%d"
                        + " host_pauses_over_5s=%d longest_host_pause_ms=%d churn_ms=%d run_ms=%d",
                seed, pages.size(), outcome.recordsByUrl().size(), outcome.missing(pages).size(),
                outcome.recordsByUrl().values().stream().mapToLong(n -> n).sum(),
                outcome.duplicateRecords(), duplicated(outcome, Integer.MAX_VALUE).size(),
                ledger.requestsByPage().values().stream().mapToLong(n -> n).sum(), ledger.repeats(),
                100.0 * ledger.repeats() / pages.size(), churn.steps(), churn.joins(), sigterm + sigkill, sigterm, sigkill,
                outage.node(), outage.downMillis(), outage.servingMillis(), outage.inSyncMillis(), pauses.gaps().size(),
                pauses.longestMillis(), hostPauses.gaps().size(), hostPauses.longestMillis(), churnMs, runMs);
    }

    /**
     * How often the server was asked for each of {@code urls}: 0 says a page was never fetched (its link was
     * lost before a fetcher), more says its page or record was lost after the fetch.
     */
    private static Map<String, Long> requests(Set<String> urls, FetchLedger ledger) {
        Map<String, Long> out = new TreeMap<>();
        for (String url : urls) {
            java.net.URI uri = java.net.URI.create(url);
            out.put(url, ledger.requestsByPage().getOrDefault(uri.getHost() + uri.getRawPath(), 0L));
        }
        return out;
    }

    /** The URLs with more than one record and their counts, sorted; at most {@code limit} of them. */
    private static Map<String, Long> duplicated(CrawlOutcome outcome, int limit) {
        Map<String, Long> out = new TreeMap<>();
        outcome.recordsByUrl().forEach((url, n) -> {
            if (n > 1) {
                out.put(url, n);
            }
        });
        return out.entrySet().stream().limit(limit).collect(TreeMap::new, (m, e) -> m.put(e.getKey(), e.getValue()),
                Map::putAll);
    }

    private static double fetchedShare(SyntheticWeb web, int pages) {
        return (double) FetchLedger.of(web.requestLog()).pages() / pages;
    }
}
