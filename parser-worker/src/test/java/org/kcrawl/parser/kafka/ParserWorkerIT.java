package org.kcrawl.parser.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.kafka.ConsumerLag;
import org.kcrawl.common.kafka.DeadLetterPublisher;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.PageRecord;
import org.kcrawl.common.message.ScopeSite;
import org.kcrawl.common.scope.ScopeRecords;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.common.topic.TopicProvisioner;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.parser.ParserConfig;
import org.kcrawl.common.scope.RejectReason;
import org.kcrawl.parser.testing.Pages;
import org.kcrawl.testkit.kafka.SharedKafka;

/** The parser worker against a real broker: pages in; links, records and dead letters out; offsets committed. */
class ParserWorkerIT {
    private static final Duration WAIT = Duration.ofSeconds(60);

    private String bootstrap;
    private CrawlTopics topics;
    private KafkaClients clients;
    private KafkaProducer<String, byte[]> producer;
    private final List<ParserWorker> workers = new ArrayList<>();

    @BeforeEach
    void createTopics() {
        bootstrap = SharedKafka.bootstrapServers();
        topics = new CrawlTopics(SharedKafka.uniqueCrawlName("parser-it"));
        clients = KafkaClients.of(bootstrap);
        try (Admin admin = clients.admin()) {
            new TopicProvisioner(admin).ensure(topics, TopicLayout.local(2));
        }
        producer = clients.producer("parser-it-pages");
    }

    @AfterEach
    void stopEverything() {
        workers.forEach(ParserWorker::stop);
        producer.close(Duration.ofSeconds(10));
    }

    private ParserWorker startWorker() {
        ParserConfig config = ParserConfig.load(null, Map.of(
                "KCRAWL_PARSER_CRAWL_NAME", topics.crawlName(),
                "KCRAWL_PARSER_BOOTSTRAP_SERVERS", bootstrap,
                "KCRAWL_PARSER_THREADS", "2",
                "KCRAWL_PARSER_DRAIN_TIMEOUT", "PT10S"));
        ParserWorker worker = new ParserWorker(config, clients, new SimpleMeterRegistry());
        workers.add(worker);
        worker.start();
        return worker;
    }

    private void produce(FetchedPage page) throws Exception {
        produceRaw(HostKey.of(page.requestedUrl()), MessageCodec.get().encode(page));
    }

    private void produceRaw(String key, byte[] value) throws Exception {
        producer.send(new ProducerRecord<>(topics.pages(), key, value)).get(30, TimeUnit.SECONDS);
    }

    private long lag() {
        try (Admin admin = clients.admin()) {
            return new ConsumerLag(admin).of(topics.parserGroup(), topics.pages());
        }
    }

