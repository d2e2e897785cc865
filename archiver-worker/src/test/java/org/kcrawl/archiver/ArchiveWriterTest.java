package org.kcrawl.archiver;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.message.FetchedPage;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.Warcinfo;

/** The writer thread: records synced before a page completes, files rotated at the size cap and finished on stop. */
class ArchiveWriterTest {
    private static final TopicPartition TP = new TopicPartition("pages", 0);

    @TempDir
    Path dir;

    @Test
    void filesRotateAtTheCapAndAreAllFinishedOnStop() throws Exception {
        ArchiverConfig config = config(ArchiverSettings.MIN_FILE_BYTES);
        ArchiverMetrics metrics = new ArchiverMetrics(new SimpleMeterRegistry());
        ArchiveWriter writer = new ArchiveWriter(config, metrics, WarcRecords.IdSource.RANDOM);
        writer.start();
        List<CompletableFuture<Void>> done = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            // As the poll loop does: a page's offset is committed once its stage completes.
            long next = i + 1;
            done.add(writer.submit(page(i), TP, i)
                    .whenComplete((v, e) -> writer.commits().committed(Map.of(TP, new OffsetAndMetadata(next)))));
        }
        CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
        assertThat(metrics.pagesArchived()).as("counted once synced").isEqualTo(40);
        writer.stop(30_000);

        List<Path> files;
        try (Stream<Path> all = Files.list(dir)) {
            files = all.filter(p -> p.toString().endsWith(WarcFile.WARC)).sorted().toList();
        }
        try (Stream<Path> all = Files.list(dir)) {
            assertThat(all.map(Path::toString)).noneMatch(n -> n.endsWith(WarcFile.OPEN));
        }
        // 40 pages of 4 KB of noise: about 160 KB, so at 64 KiB a file there are at least 3.
        assertThat(files).hasSizeGreaterThanOrEqualTo(3);
        assertThat(metrics.filesFinished()).isEqualTo(files.size());
        List<String> urls = new ArrayList<>();
        for (int f = 0; f < files.size(); f++) {
            Path file = files.get(f);
            assertThat(file.getFileName().toString()).matches("test-\\d{17}-" + String.format("%05d", f) + "-w1\\.warc\\.gz");
            try (WarcReader reader = new WarcReader(file)) {
                WarcRecord first = reader.next().orElseThrow();
                assertThat(first).as("every file opens with its warcinfo").isInstanceOf(Warcinfo.class);
                assertThat(((Warcinfo) first).filename()).contains(file.getFileName().toString());
                assertThat(((Warcinfo) first).fields().first("isPartOf")).contains("archtest");
            }
            if (f < files.size() - 1) {
                assertThat(Files.size(file)).as("only the last file is below the cap")
                        .isGreaterThanOrEqualTo(ArchiverSettings.MIN_FILE_BYTES);
            }
            urls.addAll(OrphanRecoveryTest.urls(file));
            OrphanRecoveryTest.assertIndexPointsAtItsRecords(file, OrphanRecoveryTest.urls(file).size());
        }
        assertThat(urls).hasSize(40).doesNotHaveDuplicates();
    }

    @Test
    void aPageSubmittedWhileStoppingFailsSoItsOffsetIsNotCommitted() throws Exception {
        ArchiveWriter writer = new ArchiveWriter(config(ArchiverConfig.defaults().maxFileBytes()),
                new ArchiverMetrics(new SimpleMeterRegistry()), WarcRecords.IdSource.RANDOM);
        writer.start();
        writer.submit(page(0), TP, 0).get(30, TimeUnit.SECONDS);
        writer.stop(30_000);

        assertThat(writer.submit(page(1), TP, 1)).isCompletedExceptionally();
    }

    /**
     * A full file stays open until the offsets of its pages are committed: finished earlier, an archiver
     * killed before the commit would archive those pages again in another file.
     */
    @Test
    void aFullFileIsFinishedOnlyOnceItsPagesOffsetsAreCommitted() throws Exception {
        ArchiveWriter writer = new ArchiveWriter(config(ArchiverSettings.MIN_FILE_BYTES),
                new ArchiverMetrics(new SimpleMeterRegistry()), WarcRecords.IdSource.RANDOM);
        writer.start();
        TopicPartition other = new TopicPartition("pages", 1);
        // Pages alternate between two partitions, each synced before the next is sent, until the file is
        // full: then the writer holds it, and the next page waits in the queue.
        long[] next = new long[2];
        CompletableFuture<Void> waiting = null;
        for (int i = 0; i < 40 && waiting == null; i++) {
            int p = i % 2;
            CompletableFuture<Void> done = writer.submit(page(i), p == 0 ? TP : other, next[p]);
            try {
                done.get(5, TimeUnit.SECONDS);
                next[p]++;
            } catch (TimeoutException e) {
                waiting = done;
            }
        }
        assertThat(waiting).as("the writer holds a full file (64 KiB: about 15 pages of 4 KB of noise)").isNotNull();
        assertThat(finished()).as("synced, full, but nothing committed yet").isEmpty();

        writer.commits().committed(Map.of(TP, new OffsetAndMetadata(next[0]), other, new OffsetAndMetadata(next[1] - 1)));
        assertThat(waiting).as("still held for the last page of the other partition")
                .failsWithin(Duration.ofMillis(300));
        assertThat(finished()).isEmpty();

        writer.commits().released(List.of(other)); // revoked: its next owner redoes it whatever this one does
        waiting.get(30, TimeUnit.SECONDS);
        assertThat(finished()).as("finished once every partition in it is committed or gone").hasSize(1);
        writer.stop(30_000);
    }

    private List<Path> finished() throws Exception {
        try (Stream<Path> all = Files.list(dir)) {
            return all.filter(p -> p.toString().endsWith(WarcFile.WARC)).toList();
        }
    }

    private ArchiverConfig config(long maxFileBytes) {
        return new ArchiverConfig("archtest", "127.0.0.1:9", 1, (short) 1, 0, Duration.ofSeconds(5), dir.toString(),
                "test", maxFileBytes, "w1", Duration.ofMillis(200), 64, true);
    }

    private static FetchedPage page(int i) {
        byte[] body = new byte[4096];
        new Random(i).nextBytes(body);
        return Pages.page("http://127.0.0.1:8080/p" + i, 200, body,
                "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 4096\r\n\r\n", false,
                null, Map.of("content-type", "application/octet-stream"));
    }
}
