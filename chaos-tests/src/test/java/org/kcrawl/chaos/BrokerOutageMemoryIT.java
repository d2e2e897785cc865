package org.kcrawl.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.embedded.kafka.EmbeddedKafkaBroker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A fetcher with a 256 MiB heap crawls pages of 0.5 to 2 MiB at full speed (256 requests in flight) while
 * the only broker is away, and the broker comes back: the fetcher never runs out of memory (it would exit
 * with {@code -XX:+ExitOnOutOfMemoryError}), its heap after each full collection stays within its page budget
 * over what it held at rest, and every page ends recorded (at least once: see the last assertions). Without a bound on the bodies on the wire,
 * the 240 pages fetched in the first seconds (300 MiB) would wait in a 256 MiB heap for the broker.
 *
 * <p>The outage lasts 15 s, past the 6 s group session; {@code -Dkcrawl.chaos.outage=60} runs the issue's
 * 60 s, past the fetcher's 30 s request deadline, so bodies still waiting for memory are dropped and fetched
 * again. The heap figures come from the fetcher's GC log and go to {@code target/chaos-logs/summary.txt}.
 */
class BrokerOutageMemoryIT {
    private static final Logger log = LoggerFactory.getLogger(BrokerOutageMemoryIT.class);
    private static final int KIB = 1024;
    private static final int MIB = 1024 * KIB;
    private static final int PAGES = 240;
    /** Distinct page sizes, from 0.5 MiB to 2 MiB (the body cap); each is served at PAGES / SIZES paths. */
    private static final int SIZES = 8;
    private static final int CONCURRENCY = 256;
    private static final int HEAP_MIB = 256;
    /** The fetcher's page budget: max_unacked_page_bytes + max_inflight_body_bytes + concurrency x 64 KiB. */
    private static final long PAGE_BUDGET = 32L * MIB + 32L * MIB + CONCURRENCY * 64L * KIB;
    /**
     * What a crawl holds beyond its pages and what the fetcher held at rest: its URLs in flight, the Kafka
     * clients' fetched and half-built (compressing) batches. Measured at up to 5 MiB here (85 MiB over rest
     * after a 60 s outage, against the 80 MiB page budget, which the pages fill); a third of the slack a
     * heap of 256 MiB has, and a tenth of what the fetcher held before the page budget (it ran out of memory).
     */
    private static final long WORKING_STATE = 16L * MIB;