    @Test
    void parsesPagesIntoLinksAndRecordsCommitsAndDeadLettersWhatItCannotRead() throws Exception {
        ParserWorker worker = startWorker();

        produce(Pages.html("http://site.example/", """
                <title>Home</title><a href="/a">a</a><a href="/b?utm_source=x#f">b</a>
                <a href="http://other.example/">elsewhere</a><a href="mailto:me@site.example">mail</a>"""));
        produce(Pages.html("http://blog.example/a", "<title>Post</title><a href='/'>home</a><a href='c'>c</a>"));
        produce(Pages.page("http://site.example/logo.png", "image/png", new byte[] {(byte) 0x89, 'P', 'N', 'G'}));
        produceRaw("site.example", "{not json at all".getBytes(StandardCharsets.UTF_8));
        produce(Pages.redirect("http://blog.example/old", "http://blog.example/new"));
        produce(Pages.html("http://site.example/after", "<title>After the poison</title><p>still going</p>"));

        List<PageRecord> records = read(topics.records(), PageRecord.class, 5);
        assertThat(records).extracting(PageRecord::url).containsExactlyInAnyOrder(
                "http://site.example/", "http://blog.example/a", "http://site.example/logo.png",
                "http://blog.example/old", "http://site.example/after");
        assertThat(records).filteredOn(r -> r.url().equals("http://site.example/after"))
                .extracting(PageRecord::title).containsExactly("After the poison");
        assertThat(records).filteredOn(r -> r.url().equals("http://blog.example/old"))
                .extracting(PageRecord::redirectTo).containsExactly("http://blog.example/new");
        assertThat(records).filteredOn(r -> r.url().equals("http://site.example/logo.png"))
                .extracting(PageRecord::title, PageRecord::links).containsExactly(org.assertj.core.groups.Tuple.tuple(null, 0));

        List<ConsumerRecord<String, byte[]>> urlMessages = readRaw(topics.urls(), 4);
        List<CrawlRequest> requests = urlMessages.stream().map(r -> decode(r.value(), CrawlRequest.class)).toList();
        assertThat(requests).extracting(CrawlRequest::url).containsExactlyInAnyOrder(
                "http://site.example/a", "http://site.example/b", "http://blog.example/", "http://blog.example/c");
        assertThat(requests).allSatisfy(r -> assertThat(r.depth()).isEqualTo(2));
        assertThat(urlMessages).allSatisfy(m -> assertThat(m.key()).isEqualTo(HostKey.of(
                decode(m.value(), CrawlRequest.class).url())));

        List<ConsumerRecord<String, byte[]>> dead = readRaw(topics.deadLetters(), 1);
        assertThat(new String(dead.get(0).value(), StandardCharsets.UTF_8)).isEqualTo("{not json at all");
        assertThat(new String(dead.get(0).headers().lastHeader(DeadLetterPublisher.ORIGINAL_TOPIC).value(),
                StandardCharsets.UTF_8)).isEqualTo(topics.pages());

        await().atMost(WAIT).untilAsserted(() -> assertThat(lag()).as("every page's offset committed").isZero());
        assertThat(worker.pending()).isZero();
        assertThat(worker.deadLettered()).isEqualTo(1);
        assertThat(worker.metrics().recordsPublished()).isEqualTo(5);
        assertThat(worker.metrics().linksPublished()).isEqualTo(4);
        assertThat(worker.metrics().linksRejected(RejectReason.OUT_OF_SCOPE)).isEqualTo(1);
        assertThat(worker.metrics().linksRejected(RejectReason.SCHEME)).isEqualTo(1);
        assertThat(worker.stop(Duration.ofSeconds(30))).isTrue();
    }

