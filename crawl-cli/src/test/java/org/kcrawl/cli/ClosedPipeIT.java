package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.kafka.Sends;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.common.topic.TopicProvisioner;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.embedded.web.RequestEvent;
import org.kcrawl.embedded.web.SyntheticWeb;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code crawl --out - | head} and {@code crawl tail ... | head}, run as a user runs them: the command
 * is a child process whose stdout is a pipe the test reads a few lines from and then closes. The command
 * must stop within 2 s with exit code 141, and a crawl must stop fetching: the site sees no more than a
 * handful of requests after the close.
 */
class ClosedPipeIT {
    private static final Logger log = LoggerFactory.getLogger(ClosedPipeIT.class);
    /** How soon after the reader goes away the command must have exited. */
    private static final Duration PROMPTLY = Duration.ofSeconds(2);
    /**
     * Requests the site may still see after the close: those started before the crawl learns of it at its
     * next line. At 10 requests a second, a crawl that went on for those 2 s would make 20.
     */
    private static final int HANDFUL = 5;
    private static final String RATE = "10";

    @TempDir
    Path dir;
    private Path logback;

    @BeforeEach
    void childLogging() throws IOException {
        // The test class path's logging writes to stdout, which here is the command's JSON Lines.
        logback = CommandProcess.stderrLogging(dir, "WARN");
    }

    @Test
    void aCrawlWhoseReaderGoesAwayStopsFetchingExits141AndResumesAfterWhatWasWritten() throws Exception {
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(1).pagesPerHost(2000).linksPerPage(10)
                .latency(Duration.ofMillis(20)).bindBase(140).start()) {
            String seed = web.hostRoots().get(0);
            Path dataDir = dir.resolve("kafka");
            List<String> read;
            long closed;
            long stopMillis;
            try (CommandProcess crawl = start("first", "--allow-private", "--quiet", "--rate", RATE, "--per-host",
                    "2", "--data-dir", dataDir.toString(), "--out", "-", "--failures",
                    dir.resolve("failures.jsonl").toString(), seed)) {
                read = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> crawl.readLines(5), crawl::stderr);
                closed = crawl.closeStdout();

                assertThat(crawl.awaitExit(Duration.ofSeconds(30))).as(crawl::stderr).isTrue();
                assertThat(crawl.exitCode()).as(crawl::stderr).isEqualTo(ExitCodes.OUTPUT_CLOSED);
                stopMillis = Duration.ofNanos(crawl.exitedNanos() - closed).toMillis();
                assertThat(Duration.ofMillis(stopMillis)).as(crawl::stderr).isLessThan(PROMPTLY);
                // Its stderr is a file, not a terminal: what the reader chose is not reported.
                assertThat(crawl.stderr().lines()).noneMatch(line -> line.startsWith("crawl:"));
            }
            assertThat(read).allSatisfy(line -> assertThat(line).startsWith("{\"v\":1,\"url\":\"" + seed));
            List<RequestEvent> after = web.requestLog().all().stream().filter(e -> e.startNanos() > closed).toList();
            log.info("crawl: {} requests before the reader went away, {} after; exit {} ms after the close",
                    web.requestLog().size() - after.size(), after.size(), stopMillis);
            assertThat(after).as("requests after the reader went away").hasSizeLessThanOrEqualTo(HANDFUL);

            // What reached the pipe was committed: the resumed crawl writes on from there.
            Path resumedOut = dir.resolve("resumed.jsonl");
            try (CommandProcess resumed = start("resumed", "--allow-private", "--quiet", "--rate", RATE,
                    "--per-host", "2", "--data-dir", dataDir.toString(), "--max-pages", "3", "--out",
                    resumedOut.toString(), "--failures", dir.resolve("failures.jsonl").toString(), seed)) {
                assertThat(resumed.awaitExit(Duration.ofSeconds(120))).as(resumed::stderr).isTrue();
                assertThat(resumed.exitCode()).as(resumed::stderr).isEqualTo(ExitCodes.OK);
            }
            assertThat(Files.readAllLines(resumedOut, StandardCharsets.UTF_8)).hasSize(3)
                    .doesNotContainAnyElementsOf(read);
        }
    }

    @Test
    void aTailWhoseReaderGoesAwayExits141() throws Exception {
        String bootstrap = SharedKafka.bootstrapServers();
        CrawlTopics topics = new CrawlTopics(SharedKafka.uniqueCrawlName("pipe"));
        KafkaClients clients = KafkaClients.of(bootstrap);
        try (Admin admin = clients.admin()) {
            new TopicProvisioner(admin).ensure(topics, TopicLayout.local(2));
        }
        // Far more than a pipe holds (64 KiB on Linux): the tail is still writing when its reader leaves.
        produceRecords(clients, topics.records(), 5000);

        try (CommandProcess tail = start("tail", "tail", "records", "--follow", "--from-beginning",
                "--bootstrap", bootstrap, "--crawl-name", topics.crawlName())) {
            List<String> read = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> tail.readLines(3),
                    tail::stderr);
            long closed = tail.closeStdout();

            assertThat(tail.awaitExit(Duration.ofSeconds(30))).as(tail::stderr).isTrue();
            assertThat(tail.exitCode()).as(tail::stderr).isEqualTo(ExitCodes.OUTPUT_CLOSED);
            Duration stop = Duration.ofNanos(tail.exitedNanos() - closed);
            log.info("tail: exit {} ms after the close", stop.toMillis());
            assertThat(stop).as(tail::stderr).isLessThan(PROMPTLY);
            assertThat(tail.stderr().lines()).noneMatch(line -> line.startsWith("crawl:"));
            assertThat(read).allSatisfy(line -> assertThat(line).startsWith("{\"v\":1,\"url\":"));
        }
    }

    private CommandProcess start(String name, String... args) throws IOException {
        Path workDir = Files.createDirectories(dir.resolve(name));
        return CommandProcess.start(workDir, logback, args);
    }

    private static void produceRecords(KafkaClients clients, String topic, int count) throws Exception {
        KafkaProducer<String, byte[]> producer = clients.producer("it-closed-pipe");
        try {
            List<CompletableFuture<?>> sent = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                String json = "{\"v\":1,\"url\":\"https://example.org/" + i + "\",\"status\":200,\"title\":\""
                        + "x".repeat(150) + "\"}";
                sent.add(Sends.send(producer, new ProducerRecord<>(topic, "example.org",
                        json.getBytes(StandardCharsets.UTF_8))));
            }
            Sends.all(sent).get(60, TimeUnit.SECONDS);
        } finally {
            producer.close(Duration.ofSeconds(10)); // a send still retrying would hold close() for ever
        }
    }
}
