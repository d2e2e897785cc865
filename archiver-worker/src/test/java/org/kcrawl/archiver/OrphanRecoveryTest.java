package org.kcrawl.archiver;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.MessageCodec;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;

/**
 * Files left {@code .open} by an archiver that died: cut after their last whole gzip member, indexed,
 * renamed; a file with no whole record deleted; a file a live archiver holds left alone.
 */
class OrphanRecoveryTest {
    /** Files created beside a recovery that runs over and over: enough that an unlocked instant is met. */
    private static final int FILES_CREATED = 500;
    private static final java.net.URI WARCINFO = java.net.URI.create("urn:uuid:00000000-0000-0000-0000-000000000000");

    @TempDir
    Path dir;

    @Test
    void anOrphanIsCutAfterItsLastWholeRecordIndexedAndRenamed() throws Exception {
        long whole = writeOpen("orphan", 3);
        Path open = dir.resolve("orphan.warc.gz.open");
        byte[] member = firstMemberOf(open);
        try (FileChannel ch = FileChannel.open(open, StandardOpenOption.APPEND)) {
            ch.write(java.nio.ByteBuffer.wrap(member, 0, member.length / 2)); // a record half written
        }
        assertThat(GzipMembers.wholeLength(open)).isEqualTo(whole);

        assertThat(OrphanRecovery.recover(dir, true)).isEqualTo(1);

        Path finished = dir.resolve("orphan.warc.gz");
        assertThat(open).doesNotExist();
        assertThat(Files.size(finished)).isEqualTo(whole);
        assertThat(urls(finished)).containsExactly("http://127.0.0.1:8080/p0", "http://127.0.0.1:8080/p1",
                "http://127.0.0.1:8080/p2");
        assertIndexPointsAtItsRecords(finished, 3);
    }

    @Test
    void aLastMemberWithABadChecksumIsDropped() throws Exception {
        writeOpen("bad", 2);
        Path open = dir.resolve("bad.warc.gz.open");
        long size = Files.size(open);
        try (FileChannel ch = FileChannel.open(open, StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.wrap(new byte[] {0}), size - 6); // inside the CRC-32 of the trailer
        }
        long cut = GzipMembers.wholeLength(open);
        assertThat(cut).isLessThan(size);

        OrphanRecovery.recover(dir, true);

        assertThat(urls(dir.resolve("bad.warc.gz"))).containsExactly("http://127.0.0.1:8080/p0");
    }