    /**
     * Kafka's default group session (45 s), as deployments run: the 6 s the kill tests use would make the
     * members' sessions lapse while the broker loads its groups again, and the rebalance that follows redoes
     * the URLs in flight (a duplicate at least once; exactly once, their work aborted and redone).
     */
    private static final String SESSION_TIMEOUT = "KAFKA_SESSION_TIMEOUT_MS";
    private static final String KAFKA_DEFAULT_SESSION_MS = "45000";

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 8, unit = TimeUnit.MINUTES)
    void aFetcherWithA256MiBHeapRidesOutABrokerOutageAtFullSpeedWithinItsPageBudget() {
        Duration outage = Duration.ofSeconds(Long.getLong("kcrawl.chaos.outage", 15));
        Path logs = ChaosLogs.dir("outage-memory");
        Path gcLog = logs.resolve("fetcher-gc.log");
        long started = System.nanoTime();
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(dir.resolve("kafka"));
             BigPageServer server = BigPageServer.start(32);
             CrawlHarness crawl = new CrawlHarness(broker.bootstrapServers(), "outage-memory", dir.resolve("config"));
             Workers workers = new Workers(logs)) {
            List<String> urls = pages(server);
            crawl.provision(4);
            List<String> jvm = List.of("-Xmx" + HEAP_MIB + "m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                    "-Xss512k", "-XX:+ExitOnOutOfMemoryError", "-Xlog:gc:file=" + gcLog);
            WorkerSlot fetcher = workers.add(crawl.fetcher(Map.of("rate", 1000.0, "burst", CONCURRENCY,
                    "per_host", CONCURRENCY, "per_address", CONCURRENCY, "concurrency", CONCURRENCY))
                    .withJvmOptions(jvm).withEnv(SESSION_TIMEOUT, KAFKA_DEFAULT_SESSION_MS));
            workers.add(crawl.parser(Map.of()).withEnv(SESSION_TIMEOUT, KAFKA_DEFAULT_SESSION_MS));
            workers.startAll();
            int port = fetcher.current().metricsPort().orElseThrow();
            Waits.until("the fetcher to own its partitions", Duration.ofSeconds(60), Duration.ofMillis(200),
                    () -> partitionsOwned(port) > 0,
                    () -> "unexpected exits " + workers.unexpectedExits());
            long atRest = fullGcAfter(fetcher, gcLog);

            crawl.seed(urls);
            Waits.until("the first page request", Duration.ofSeconds(60), Duration.ofMillis(20),
                    () -> server.requests() > 0, () -> "unexpected exits " + workers.unexpectedExits());
            broker.stop();
            long down = System.nanoTime();
            long pageMemoryPeak = 0;
            long duringOutage = 0;
            // Every few seconds: how much the fetcher's pages take, and its heap after a full collection.
            while (System.nanoTime() - down < outage.toNanos()) {
                sleep(Duration.ofMillis(Math.min(5_000, Math.max(1, outage.toMillis() / 3))));
                assertThat(workers.unexpectedExits()).as("workers that died during the outage (an OutOfMemoryError"
                        + " exits: see %s)", logs).isEmpty();
                MetricsScrape m = scrape(port);
                log.info("during the outage: {}", state(m));
                pageMemoryPeak = Math.max(pageMemoryPeak, (long) (m.sum("crawl_fetch_pages_unacked_bytes"::equals)
                        + m.sum("crawl_fetch_bodies_inflight_bytes"::equals)));
                duringOutage = Math.max(duringOutage, fullGcAfter(fetcher, gcLog));
            }
            long requestedDuringOutage = server.requests();
            broker.startAgain();
            CrawlDrain drain = crawl.drain(Duration.ofSeconds(3));
            Waits.until("the crawl to drain after the outage", Duration.ofMinutes(4), Duration.ofMillis(500),
                    () -> drain.settled(workers.allRunning()),
                    () -> "last " + drain.last() + ", unexpected exits " + workers.unexpectedExits());
            long afterwards = fullGcAfter(fetcher, gcLog);
            long runMs = Duration.ofNanos(System.nanoTime() - started).toMillis();

            CrawlOutcome outcome = CrawlOutcome.read(crawl);
            GcLog gc = GcLog.read(gcLog);
            String summary = String.format(Locale.ROOT,
                    "outage-memory outage_s=%d pages=%d records=%d missing=%d duplicate_records=%d requests=%d"
                            + " requests_during_outage=%d heap_mib=%d page_budget_mib=%d page_memory_peak_mib=%d"
                            + " peak_heap_mib=%d after_gc_at_rest_mib=%d max_after_gc_in_outage_mib=%d"
                            + " after_gc_drained_mib=%d collections=%d run_ms=%d",
                    outage.toSeconds(), urls.size(), outcome.recordsByUrl().size(), outcome.missing(urls).size(),
                    outcome.duplicateRecords(), server.requests(), requestedDuringOutage, HEAP_MIB, PAGE_BUDGET / MIB,
                    pageMemoryPeak / MIB, gc.peakBeforeMib(), atRest, duringOutage, afterwards, gc.pauses().size(),
                    runMs);
            log.info(summary);
            ChaosLogs.summary(summary);

            assertThat(workers.unexpectedExits()).as("workers that died (an OutOfMemoryError exits)").isEmpty();
            assertThat(pageMemoryPeak).as("the fetcher's page memory during the outage").isPositive()
                    .isLessThanOrEqualTo(PAGE_BUDGET);
            assertThat(duringOutage * MIB).as("the fetcher's heap after a full collection during the outage, against"
                    + " its page budget of %d MiB and %d MiB of working state over the %d MiB it held at rest",
                    PAGE_BUDGET / MIB, WORKING_STATE / MIB, atRest)
                    .isLessThanOrEqualTo(atRest * MIB + PAGE_BUDGET + WORKING_STATE);
            assertThat(outcome.missing(urls)).as("pages without a record").isEmpty();
            assertThat(outcome.unexpected(urls)).as("records of pages never seeded").isEmpty();
            // The group rebalances when the broker returns, and URLs whose pages were published but whose offsets
            // were not committed yet are fetched again; exactly once, their pages were never committed either.
            if (CrawlHarness.exactlyOnce()) {
                assertThat(outcome.duplicateRecords()).as("records beyond the first of a page").isZero();
            }
            assertThat(outcome.failures()).as("failures").isEmpty();
            assertThat(outcome.deadLetters()).as("dead letters").isEmpty();
        }
    }

    /** A full collection in the fetcher; its heap after it, in MiB. */
    private static long fullGcAfter(WorkerSlot fetcher, Path gcLog) {
        Jcmd.fullGc(fetcher.current().pid());
        return GcLog.read(gcLog).lastFullAfterMib().orElseThrow(() -> new AssertionError(
                "no full collection in " + gcLog));
    }

    private static MetricsScrape scrape(int port) {
        return MetricsScrape.of(port);
    }

    /** The fetcher's work and page memory, for the test's log. */
    private static String state(MetricsScrape m) {
        return String.format(Locale.ROOT, "in flight %.0f, queued %.0f, waiting %.0f, pages %.0f, page memory %.1f MiB"
                        + " unacknowledged + %.1f MiB on the wire", m.sum("crawl_fetch_inflight"::equals),
                m.sum("crawl_fetch_queued"::equals), m.sum("crawl_fetch_waiting"::equals),
                m.sum("crawl_fetch_outcomes_total"::equals),
                m.sum("crawl_fetch_pages_unacked_bytes"::equals) / MIB,
                m.sum("crawl_fetch_bodies_inflight_bytes"::equals) / MIB);
    }

    /** Partitions the worker on {@code port} owns; 0 while it does not serve its metrics yet. */
    private static double partitionsOwned(int port) {
        try {
            return scrape(port).sum("kafka_consumer_coordinator_assigned_partitions"::equals);
        } catch (IllegalStateException e) {
            return 0;
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** PAGES URLs on {@code server}, of SIZES sizes from 0.5 MiB to 2 MiB, interleaved. */
    private static List<String> pages(BigPageServer server) {
        List<String> originals = new ArrayList<>();
        for (int s = 0; s < SIZES; s++) {
            int bytes = MIB / 2 + (int) ((long) s * (2 * MIB - MIB / 2) / (SIZES - 1));
            originals.add("/size-" + s);
            server.page("/size-" + s, bytes, 64);
        }
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < PAGES; i++) {
            urls.add(server.sameAs("/page-" + i, originals.get(i % SIZES)));
        }
        return urls;
    }
}
