package org.kcrawl.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.cli.CrawlMain;
import org.kcrawl.common.kafka.DeadLetterPublisher;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.MalformedMessageException;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.common.topic.TopicProvisioner;
import org.kcrawl.testkit.kafka.SharedKafka;

/** The admin commands against a real broker, each test with its own crawl (topics and groups). */
class AdminCommandsIT {
    private final String bootstrap = SharedKafka.bootstrapServers();
    private final CrawlTopics topics = new CrawlTopics(SharedKafka.uniqueCrawlName("admin"));
    private final KafkaClients clients = KafkaClients.of(bootstrap);
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream originalOut;
    private PrintStream originalErr;

    @TempDir
    Path dir;

    @BeforeEach
    void capture() {
        originalOut = System.out;
        originalErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restore() {
        System.setOut(originalOut);
        System.setErr(originalErr);
    }

    @Test
    void submitPublishesNormalizedSeedsKeyedByHostOnceAcknowledged() throws Exception {
        Path seeds = dir.resolve("seeds.txt");
        Files.writeString(seeds, "# sites\nhttps://example.net/\n\nhttp://example.org/a?b=2&a=1\nhttps://www.example.com/x\n");

        int code = crawl("submit", "--partitions", "3", "HTTP://Example.ORG:80/a?utm_source=news&b=2&a=1#top",
                "--seeds", seeds.toString());

        assertThat(code).as(err()).isZero();
        assertThat(out()).contains("submitted 3 seed URLs to " + topics.urls());
        try (Admin admin = clients.admin()) {
            assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS)).containsAll(topics.all());
            assertThat(admin.describeTopics(List.of(topics.urls())).allTopicNames().get(30, TimeUnit.SECONDS)
                    .get(topics.urls()).partitions()).hasSize(3);
        }
        Map<String, String> keyByUrl = new HashMap<>();
        for (ConsumerRecord<String, byte[]> r : readAll(topics.urls(), 3)) {
            CrawlRequest request = MessageCodec.get().decode(r.value(), CrawlRequest.class);
            assertThat(request.depth()).isZero();
            assertThat(request.attempt()).isEqualTo(1);
            assertThat(request.sourceUrl()).isNull();
            keyByUrl.put(request.url(), r.key());
        }
        assertThat(keyByUrl).containsExactlyInAnyOrderEntriesOf(Map.of(
                "http://example.org/a?a=1&b=2", "example.org",
                "https://example.net/", "example.net",
                "https://www.example.com/x", "www.example.com"));
    }

    @Test
    void statusShowsTheLagOfSubmittedSeedsThenTheMembersOfTheFetcherGroup() throws Exception {
        assertThat(crawl("submit", "--partitions", "2", "https://example.org/", "https://example.net/")).isZero();
        out.reset();

        assertThat(crawl("status")).as(err()).isZero();
        assertThat(out()).startsWith("crawl '" + topics.crawlName() + "' on " + bootstrap);
        assertThat(topicRow(topics.urls())).containsExactly(topics.urls(), "2", "2");
        assertThat(topicRow(topics.records())).containsExactly(topics.records(), "2", "0");
        assertThat(groupRow(topics.fetcherGroup(), topics.urls())).startsWith(topics.fetcherGroup(), topics.urls(),
                "2", "0/2").endsWith("0");
        assertThat(groupRow(topics.parserGroup(), topics.pages())).startsWith(topics.parserGroup(), topics.pages(),
                "0", "0/2").endsWith("0");
        for (String parked : topics.parkedTopics()) {
            assertThat(groupRow(topics.parkingGroup(), parked)).startsWith(topics.parkingGroup(), parked, "0", "0/2");
        }
        assertThat(out()).contains("no worker is a member of these groups now");

        // A fetcher stand-in joins the group and commits everything: the lag is gone and it is listed.
        try (KafkaConsumer<String, byte[]> fetcher = clients.consumer(topics.fetcherGroup(), "it-fetcher", 100)) {
            fetcher.subscribe(List.of(topics.urls()));
            AtomicInteger consumed = new AtomicInteger();
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumed.addAndGet(fetcher.poll(Duration.ofMillis(200)).count());
                return consumed.get() == 2 && fetcher.assignment().size() == 2;
            });
            Map<TopicPartition, OffsetAndMetadata> commit = new HashMap<>();
            fetcher.assignment().forEach(tp -> commit.put(tp, new OffsetAndMetadata(fetcher.position(tp))));
            fetcher.commitSync(commit);
            out.reset();

            assertThat(crawl("status")).as(err()).isZero();
        }
        assertThat(groupRow(topics.fetcherGroup(), topics.urls())).containsExactly(topics.fetcherGroup(), topics.urls(),
                "0", "2/2", "Stable", "1");
        assertThat(out()).containsPattern(topics.fetcherGroup().replace(".", "\\.") + " +it-fetcher +\\S+ +"
                + topics.urls().replace(".", "\\.") + "\\[0-1\\]");
    }

    @Test
    void tailPrintsTheRecordsAndFailuresAsJsonLinesAndStopsAtTheEnd() throws Exception {
        createTopics();
        List<String> records = List.of(
                "{\"v\":1,\"url\":\"https://example.org/\",\"status\":200,\"title\":\"Home\"}",
                "{\"v\":1,\"url\":\"https://example.org/a\",\"status\":200,\"title\":\"A \\u00e9\"}",
                "{\"v\":1,\"url\":\"https://example.net/\",\"status\":301,\"redirect_to\":\"https://example.net/b\"}");
        produce(topics.records(), records);
        produce(topics.failures(), List.of("{\"v\":1,\"url\":\"https://example.org/x\",\"reason\":\"http_4xx\"}",
                "{\n  \"v\": 1,\n  \"url\": \"https://example.org/y\",\n  \"reason\": \"timeout\"\n}"));

        assertThat(crawl("tail", "records")).as(err()).isZero();
        assertThat(jsonLines()).containsExactlyInAnyOrderElementsOf(records);

        out.reset();
        assertThat(crawl("tail", "failures", "--from-beginning")).as(err()).isZero();
        assertThat(jsonLines()).containsExactlyInAnyOrder(
                "{\"v\":1,\"url\":\"https://example.org/x\",\"reason\":\"http_4xx\"}",
                "{\"v\":1,\"url\":\"https://example.org/y\",\"reason\":\"timeout\"}");

        out.reset();
        assertThat(crawl("tail", "records", "--max", "2")).as(err()).isZero();
        assertThat(jsonLines()).hasSize(2).isSubsetOf(records);
        assertThat(err()).isEmpty();
    }

    @Test
    void tailPrintsDeadLettersWithTheHeadersThatSayWhy() throws Exception {
        createTopics();
        byte[] garbage = {(byte) 0x80, 0x01, (byte) 0xfe, 0x7b};
        ConsumerRecord<String, byte[]> refused = new ConsumerRecord<>(topics.pages(), 1, 17, 0L,
                TimestampType.CREATE_TIME, -1, -1, "example.org", garbage, new RecordHeaders(), Optional.empty());
        try (KafkaProducer<String, byte[]> producer = clients.producer("it-dlq")) {
            new DeadLetterPublisher(producer, topics.deadLetters())
                    .publish(refused, new MalformedMessageException(MalformedMessageException.Kind.UNPARSEABLE,
                            CrawlRequest.class, "not JSON", null))
                    .get(30, TimeUnit.SECONDS);
        }

        assertThat(crawl("tail", "dead-letters")).as(err()).isZero();

        List<String> lines = jsonLines();
        assertThat(lines).hasSize(1);
        JsonNode line = MessageCodec.get().readTree(lines.get(0).getBytes(StandardCharsets.UTF_8));
        assertThat(line.get("topic").asText()).isEqualTo(topics.deadLetters());
        assertThat(line.get("key").asText()).isEqualTo("example.org");
        assertThat(Base64.getDecoder().decode(line.get("value_base64").asText())).isEqualTo(garbage);
        Map<String, String> headers = new HashMap<>();
        line.get("headers").forEach(h -> headers.put(h.get("key").asText(), h.get("value").asText()));
        assertThat(headers).containsEntry(DeadLetterPublisher.ORIGINAL_TOPIC, topics.pages())
                .containsEntry(DeadLetterPublisher.ORIGINAL_PARTITION, "1")
                .containsEntry(DeadLetterPublisher.ORIGINAL_OFFSET, "17")
                .containsEntry(DeadLetterPublisher.EXCEPTION_CLASS, MalformedMessageException.class.getName());
    }

    @Test
    void replayPutsDeadLettersBackOnTheirTopicsOnceAndLeavesTruncatedOnes() throws Exception {
        createTopics();
        byte[] newer = "{\"v\":2,\"url\":\"https://example.org/a\"}".getBytes(StandardCharsets.UTF_8);
        byte[] page = {0, 3, 0, 0, 0, 2, '{', '}'};
        RecordHeaders own = new RecordHeaders();
        own.add("kcrawl.partition", "1".getBytes(StandardCharsets.UTF_8));
        MalformedMessageException why = new MalformedMessageException(
                MalformedMessageException.Kind.UNSUPPORTED_VERSION, CrawlRequest.class, "schema version 2", null);
        try (KafkaProducer<String, byte[]> producer = clients.producer("it-dlq")) {
            DeadLetterPublisher dlq = new DeadLetterPublisher(producer, topics.deadLetters());
            dlq.publish(new ConsumerRecord<>(topics.urls(), 1, 5, 0L, TimestampType.CREATE_TIME, -1, -1,
                    "example.org", newer, own, Optional.empty()), why).get(30, TimeUnit.SECONDS);
            dlq.publish(new ConsumerRecord<>(topics.pages(), 0, 9, 0L, TimestampType.CREATE_TIME, -1, -1,
                    "example.net", page, new RecordHeaders(), Optional.empty()), why).get(30, TimeUnit.SECONDS);
            ProducerRecord<String, byte[]> truncated = new ProducerRecord<>(topics.deadLetters(), "example.com",
                    new byte[1024]);
            truncated.headers().add(DeadLetterPublisher.ORIGINAL_TOPIC, topics.pages().getBytes(StandardCharsets.UTF_8))
                    .add(DeadLetterPublisher.TRUNCATED, "true".getBytes(StandardCharsets.UTF_8));
            producer.send(truncated).get(30, TimeUnit.SECONDS);
        }

        assertThat(crawl("replay", "dead-letters", "--dry-run")).as(err()).isZero();
        assertThat(out()).contains("would replay 2 dead letters: 1 to " + topics.pages() + ", 1 to " + topics.urls());
        out.reset();

        assertThat(crawl("replay", "dead-letters")).as(err()).isZero();
        assertThat(out().lines()).containsExactly(
                "replayed 2 dead letters: 1 to " + topics.pages() + ", 1 to " + topics.urls(),
                "left 1 truncated (only their first KiB was kept, so they cannot be put back)");
        ConsumerRecord<String, byte[]> url = readAll(topics.urls(), 1).get(0);
        assertThat(url.key()).isEqualTo("example.org");
        assertThat(url.value()).isEqualTo(newer);
        assertThat(url.headers().lastHeader("kcrawl.partition").value()).isEqualTo("1".getBytes(StandardCharsets.UTF_8));
        assertThat(url.headers()).noneMatch(h -> h.key().startsWith("dlq."));
        assertThat(readAll(topics.pages(), 1).get(0).value()).isEqualTo(page);

        // Replayed once: a second replay finds nothing new, and the topics hold each message once.
        out.reset();
        assertThat(crawl("replay", "dead-letters")).as(err()).isZero();
        assertThat(out().lines()).containsExactly("replayed 0 dead letters");
        readAll(topics.urls(), 1);
    }

    @Test
    void replayOfSomethingElseIsAUsageError() {
        assertThat(crawl("replay", "records")).isEqualTo(2);
        assertThat(err()).contains("can only replay dead-letters, got 'records'");
    }

    @Test
    void followingPrintsOnlyWhatArrivesAfterTheStart() throws Exception {
        createTopics();
        produce(topics.records(), List.of("{\"v\":1,\"old\":true}"));

        CompletableFuture<Integer> tail = CompletableFuture.supplyAsync(() -> crawl("tail", "records", "--follow",
                "--max", "1"));
        AtomicInteger sent = new AtomicInteger();
        // The test cannot see when the tail has found the end, so it keeps producing until the tail has printed.
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(300)).until(() -> {
            produce(topics.records(), List.of("{\"v\":1,\"new\":" + sent.incrementAndGet() + "}"));
            return tail.isDone();
        });

        assertThat(tail.get()).as(err()).isZero();
        assertThat(jsonLines()).singleElement().asString().startsWith("{\"v\":1,\"new\":");
    }

    @Test
    void anUnreachableClusterIsOneLineAndExitCode1() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        long started = System.nanoTime();

        int code = CrawlMain.run("status", "--bootstrap", "127.0.0.1:" + port, "--timeout", "2");

        assertThat(code).isEqualTo(1);
        assertThat(err().lines()).singleElement().asString()
                .startsWith("crawl: Kafka at 127.0.0.1:" + port + " did not answer within 2 s");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(20));
    }

    @Test
    void aCrawlThatDoesNotExistIsOneLineAndExitCode1AndCreatesNothing() throws Exception {
        assertThat(crawl("status")).isEqualTo(1);
        assertThat(err().strip()).isEqualTo("crawl: there is no crawl '" + topics.crawlName() + "' on " + bootstrap
                + ": no topic " + topics.urls() + " (is --crawl-name right?)");

        err.reset();
        assertThat(crawl("tail", "records")).isEqualTo(1);
        assertThat(err().strip()).isEqualTo("crawl: there is no topic " + topics.records() + " on " + bootstrap
                + " (is --crawl-name right?)");

        try (Admin admin = clients.admin()) {
            Set<String> names = admin.listTopics().names().get(30, TimeUnit.SECONDS);
            assertThat(names).noneMatch(n -> n.startsWith(topics.crawlName() + "."));
        }
    }

    private int crawl(String... args) {
        List<String> all = new ArrayList<>(Arrays.asList(args));
        all.addAll(List.of("--bootstrap", bootstrap, "--crawl-name", topics.crawlName()));
        return CrawlMain.run(all.toArray(String[]::new));
    }

    private void createTopics() {
        try (Admin admin = clients.admin()) {
            new TopicProvisioner(admin).ensure(topics, TopicLayout.local(2));
        }
    }

    private void produce(String topic, List<String> values) throws Exception {
        try (KafkaProducer<String, byte[]> producer = clients.producer("it-producer")) {
            for (String value : values) {
                producer.send(new ProducerRecord<>(topic, Integer.toString(value.hashCode()),
                        value.getBytes(StandardCharsets.UTF_8))).get(30, TimeUnit.SECONDS);
            }
        }
    }

    private List<ConsumerRecord<String, byte[]>> readAll(String topic, int expected) {
        List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = clients.consumer(null, "it-reader", 100)) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
                return records.size() >= expected;
            });
            // Anything more than expected would show up within another poll.
            consumer.poll(Duration.ofMillis(500)).forEach(records::add);
        }
        assertThat(records).hasSize(expected);
        return records;
    }

    /** Cells of the topics table row for {@code topic}. */
    private List<String> topicRow(String topic) {
        return out().lines().map(l -> List.of(l.trim().split("\\s+")))
                .filter(cells -> cells.get(0).equals(topic) && cells.size() == 3)
                .findFirst().orElseThrow(() -> new AssertionError("no row for " + topic + " in\n" + out()));
    }

    /** Cells of the group table row for {@code group} on {@code topic}. */
    private List<String> groupRow(String group, String topic) {
        return out().lines().map(l -> List.of(l.trim().split("\\s+")))
                .filter(cells -> cells.size() == 6 && cells.get(0).equals(group) && cells.get(1).equals(topic))
                .findFirst().orElseThrow(() -> new AssertionError("no row for " + group + " in\n" + out()));
    }

    /** The JSON lines the command printed (stdout also carries the test's log lines). */
    private List<String> jsonLines() {
        return out().lines().filter(l -> l.startsWith("{")).toList();
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

}