    @Test
    void aLinkThisParserAlreadyPublishedIsNotPublishedAgainWhateverItsDepthOrSource() throws Exception {
        ParserWorker worker = startWorker();
        produce(Pages.html("http://site.example/", "<title>Home</title><a href=/a>a</a><a href=/b>b</a>"));
        read(topics.records(), PageRecord.class, 1);
        // Committed only once both links were acknowledged, so they are in the set by now.
        await().atMost(WAIT).untilAsserted(() -> assertThat(lag()).isZero());

        produce(Pages.page("http://site.example/other", 200, "text/html", """
                <title>Other</title><a href="/a">again</a><a href="/c">new</a>"""
                .getBytes(StandardCharsets.UTF_8), Map.of(), 3));
        produce(Pages.page("http://site.example/sitemap.xml", "application/xml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                  <url><loc>http://site.example/b</loc></url>
                  <url><loc>http://site.example/d</loc></url>
                </urlset>""".getBytes(StandardCharsets.UTF_8)));

        read(topics.records(), PageRecord.class, 3);
        await().atMost(WAIT).untilAsserted(() -> assertThat(lag()).isZero());
        List<CrawlRequest> requests = read(topics.urls(), CrawlRequest.class, 4);
        assertThat(requests).extracting(CrawlRequest::url, CrawlRequest::depth).containsExactlyInAnyOrder(
                org.assertj.core.groups.Tuple.tuple("http://site.example/a", 2),
                org.assertj.core.groups.Tuple.tuple("http://site.example/b", 2),
                org.assertj.core.groups.Tuple.tuple("http://site.example/c", 4),
                org.assertj.core.groups.Tuple.tuple("http://site.example/d", 2));
        assertThat(worker.metrics().linksSuppressed()).isEqualTo(2);
        assertThat(worker.metrics().linksPublished()).isEqualTo(4);
    }

    @Test
    void aRestartedWorkerResumesAfterTheCommittedPages() throws Exception {
        ParserWorker first = startWorker();
        produce(Pages.html("http://site.example/one", "<title>One</title>"));
        produce(Pages.html("http://blog.example/two", "<title>Two</title>"));
        read(topics.records(), PageRecord.class, 2);
        await().atMost(WAIT).untilAsserted(() -> assertThat(lag()).isZero());
        assertThat(first.stop(Duration.ofSeconds(30))).isTrue();
        assertThat(first.stop(Duration.ofSeconds(1))).as("stop is idempotent").isTrue();
        assertThatThrownBy(first::start).as("a worker starts once").isInstanceOf(IllegalStateException.class);

        produce(Pages.html("http://site.example/three", "<title>Three</title>"));
        startWorker();

        List<PageRecord> records = read(topics.records(), PageRecord.class, 3);
        assertThat(records).extracting(PageRecord::title).containsExactlyInAnyOrder("One", "Two", "Three");
        await().atMost(WAIT).untilAsserted(() -> assertThat(lag()).isZero());
        // Nothing committed was parsed again: still exactly three records.
        assertThat(readRaw(topics.records(), 3, Duration.ofSeconds(2))).hasSize(3);
    }

    @Test
    void linksToSitesInTheCrawlsScopeAreFollowedFromAnyPageWhetherAddedBeforeOrAfterTheWorkerStarted()
            throws Exception {
        Instant now = Instant.now();
        // Added by an earlier run, before this worker started: a restart must keep it.
        publishScope(ScopeSite.seedRedirect("www.moved.example", "http://www.moved.example/", "http://moved.example/",
                now));
        ParserWorker worker = startWorker();

        produce(Pages.html("http://site.example/", "<a href='http://www.moved.example/a'>a</a>"
                + "<a href='http://later.example/b'>b</a>"));
        assertThat(read(topics.urls(), CrawlRequest.class, 1)).extracting(CrawlRequest::url)
                .containsExactly("http://www.moved.example/a");
        assertThat(worker.metrics().linksRejected(RejectReason.OUT_OF_SCOPE)).isEqualTo(1);

        // Added while it runs.
        publishScope(ScopeSite.seedRedirect("later.example", "http://later.example/", "http://site.example/", now));
        await().atMost(WAIT).untilAsserted(() -> {
            produce(Pages.html("http://site.example/again-" + System.nanoTime(),
                    "<a href='http://later.example/b'>b</a>"));
            assertThat(readRaw(topics.urls(), 2, Duration.ofSeconds(2))).extracting(r -> decode(r.value(),
                    CrawlRequest.class).url()).contains("http://later.example/b");
        });
    }

    private void publishScope(ScopeSite site) throws Exception {
        producer.send(ScopeRecords.of(topics, site)).get(30, TimeUnit.SECONDS);
    }

    private <T> List<T> read(String topic, Class<T> type, int count) {
        return readRaw(topic, count).stream().map(r -> decode(r.value(), type)).toList();
    }

    private List<ConsumerRecord<String, byte[]>> readRaw(String topic, int count) {
        List<ConsumerRecord<String, byte[]>> out = readRaw(topic, count, WAIT);
        assertThat(out).as("messages on %s", topic).hasSize(count);
        return out;
    }

    /** Reads {@code topic} from the beginning until {@code count} messages arrived or {@code timeout} passed. */
    private List<ConsumerRecord<String, byte[]>> readRaw(String topic, int count, Duration timeout) {
        List<ConsumerRecord<String, byte[]>> out = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = clients.consumer(null, "parser-it-reader", 500)) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            long deadline = System.nanoTime() + timeout.toNanos();
            while (out.size() < count && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(out::add);
            }
            // Catch anything beyond the expected count, so duplicates fail the test instead of hiding.
            consumer.poll(Duration.ofMillis(500)).forEach(out::add);
        }
        return out;
    }

    private static <T> T decode(byte[] bytes, Class<T> type) {
        try {
            return MessageCodec.get().decode(bytes, type);
        } catch (Exception e) {
            throw new AssertionError("undecodable " + type.getSimpleName(), e);
        }
    }
}