    @Test
    void aFileWithoutAWholeRecordIsDeleted() throws Exception {
        Path open = dir.resolve("empty.warc.gz.open");
        Files.write(open, new byte[] {0x1f, (byte) 0x8b, 8, 0, 0});

        assertThat(OrphanRecovery.recover(dir, true)).isZero();

        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left).isEmpty();
        }
    }

    /**
     * An orphan whose gzip members are whole but do not hold WARC records cannot be indexed: it is set aside and
     * the other orphans are recovered. Before, the exception failed the start, and every start after it.
     */
    @Test
    void anOrphanThatCannotBeIndexedIsSetAsideAndTheStartGoesOn() throws Exception {
        writeOpen("good", 2);
        Path bad = dir.resolve("bad.warc.gz.open");
        try (java.util.zip.GZIPOutputStream gz = new java.util.zip.GZIPOutputStream(Files.newOutputStream(bad))) {
            gz.write("WARC/1.1\r\nthis is no WARC header\r\n\r\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        assertThat(GzipMembers.wholeLength(bad)).as("a whole member").isEqualTo(Files.size(bad));

        assertThat(OrphanRecovery.recover(dir, true)).isEqualTo(1);

        assertThat(urls(dir.resolve("good.warc.gz"))).hasSize(2);
        assertThat(bad).doesNotExist();
        assertThat(dir.resolve("bad.warc.gz" + OrphanRecovery.UNREADABLE)).exists();
        assertThat(dir.resolve("bad.warc.gz")).doesNotExist();
    }

    /**
     * An archiver creates files while another, starting on the same directory, recovers orphans over and over:
     * no file being created is taken for an empty orphan and deleted under its writer. Before, a new file had
     * its {@code .open} name before its lock, and the recovery deleted some of them.
     */
    @Test
    void aFileBeingCreatedIsNeverTakenForAnOrphan() throws Exception {
        java.util.concurrent.atomic.AtomicBoolean creating = new java.util.concurrent.atomic.AtomicBoolean(true);
        java.util.concurrent.atomic.AtomicReference<Throwable> recoveryFailed = new java.util.concurrent.atomic.AtomicReference<>();
        Thread recovery = new Thread(() -> {
            while (creating.get()) {
                try {
                    OrphanRecovery.recover(dir, false);
                } catch (IOException | RuntimeException e) {
                    recoveryFailed.compareAndSet(null, e);
                }
            }
        }, "recovery");
        recovery.start();
        List<String> failures = new ArrayList<>();
        try {
            for (int i = 0; i < FILES_CREATED; i++) {
                Path finished = dir.resolve("f" + i + WarcFile.WARC);
                try (WarcFile file = WarcFile.create(dir, "f" + i, false)) {
                    file.write(WarcRecords.of(page(i % 7), WARCINFO, WarcRecordsTest.counter()).get(1));
                    file.finish();
                    Files.delete(finished); // keeps the directory the recovery lists small
                } catch (IOException | RuntimeException e) {
                    failures.add("f" + i + ": " + e);
                }
            }
        } finally {
            creating.set(false);
            recovery.join();
        }
        assertThat(failures).as("files that could not be created, written, finished or found finished").isEmpty();
        assertThat(recoveryFailed.get()).isNull();
    }

    @Test
    void aFileALiveArchiverHoldsIsLeftAlone() throws Exception {
        try (WarcFile live = WarcFile.create(dir, "live", true)) {
            live.write(WarcRecords.of(page(0), WARCINFO, WarcRecordsTest.counter()).get(1));
            live.sync();

            assertThat(OrphanRecovery.recover(dir, true)).isZero();

            assertThat(dir.resolve("live.warc.gz.open")).exists();
            assertThat(dir.resolve("live.warc.gz")).doesNotExist();
        }
    }

    /** Writes {@code pages} pages' records to {@code NAME.warc.gz.open}, syncs and closes it unfinished. */
    private long writeOpen(String name, int pages) throws IOException {
        WarcFile file = WarcFile.create(dir, name, true);
        for (int i = 0; i < pages; i++) {
            for (WarcRecord r : WarcRecords.of(page(i), WARCINFO, WarcRecordsTest.counter())) {
                file.write(r);
            }
        }
        file.sync();
        long size = file.size();
        file.close();
        return size;
    }

    private static FetchedPage page(int i) {
        byte[] body = new byte[3000];
        new Random(i).nextBytes(body);
        return Pages.page("http://127.0.0.1:8080/p" + i, 200, body,
                "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 3000\r\n\r\n", false,
                null, Map.of("content-type", "application/octet-stream"));
    }

    private static byte[] firstMemberOf(Path file) throws IOException {
        WarcFile f = WarcFile.create(file.getParent(), "one", false);
        f.write(WarcRecords.of(page(9), WARCINFO, WarcRecordsTest.counter()).get(1));
        f.close();
        Path written = file.resolveSibling("one.warc.gz.open");
        byte[] bytes = Files.readAllBytes(written);
        Files.delete(written);
        return bytes;
    }

    static List<String> urls(Path warc) throws IOException {
        List<String> out = new ArrayList<>();
        try (WarcReader reader = new WarcReader(warc)) {
            for (WarcRecord r : reader) {
                if (r instanceof WarcResponse response) {
                    out.add(response.target());
                }
            }
        }
        return out;
    }

    /** Every line of the index names the file and the offset and length of a response to its URL. */
    static void assertIndexPointsAtItsRecords(Path warc, int expected) throws IOException {
        List<String> lines = Files.readAllLines(WarcFile.indexOf(warc));
        assertThat(lines).hasSize(expected);
        assertThat(lines).isSorted();
        for (String line : lines) {
            JsonNode json = MessageCodec.get().readTree(line.substring(line.indexOf('{'))
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8));
            assertThat(json.get("filename").asText()).isEqualTo(warc.getFileName().toString());
            long offset = json.get("offset").asLong();
            long length = json.get("length").asLong();
            try (FileChannel ch = FileChannel.open(warc)) {
                ch.position(offset);
                java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate((int) length);
                while (buf.hasRemaining() && ch.read(buf) > 0) { }
                try (WarcReader reader = new WarcReader(new java.io.ByteArrayInputStream(buf.array()))) {
                    WarcRecord r = reader.next().orElseThrow();
                    assertThat(r.type()).isIn("response", "revisit");
                    assertThat(((org.netpreserve.jwarc.WarcTargetRecord) r).target()).isEqualTo(json.get("url").asText());
                    assertThat(reader.next()).as("the length covers exactly one record").isEmpty();
                }
            }
            assertThat(line).startsWith(org.netpreserve.jwarc.URIs.toNormalizedSurt(json.get("url").asText()) + " ");
        }
    }
}
