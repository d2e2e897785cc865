package org.kcrawl.archiver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.message.Capture;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.SchemaVersions;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.common.topic.TopicProvisioner;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;

/**
 * An archiver process killed with SIGKILL in the middle of a file, then started again: every page ends in
 * a finished WARC file with the bytes it was fetched with, no file is left open, and only pages of the
 * file it was writing when it died are archived twice (their records were written, their offsets not yet
 * committed).
 */
class ArchiverCrashIT {
    private static final int PAGES = 1500;

    @TempDir
    Path dir;

    @Test
    void aKilledArchiverLosesNoRecordAndRepeatsOnlyTheUnfinishedFile() throws Exception {
        CrawlTopics topics = new CrawlTopics(SharedKafka.uniqueCrawlName("archiver-crash"));
        KafkaClients clients = KafkaClients.of(SharedKafka.bootstrapServers());
        Path warc = dir.resolve("warc");
        Map<String, byte[]> bodies = new HashMap<>();
        Set<String> openAtKill;
        try (Admin admin = clients.admin()) {
            new TopicProvisioner(admin).ensure(topics, TopicLayout.local(2));
            publish(clients, topics, bodies);

            Process first = start(topics, warc);
            awaitCommitted(admin, topics, PAGES / 3, first);
            awaitOpenFile(warc, first);
            first.destroyForcibly(); // SIGKILL: no drain, no commit, the file left .open
            assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
            openAtKill = openFiles(warc);
            assertThat(openAtKill).as("it died in the middle of a file").hasSize(1);
            assertThat(committed(admin, topics)).as("killed before the end").isLessThan(PAGES);

            Process second = start(topics, warc);
            awaitCommitted(admin, topics, PAGES, second);
            second.destroy(); // SIGTERM: a clean stop finishes its file
            assertThat(second.waitFor(60, TimeUnit.SECONDS)).isTrue();
            // A JVM ended by SIGTERM exits 143 once its shutdown hooks (the graceful stop) have run.
            assertThat(second.exitValue()).as("a clean stop, %s", Files.readString(dir.resolve("archiver.log")))
                    .isIn(0, 143);
        }

        assertThat(openFiles(warc)).as("no file left open").isEmpty();
        String open = openAtKill.iterator().next();
        String recovered = open.substring(0, open.length() - WarcFile.OPEN.length());
        Map<String, List<String>> filesByUrl = new HashMap<>();
        for (Path file : finished(warc)) {
            assertThat(Files.exists(WarcFile.indexOf(file))).as("an index beside %s", file).isTrue();
            try (WarcReader reader = new WarcReader(file)) {
                for (WarcRecord record : reader) {
                    if (record instanceof WarcResponse r) {
                        byte[] payload = r.http().body().stream().readAllBytes();
                        assertThat(payload).as(r.target()).isEqualTo(bodies.get(r.target()));
                        filesByUrl.computeIfAbsent(r.target(), k -> new ArrayList<>())
                                .add(file.getFileName().toString());
                    }
                }
            }
        }
        assertThat(filesByUrl.keySet()).as("no record lost").isEqualTo(bodies.keySet());
        Set<String> repeated = new HashSet<>();
        filesByUrl.forEach((url, files) -> {
            if (files.size() > 1) {
                repeated.add(url);
                assertThat(files).as("%s is repeated only from the file open at the kill", url).contains(recovered);
                assertThat(files).hasSize(2);
            }
        });
        Set<String> inRecovered = new HashSet<>();
        filesByUrl.forEach((url, files) -> {
            if (files.contains(recovered)) {
                inRecovered.add(url);
            }
        });
        assertThat(inRecovered).containsAll(repeated);
    }

