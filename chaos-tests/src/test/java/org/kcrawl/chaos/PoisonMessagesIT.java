package org.kcrawl.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.header.Header;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.kafka.DeadLetterPublisher;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.MalformedMessageException;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.embedded.kafka.EmbeddedKafkaBroker;
import org.kcrawl.embedded.web.SyntheticWeb;

/**
 * Poison on every topic a worker consumes (urls and pages): unparseable JSON, an unknown schema version
 * and an invalid URL, each placed ahead of valid messages in the same partition. Each lands on the
 * dead-letter topic unchanged, with headers naming where it came from and why it was refused, is counted
 * in the worker's metrics, and the workers go on with what follows.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class PoisonMessagesIT {
    private static final int MAX_DEPTH = 1000;

    /** One poison message as it was produced. */
    private record Poison(String topic, String kind, String key, byte[] value, int partition, long offset) {}

    /** Shared by the class's tests, deleted after the last one. */
    @TempDir
    static Path dir;
    private EmbeddedKafkaBroker broker;
    private SyntheticWeb web;
    private CrawlHarness crawl;
    private Workers workers;
    private WorkerSlot fetcher;
    private WorkerSlot parser;
    private final List<Poison> poisons = new ArrayList<>();
    private Map<String, Integer> expected;

    @BeforeAll
    void crawlThroughPoison() {
        broker = EmbeddedKafkaBroker.start(dir.resolve("kafka"));
        web = SyntheticWeb.builder().hosts(2).pagesPerHost(8).linksPerPage(3).externalLinksPerPage(0).bindBase(215)
                .start();
        crawl = new CrawlHarness(broker.bootstrapServers(), "poison", dir.resolve("config"));
        workers = new Workers(ChaosLogs.dir("poison"));
        crawl.provision(2);
        String root = web.hostRoots().get(0);
        String key = HostKey.of(root);
        poison(crawl.topics().urls(), key, urlPoisons(root));
        poison(crawl.topics().pages(), key, pagePoisons(root));
        // Valid work after the poison, in the same partitions: processing it proves nothing got stuck.
        crawl.seed(web.hostRoots());
        expected = web.graph().reachable(web.hostRoots(), MAX_DEPTH, web.graph().pages()::contains);
        fetcher = workers.add(crawl.fetcher(Map.of()));
        parser = workers.add(crawl.parser(Map.of("seed_sites", CrawlHarness.siteKeys(web.hostRoots()))));
        workers.startAll();
        CrawlDrain drain = crawl.drain(Duration.ofSeconds(2));
        Waits.until("the crawl to drain past the poison", Duration.ofSeconds(90), Duration.ofMillis(500),
                () -> drain.settled(workers.allRunning()),
                () -> "last " + drain.last() + ", unexpected exits " + workers.unexpectedExits());
    }

    @AfterAll
    void stop() {
        if (workers != null) {
            workers.close();
        }
        if (crawl != null) {
            crawl.close();
        }
        if (web != null) {
            web.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void everyPoisonMessageIsDeadLetteredUnchangedWithItsOriginAndCause() {
        List<ConsumerRecord<String, byte[]>> dead = crawl.readAll(crawl.topics().deadLetters());

        assertThat(dead).as("dead letters").hasSize(poisons.size());
        for (Poison p : poisons) {
            ConsumerRecord<String, byte[]> d = dead.stream()
                    .filter(r -> header(r, DeadLetterPublisher.ORIGINAL_TOPIC).equals(p.topic())
                            && header(r, DeadLetterPublisher.ORIGINAL_OFFSET).equals(Long.toString(p.offset())))
                    .findFirst().orElseThrow(() -> new AssertionError("no dead letter for " + p.kind() + " on "
                            + p.topic() + "-" + p.partition() + "@" + p.offset()));
            assertThat(header(d, DeadLetterPublisher.ORIGINAL_PARTITION)).as("partition of %s", p.kind())
                    .isEqualTo(Integer.toString(p.partition()));
            assertThat(header(d, DeadLetterPublisher.EXCEPTION_CLASS)).as("exception class of %s", p.kind())
                    .isEqualTo(MalformedMessageException.class.getName());
            assertThat(header(d, DeadLetterPublisher.EXCEPTION_MESSAGE)).as("exception message of %s", p.kind())
                    .contains(p.kind());
            assertThat(d.key()).as("key of %s", p.kind()).isEqualTo(p.key());
            assertThat(d.value()).as("value of %s", p.kind()).isEqualTo(p.value());
        }
    }

    @Test
    void theWorkersGoOnWithTheMessagesBehindThePoison() {
        CrawlOutcome outcome = CrawlOutcome.read(crawl);

        assertThat(workers.unexpectedExits()).as("workers that died on poison").isEmpty();
        assertThat(fetcher.lifetimes()).hasSize(1);
        assertThat(parser.lifetimes()).hasSize(1);
        assertThat(outcome.missing(expected.keySet())).as("pages behind the poison without a record").isEmpty();
        assertThat(outcome.failures()).as("failures").isEmpty();
    }

    @Test
    void eachWorkerCountsItsDeadLettersInItsMetrics() {
        SoftAssertions softly = new SoftAssertions();
        for (WorkerSlot slot : List.of(fetcher, parser)) {
            long poisoned = poisons.stream().filter(p -> p.topic().equals(consumed(slot))).count();
            if (slot.current().metricsPort().isEmpty()) {
                softly.fail("%s serves no metrics: its configuration has no metrics_port setting", slot.name());
                continue;
            }
            MetricsScrape scrape = MetricsScrape.of(slot.current().metricsPort().getAsInt());
            softly.assertThat(scrape.sum(n -> n.contains("dead") && n.contains("letter")))
                    .as("%s dead-letter meters (any name with 'dead' and 'letter') among its crawl meters %s",
                            slot.name(), scrape.names(n -> n.startsWith("crawl_")))
                    .isEqualTo((double) poisoned);
        }
        softly.assertAll();
    }

    private String consumed(WorkerSlot slot) {
        return slot.kind() == WorkerKind.FETCHER ? crawl.topics().urls() : crawl.topics().pages();
    }

    private void poison(String topic, String key, Map<String, byte[]> byKind) {
        List<String> kinds = new ArrayList<>(byKind.keySet());
        List<byte[]> values = kinds.stream().map(byKind::get).toList();
        List<RecordMetadata> sent = crawl.send(topic, kinds.stream().map(k -> key).toList(), values);
        for (int i = 0; i < kinds.size(); i++) {
            poisons.add(new Poison(topic, kinds.get(i), key, values.get(i), sent.get(i).partition(),
                    sent.get(i).offset()));
        }
    }

    /**
     * Poison for the urls topic, keyed by the exception message each one must produce: the kind that
     * {@link MalformedMessageException} names.
     */
    private static Map<String, byte[]> urlPoisons(String url) {
        MessageCodec codec = MessageCodec.get();
        ObjectNode valid = (ObjectNode) codec.mapper().valueToTree(CrawlRequest.seed(url, Instant.now()));
        Map<String, byte[]> out = new java.util.LinkedHashMap<>();
        out.put("unparseable", "{\"v\":1,\"url\":\"http://".getBytes(StandardCharsets.UTF_8));
        out.put("unsupported_version", bytes(valid.deepCopy().put("v", 99)));
        out.put("invalid_value", bytes(valid.deepCopy().put("url", "http://exa mple.invalid/")));
        return out;
    }

    /** Poison for the pages topic, like {@link #urlPoisons}. */
    private static Map<String, byte[]> pagePoisons(String url) {
        MessageCodec codec = MessageCodec.get();
        FetchedPage page = new FetchedPage(1, url, url, 200, Map.of("content-type", "text/html"), "text/html",
                "<html><title>x</title></html>".getBytes(StandardCharsets.UTF_8), Instant.now(), 5, 0, false, null);
        ObjectNode valid = (ObjectNode) codec.mapper().valueToTree(page);
        Map<String, byte[]> out = new java.util.LinkedHashMap<>();
        out.put("unparseable", "not json at all".getBytes(StandardCharsets.UTF_8));
        out.put("unsupported_version", bytes(valid.deepCopy().put("v", 2)));
        out.put("invalid_value", bytes(valid.deepCopy().put("requested_url", "ftp://" + HostKey.of(url) + "/")));
        return out;
    }

    private static byte[] bytes(ObjectNode node) {
        return MessageCodec.get().encode(node);
    }

    private static String header(ConsumerRecord<String, byte[]> r, String name) {
        Header h = r.headers().lastHeader(name);
        return h == null ? "" : new String(h.value(), StandardCharsets.UTF_8);
    }
}
