package org.kcrawl.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.PageRecord;
import org.kcrawl.fetcher.crawl.FetcherConfig;
import org.kcrawl.embedded.kafka.EmbeddedKafkaBroker;

/**
 * Pages larger than the limits, end to end through the worker processes: a body over the cap is
 * truncated and flagged, and no size limit anywhere turns a large page into a partition that is retried
 * forever (a "stuck" partition: its offset never commits and the same page is fetched or parsed again
 * and again).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class LargePageIT {
    private static final int MIB = 1024 * 1024;
    private static final int SMALL = 4096;
    /** How long a crawl of two or three URLs may take before its partition counts as stuck. */
    private static final Duration STUCK_AFTER = Duration.ofSeconds(30);

    /** Shared by the class's tests, deleted after the last one. */
    @TempDir
    static Path dir;
    private EmbeddedKafkaBroker broker;
    private BigPageServer server;
    private final AtomicInteger crawls = new AtomicInteger();

    @BeforeAll
    void start() {
        broker = EmbeddedKafkaBroker.start(dir.resolve("kafka"));
        server = BigPageServer.start();
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void aPageOverTheBodyCapIsTruncatedFlaggedAndDoesNotHoldUpItsPartition() {
        int cap = FetcherConfig.defaults().maxBodyBytes();
        String big = server.page("/big", 3 * MIB / 2 + cap, 300);
        String after = server.page("/after-big", SMALL, 4);
        try (CrawlHarness crawl = harness("large-cap"); Workers workers = new Workers(ChaosLogs.dir("large-cap"))) {
            crawl.provision(2);
            workers.add(crawl.fetcher(Map.of()));
            workers.add(crawl.parser(Map.of()));
            workers.startAll();
            // Same host, so same partition: the small page waits behind the big one.
            crawl.seed(List.of(big, after));
            awaitDrain(crawl, workers, STUCK_AFTER, () -> "requests of /big: " + server.requests("/big"));

            FetchedPage page = crawl.readAll(crawl.topics().pages()).stream()
                    .map(r -> CrawlOutcome.decode(r.value(), FetchedPage.class))
                    .filter(p -> p.requestedUrl().equals(big)).findFirst().orElseThrow();
            assertThat(page.truncated()).as("fetched page flagged truncated").isTrue();
            assertThat(page.body()).as("body kept up to the cap").hasSize(cap);
            Map<String, PageRecord> records = records(crawl);
            assertThat(records).containsKeys(big, after);
            assertThat(records.get(big).truncated()).as("record of the big page flagged truncated").isTrue();
            assertThat(records.get(after).truncated()).as("record of the small page").isFalse();
            assertThat(server.requests("/big")).as("requests of the big page").isEqualTo(1);
            assertThat(server.requests("/after-big")).as("requests of the page behind it").isEqualTo(1);
            assertThat(crawl.readAll(crawl.topics().deadLetters())).as("dead letters").isEmpty();
            assertThat(workers.unexpectedExits()).isEmpty();
        }
    }

    /**
     * A body cap whose page message cannot fit the producer's {@code max.request.size} (a 3.5 MiB body is
     * 4.7 MiB as base64 JSON, over the 4 MiB limit). Acceptable outcomes: the fetcher refuses the setting at
     * start (exit 2, naming {@code max_body_bytes}), or the page ends as a failure ({@code too_large}) or a
     * record of a page cut to fit, fetched at most {@code max_attempts} times, with the partition drained.
     */
    @Test
    void aBodyCapBeyondWhatAMessageCanCarryIsRefusedOrEndsThePageNeverAStuckPartition() {
        int cap = 3 * MIB + MIB / 2;
        String huge = server.page("/huge", 4 * MIB, 400);
        String after = server.page("/after-huge", SMALL, 4);
        try (CrawlHarness crawl = harness("large-misaligned");
             Workers workers = new Workers(ChaosLogs.dir("large-misaligned"))) {
            crawl.provision(2);
            WorkerSlot fetcher = workers.add(crawl.fetcher(Map.of("max_body_bytes", cap, "max_attempts", 3)));
            workers.add(crawl.parser(Map.of()));
            workers.startAll();
            crawl.seed(List.of(huge, after));
            CrawlDrain drain = crawl.drain(Duration.ofSeconds(2));
            Waits.until("the fetcher to refuse the cap or the crawl to drain", STUCK_AFTER, Duration.ofMillis(500),
                    () -> exitedWith(fetcher, 2) || drain.settled(workers.allRunning()),
                    () -> "requests of /huge: " + server.requests("/huge") + ", last " + drain.last()
                            + ", fetcher log:\n" + fetcher.current().logTail(6));
            if (exitedWith(fetcher, 2)) {
                assertThat(fetcher.current().logText()).as("the refusal names the setting").contains("max_body_bytes");
                return;
            }
            Map<String, PageRecord> records = records(crawl);
            boolean failedTooLarge = CrawlOutcome.read(crawl).failures().stream()
                    .anyMatch(f -> f.url().equals(huge) && f.reason() == FailureReason.TOO_LARGE);
            assertThat(failedTooLarge || records.containsKey(huge) && records.get(huge).truncated())
                    .as("the huge page ended as a too_large failure or a truncated record").isTrue();
            assertThat(records).as("the page behind it").containsKey(after);
            assertThat(server.requests("/huge")).as("requests of the huge page").isBetween(1L, 3L);
        }
    }

    /**
     * Extraction rules that copy a large page's text into several fields make a record larger than the
     * producer's {@code max.request.size}. Acceptable outcomes: the record is published cut down to fit
     * (flagged truncated), or the page is dead-lettered; either way the page is parsed to an end and the
     * pages partition drains.
     */
    @Test
    void extractionRulesCannotMakeARecordTooLargeToPublish() {
        String fields = server.page("/fields", 19 * MIB / 10, 190);
        String after = server.page("/after-fields", SMALL, 4);
        Map<String, Object> everyParagraph = Map.of("selector", "p", "all", true);
        Map<String, Object> rule = Map.of("name", "bulk", "url_pattern", "/fields$", "fields",
                Map.of("a", everyParagraph, "b", Map.of("selector", "body p", "all", true),
                        "c", Map.of("selector", "html p", "all", true)));
        try (CrawlHarness crawl = harness("large-fields");
             Workers workers = new Workers(ChaosLogs.dir("large-fields"))) {
            crawl.provision(2);
            workers.add(crawl.fetcher(Map.of()));
            WorkerSlot parser = workers.add(crawl.parser(Map.of("extract", List.of(rule))));
            workers.startAll();
            crawl.seed(List.of(fields, after));
            awaitDrain(crawl, workers, STUCK_AFTER, () -> "parser log:\n" + parser.current().logTail(6));

            Map<String, PageRecord> records = records(crawl);
            boolean deadLettered = crawl.readAll(crawl.topics().deadLetters()).stream()
                    .anyMatch(r -> CrawlOutcome.decode(r.value(), FetchedPage.class).requestedUrl().equals(fields));
            assertThat(deadLettered || records.containsKey(fields) && records.get(fields).truncated())
                    .as("the page ended as a truncated record or a dead letter").isTrue();
            assertThat(records).as("the page behind it").containsKey(after);
            assertThat(server.requests("/fields")).isEqualTo(1);
        }
    }

    /**
     * The topics a worker creates accept the largest page message the default body cap allows, and its
     * dead letter; the consumers fetch such a message in one go.
     */
    @Test
    void theCreatedTopicsAcceptTheLargestPageAndItsDeadLetter() throws Exception {
        try (CrawlHarness crawl = harness("large-topics")) {
            crawl.provision(1);
            int largestPage = SizeLimits.largestPageBatch(FetcherConfig.defaults().maxBodyBytes());
            int largestDeadLetter = SizeLimits.largestDeadLetterBatch(FetcherConfig.defaults().maxBodyBytes());
            for (String topic : List.of(crawl.topics().pages(), crawl.topics().deadLetters())) {
                ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
                Config config = crawl.admin().describeConfigs(List.of(resource)).all().get(30, TimeUnit.SECONDS)
                        .get(resource);
                int max = Integer.parseInt(config.get(TopicConfig.MAX_MESSAGE_BYTES_CONFIG).value());
                assertThat(max).as("%s max.message.bytes", topic).isGreaterThanOrEqualTo(largestDeadLetter)
                        .isGreaterThanOrEqualTo(largestPage);
            }
        }
    }

    private CrawlHarness harness(String name) {
        return new CrawlHarness(broker.bootstrapServers(), name + "-" + crawls.incrementAndGet(),
                dir.resolve(name));
    }

    private static void awaitDrain(CrawlHarness crawl, Workers workers, Duration timeout,
                                   java.util.function.Supplier<String> state) {
        CrawlDrain drain = crawl.drain(Duration.ofSeconds(2));
        Waits.until("the crawl to drain (a stuck partition never does)", timeout, Duration.ofMillis(500),
                () -> drain.settled(workers.allRunning()),
                () -> "last " + drain.last() + ", unexpected exits " + workers.unexpectedExits() + ", " + state.get());
    }

    private static Map<String, PageRecord> records(CrawlHarness crawl) {
        Map<String, PageRecord> out = new java.util.HashMap<>();
        crawl.readAll(crawl.topics().records()).forEach(r -> {
            PageRecord p = CrawlOutcome.decode(r.value(), PageRecord.class);
            out.put(p.url(), p);
        });
        return out;
    }

    private static boolean exitedWith(WorkerSlot slot, int code) {
        WorkerProcess p = slot.current();
        return !p.isAlive() && p.exitCode().getAsInt() == code;
    }
}