    private Set<String> openFiles(Path warc) throws IOException {
        Set<String> out = new HashSet<>();
        if (Files.isDirectory(warc)) {
            try (Stream<Path> files = Files.list(warc)) {
                files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(WarcFile.WARC + WarcFile.OPEN))
                        .forEach(out::add);
            }
        }
        return out;
    }

    /** Waits until the archiver is writing a file (it opens one at the first page after a rotation). */
    private void awaitOpenFile(Path warc, Process process) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (openFiles(warc).isEmpty()) {
            assertThat(process.isAlive()).as("the archiver runs").isTrue();
            assertThat(System.nanoTime()).as("a file open within a minute").isLessThan(deadline);
            TimeUnit.MILLISECONDS.sleep(5);
        }
    }

    private static List<Path> finished(Path warc) throws IOException {
        try (Stream<Path> files = Files.list(warc)) {
            return files.filter(p -> p.toString().endsWith(WarcFile.WARC)).sorted().toList();
        }
    }

    private static void publish(KafkaClients clients, CrawlTopics topics, Map<String, byte[]> bodies) throws Exception {
        Random random = new Random(16);
        try (KafkaProducer<String, byte[]> producer = clients.producer("crash-test")) {
            for (int i = 0; i < PAGES; i++) {
                String url = "http://127.0.0.1:8080/page/" + i;
                byte[] body = new byte[2048 + random.nextInt(4096)];
                random.nextBytes(body);
                bodies.put(url, body);
                String head = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: "
                        + body.length + "\r\n\r\n";
                Capture capture = new Capture("GET /page/" + i + " HTTP/1.1\r\nhost: 127.0.0.1:8080\r\n\r\n", head,
                        "127.0.0.1");
                FetchedPage page = new FetchedPage(SchemaVersions.PAGE, url, url, 200,
                        Map.of("content-type", "application/octet-stream"), "application/octet-stream", body,
                        Instant.now(), 3, 1, false, null, 0, false, false, false, null, capture);
                var sent = producer.send(new ProducerRecord<>(topics.pages(), "127.0.0.1:8080",
                        MessageCodec.get().encode(page)));
                if (i == 0) {
                    // The first one alone: a partition that was just created may refuse a burst of batches
                    // until its leader has the log (NOT_LEADER_OR_FOLLOWER), and the idempotent producer's
                    // retries of a burst can then fall out of the broker's five-batch window
                    // (OUT_OF_ORDER_SEQUENCE_NUMBER, retried until the delivery timeout).
                    sent.get(60, TimeUnit.SECONDS);
                }
            }
            producer.flush();
        }
    }

    /** Starts an archiver process (this test's class path) writing small files, so it rotates often. */
    private static Process start(CrawlTopics topics, Path warc) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                ArchiverMain.class.getName());
        Map<String, String> env = pb.environment();
        env.put("KCRAWL_ARCHIVER_BOOTSTRAP_SERVERS", SharedKafka.bootstrapServers());
        env.put("KCRAWL_ARCHIVER_CRAWL_NAME", topics.crawlName());
        env.put("KCRAWL_ARCHIVER_WARC_DIR", warc.toString());
        env.put("KCRAWL_ARCHIVER_METRICS_PORT", "0");
        env.put("KCRAWL_ARCHIVER_PARTITIONS", "2");
        env.put("KCRAWL_ARCHIVER_MAX_FILE_BYTES", Integer.toString(1024 * 1024));
        env.put("KCRAWL_ARCHIVER_WORKER_NAME", "crash-test");
        env.put("KCRAWL_ARCHIVER_MAX_PENDING", "32");
        env.put("KCRAWL_LOG_FORMAT", "text");
        // The killed archiver keeps its partitions until its group session lapses: at Kafka's 45 s default the
        // second one waited that long for them. The broker's minimum, as the process-level chaos tests run.
        env.put("KAFKA_SESSION_TIMEOUT_MS", "6000");
        env.put("KAFKA_HEARTBEAT_INTERVAL_MS", "1000");
        return pb.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(
                warc.resolveSibling("archiver.log").toFile())).start();
    }

    private static long committed(Admin admin, CrawlTopics topics) throws Exception {
        Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(topics.archiverGroup())
                .partitionsToOffsetAndMetadata().get(10, TimeUnit.SECONDS);
        return offsets.values().stream().filter(o -> o != null).mapToLong(OffsetAndMetadata::offset).sum();
    }

    private static void awaitCommitted(Admin admin, CrawlTopics topics, long atLeast, Process process)
            throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (committed(admin, topics) < atLeast) {
            assertThat(process.isAlive()).as("the archiver runs").isTrue();
            assertThat(System.nanoTime()).as("%d pages committed within 2 minutes", atLeast).isLessThan(deadline);
            TimeUnit.MILLISECONDS.sleep(20);
        }
    }
}
