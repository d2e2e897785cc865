package org.kcrawl.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.embedded.kafka.EmbeddedKafkaBroker;
import org.kcrawl.embedded.web.RequestEvent;
import org.kcrawl.embedded.web.SyntheticWeb;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SIGTERM in the middle of a crawl: the fetcher and the parser stop taking work, finish what is in
 * flight within their drain time and exit; their successors redo nothing the first ones finished.
 *
 * <p>Definitions, all on the server's clock (the synthetic web runs in this JVM, so its request log and
 * the SIGTERM instant {@code T} are both {@link System#nanoTime()} readings):
 * <ul>
 *   <li>the first fetcher's requests: those that reached the server before it exited (its successor
 *       starts only after that);</li>
 *   <li>in flight at SIGTERM: a first-fetcher request that started at or before {@code T} and was
 *       answered after {@code T};</li>
 *   <li>finished by the first fetcher: a first-fetcher request answered by {@code T + drain_timeout};
 *       a graceful stop publishes and commits all of these, in-flight ones included;</li>
 *   <li>given up: a first-fetcher request answered later than that, or never. Only these may be
 *       requested again by the successor.</li>
 * </ul>
 */
class GracefulShutdownIT {
    private static final Logger log = LoggerFactory.getLogger(GracefulShutdownIT.class);
    private static final int HOSTS = 8;
    private static final int PAGES_PER_HOST = 60;
    private static final int MAX_DEPTH = 1000;
    private static final Duration DRAIN = Duration.ofSeconds(5);
    /** JVM shutdown beyond the drain: leaving the group, the last commit, closing clients. */
    private static final Duration EXIT_MARGIN = Duration.ofSeconds(5);
    /** Time for the SIGTERM to reach the shutdown hook that stops new requests. */
    private static final Duration SIGNAL_LATENCY = Duration.ofSeconds(1);

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void sigtermFinishesInFlightWorkWithinTheDrainAndTheSuccessorRedoesNoneOfIt() {
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(dir.resolve("kafka"));
             SyntheticWeb web = SyntheticWeb.builder().hosts(HOSTS).pagesPerHost(PAGES_PER_HOST).linksPerPage(6)
                     .externalLinksPerPage(0).latency(Duration.ofMillis(500)).bindBase(170).start();
             CrawlHarness crawl = new CrawlHarness(broker.bootstrapServers(), "sigterm", dir.resolve("config"));
             Workers workers = new Workers(ChaosLogs.dir("sigterm"))) {
            crawl.provision(4);
            List<String> sites = CrawlHarness.siteKeys(web.hostRoots());
            // Two requests at a time per host, each answered after 500 ms: always some on the wire.
            WorkerSlot fetcher = workers.add(crawl.fetcher(Map.of("rate", 10.0, "per_host", 2,
                    "drain_timeout", iso(DRAIN))));
            WorkerSlot parser = workers.add(crawl.parser(Map.of("seed_sites", sites, "drain_timeout", iso(DRAIN))));
            Map<String, Integer> expected = web.graph().reachable(web.hostRoots(), MAX_DEPTH,
                    web.graph().pages()::contains);
            workers.startAll();
            crawl.seed(web.hostRoots());

            Waits.until("a quarter of the pages to be requested", Duration.ofSeconds(60), Duration.ofMillis(100),
                    () -> FetchLedger.of(web.requestLog()).pages() >= expected.size() / 4,
                    () -> "requested " + FetchLedger.of(web.requestLog()).pages());
            long sigterm = System.nanoTime();
            WorkerProcess firstFetcher = fetcher.terminate();
            WorkerProcess firstParser = parser.terminate();
            boolean fetcherExited = firstFetcher.awaitExit(DRAIN.plus(EXIT_MARGIN).plusSeconds(30));
            boolean parserExited = firstParser.awaitExit(DRAIN.plus(EXIT_MARGIN).plusSeconds(30));
            assertThat(fetcherExited).as("fetcher exited after SIGTERM:%n%s", firstFetcher.logTail(30)).isTrue();
            assertThat(parserExited).as("parser exited after SIGTERM:%n%s", firstParser.logTail(30)).isTrue();
            long fetcherExitNanos = firstFetcher.exitedNanos();
            Duration fetcherStop = Duration.ofNanos(fetcherExitNanos - sigterm);
            Duration parserStop = Duration.ofNanos(firstParser.exitedNanos() - sigterm);

            List<RequestEvent> firstLifetime = web.requestLog().all().stream()
                    .filter(e -> e.startNanos() < fetcherExitNanos).toList();
            long successorStart = System.nanoTime();
            workers.startAll();
            CrawlDrain drain = crawl.drain(Duration.ofSeconds(3));
            Waits.until("the successors to finish the crawl", Duration.ofSeconds(90), Duration.ofMillis(500),
                    () -> drain.settled(workers.allRunning()),
                    () -> "last " + drain.last() + ", unexpected exits " + workers.unexpectedExits());

            long drainEnd = sigterm + DRAIN.toNanos();
            List<RequestEvent> pages = firstLifetime.stream().filter(e -> !e.path().equals(FetchLedger.ROBOTS)).toList();
            List<RequestEvent> inFlightAtSigterm = pages.stream()
                    .filter(e -> e.startNanos() <= sigterm && e.endNanos() > sigterm).toList();
            Set<String> givenUp = new TreeSet<>();
            pages.stream().filter(e -> e.status() == RequestEvent.NO_RESPONSE || e.endNanos() > drainEnd)
                    .forEach(e -> givenUp.add(FetchLedger.key(e)));
            long lastStart = pages.stream().mapToLong(RequestEvent::startNanos).max().orElse(sigterm);
            FetchLedger first = FetchLedger.of(firstLifetime, e -> true);
            FetchLedger second = FetchLedger.of(web.requestLog().all(), e -> e.startNanos() >= successorStart);
            Set<String> refetched = new TreeSet<>(first.common(second));
            refetched.removeAll(givenUp);
            CrawlOutcome outcome = CrawlOutcome.read(crawl);
            String summary = String.format(java.util.Locale.ROOT,
                    "sigterm fetcher_stop_ms=%d parser_stop_ms=%d fetcher_exit=%s parser_exit=%s first_pages=%d"
                            + " in_flight_at_sigterm=%d given_up=%d refetched=%d second_pages=%d records=%d"
                            + " duplicate_records=%d",
                    fetcherStop.toMillis(), parserStop.toMillis(), firstFetcher.exitCode(), firstParser.exitCode(),
                    first.pages(), inFlightAtSigterm.size(), givenUp.size(), refetched.size(), second.pages(),
                    outcome.recordsByUrl().size(), outcome.duplicateRecords());
            log.info(summary);
            ChaosLogs.summary(summary);

            assertThat(fetcherStop).as("fetcher stop time (drain %s + margin %s)", DRAIN, EXIT_MARGIN)
                    .isLessThanOrEqualTo(DRAIN.plus(EXIT_MARGIN));
            assertThat(parserStop).as("parser stop time (drain %s + margin %s)", DRAIN, EXIT_MARGIN)
                    .isLessThanOrEqualTo(DRAIN.plus(EXIT_MARGIN));
            // 143 is 128 + SIGTERM: the JVM ran its shutdown hooks and exited because of the signal; 1 would
            // mean the worker failed.
            assertThat(firstFetcher.exitCode().getAsInt()).as("fetcher exit code").isIn(0, 143);
            assertThat(firstParser.exitCode().getAsInt()).as("parser exit code").isIn(0, 143);
            assertThat(workers.unexpectedExits()).as("workers that died by themselves").isEmpty();
            assertThat(inFlightAtSigterm).as("requests on the wire at SIGTERM (the drain had work)").isNotEmpty();
            assertThat(Duration.ofNanos(Math.max(0, lastStart - sigterm))).as("last request start after SIGTERM")
                    .isLessThanOrEqualTo(SIGNAL_LATENCY);
            assertThat(givenUp).as("first-fetcher requests not answered within the drain").isEmpty();
            assertThat(refetched).as("pages the first fetcher finished that its successor fetched again").isEmpty();
            assertThat(outcome.missing(expected.keySet())).as("reachable pages without a record").isEmpty();
            assertThat(outcome.duplicateRecords()).as("pages recorded twice (redone by a successor)").isZero();
            assertThat(outcome.failures()).as("failures").isEmpty();
        }
    }

    private static String iso(Duration d) {
        return d.toString();
    }
}
