package org.kcrawl.fetcher.seen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.message.SeenMarkers;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;

/** The RocksDB seen store restored through {@link SeenRestorer}: checkpoints, tails, fallbacks. */
class RocksSeenStoreTest {
    private static final String TOPIC = "crawl.seen";
    private static final TopicPartition TP = new TopicPartition(TOPIC, 0);
    /** When the live markers' fetches completed (epoch millis). */
    private static final long FETCHED = 1_764_417_600_000L;

    @TempDir
    Path dir;

    /** The seen partition as the broker holds it: offset → (fingerprint, marker or tombstone). */
    private final Map<Long, Object[]> log = new HashMap<>();
    /** The partition's end when offsets past its last record hold none a consumer sees (commit markers). */
    private long end;
    private RocksSeenStore store;
    private final SeenSet seen = new SeenSet();

    @AfterEach
    void close() {
        seen.close();
        if (store != null) {
            store.close();
        }
    }

    private void markers(long from, long to) {
        for (long o = from; o < to; o++) {
            log.put(o, new Object[] {fp(o), true});
        }
    }

    private static long fp(long offset) {
        return offset * 0x9E3779B97F4A7C15L;
    }

    /** A restorer over a fresh consumer that serves the whole log (from wherever it is sought to). */
    private SeenRestorer restorer() {
        if (store == null) {
            store = new RocksSeenStore(dir, TOPIC);
        }
        MockConsumer<String, byte[]> consumer = new MockConsumer<>("earliest");
        consumer.updateBeginningOffsets(new HashMap<>(Map.of(TP, 0L)));
        consumer.updateEndOffsets(new HashMap<>(Map.of(TP, Math.max(log.size(), end))));
        consumer.schedulePollTask(() -> log.forEach((offset, entry) -> consumer.addRecord(new ConsumerRecord<>(TOPIC,
                0, offset, SeenMarkers.key((long) entry[0]), (boolean) entry[1] ? SeenMarkers.value() : null))));
        return new SeenRestorer(consumer, TOPIC, new StoreView(), new RestoreBudget(Duration.ofSeconds(10), 1_000));
    }

    /** Restores partition 0 into the seen-set and returns the records the restore read. */
    private long restore() {
        SeenRestorer restorer = restorer();
        seen.restore(0, restorer.restore(List.of(0)).get(0));
        return restorer.recordsRead();
    }

    @Test
    void aRestoreFromTheCheckpointReadsOnlyTheTail() {
        markers(0, 5_000);
        assertThat(restore()).as("a new store reads the partition from the beginning").isEqualTo(5_000);
        seen.drop(List.of(0)); // revoked: the store keeps its data and checkpoint

        markers(5_000, 5_040); // what the next owner wrote meanwhile
        assertThat(restore()).as("reassigned: only the tail past the checkpoint").isEqualTo(40);

        assertThat(seen.isCompleted(0, fp(0))).isTrue();
        assertThat(seen.isCompleted(0, fp(4_999))).isTrue();
        assertThat(seen.isCompleted(0, fp(5_039))).isTrue();
        assertThat(seen.isCompleted(0, fp(5_040))).isFalse();
    }

    @Test
    void liveMarkersMoveTheCheckpointSoARewindReadsNothingAgain() {
        markers(0, 100);
        restore();
        for (long o = 100; o < 110; o++) {
            log.put(o, new Object[] {fp(o), true}); // the marker this worker sent...
            seen.completed(0, fp(o), FETCHED, o); // ...acknowledged at offset o
        }

        // A rewind: the worker loop revokes and reassigns the partition to itself.
        seen.drop(List.of(0));
        assertThat(restore()).as("every record up to the end is in the store already").isZero();
        assertThat(seen.isCompleted(0, fp(109))).isTrue();
    }

    @Test
    void fetchTimesSurviveInTheStoreSoRecrawlsAreJudgedAfterAReassignmentThatReadsNothing() {
        markers(0, 100);
        restore();
        java.time.Instant fetched = java.time.Instant.ofEpochMilli(FETCHED);
        for (long o = 100; o < 110; o++) {
            log.put(o, new Object[] {fp(o), true});
            seen.completed(0, fp(o), FETCHED, o);
        }
        seen.drop(List.of(0));
        assertThat(restore()).as("the times come from the store, not the topic").isZero();

        org.kcrawl.common.message.Revisit older = new org.kcrawl.common.message.Revisit(fetched.minusSeconds(60),
                null, null, null, 0);
        org.kcrawl.common.message.Revisit ofKept = new org.kcrawl.common.message.Revisit(fetched, null, null, null, 0);
        assertThat(seen.claim(0, fp(105), false, older)).as("fetched again after the fetch this copy names").isFalse();
        assertThat(seen.claim(0, fp(105), false, ofKept)).as("a recrawl of the fetch the store kept").isTrue();
        assertThat(seen.claim(0, fp(5), false, older))
                .as("a marker without a time (as old as can be) is due for any recrawl").isTrue();
    }

    /**
     * Exactly once, markers are applied when their transaction commits, and each transaction leaves a commit
     * marker after its last marker, which no consumer sees: the checkpoint moves over it as over a marker,
     * so a rewind (or a restart) reads nothing again. Without that it stopped at the first commit marker.
     */
    @Test
    void markersCommittedInTransactionsMoveTheCheckpointOverEachCommitMarker() {
        markers(0, 100);
        restore();
        // Two transactions: markers at 100-104 and their commit marker at 105; 106-108 and theirs at 109.
        for (long o = 100; o < 109; o++) {
            if (o == 105) {
                seen.transactionCommitted();
                continue;
            }
            log.put(o, new Object[] {fp(o), true});
            seen.completedInTransaction(0, fp(o), FETCHED, o);
        }
        seen.transactionCommitted();
        end = 110;

        seen.drop(List.of(0));
        assertThat(restore()).as("every record up to the end is in the store already").isZero();
        assertThat(seen.isCompleted(0, fp(108))).isTrue();
    }

    @Test
    void aRecordSomeoneElseWroteStopsTheCheckpointUntilARestoreReadsIt() {
        markers(0, 100);
        restore();
        seen.completed(0, fp(100), FETCHED, 100);
        log.put(100L, new Object[] {fp(100), true});
        log.put(101L, new Object[] {fp(5), false}); // an operator's tombstone: un-marks offset 5's URL
        log.put(102L, new Object[] {fp(102), true});
        seen.completed(0, fp(102), FETCHED, 102);

        seen.drop(List.of(0));
        assertThat(restore()).as("from the gap on, not from the beginning").isEqualTo(2);
        assertThat(seen.isCompleted(0, fp(5))).as("the tombstone was applied").isFalse();
        assertThat(seen.isCompleted(0, fp(102))).isTrue();
    }

    @Test
    void aCorruptStoreIsRebuiltFromTheTopic() throws IOException {
        markers(0, 3_000);
        restore();
        seen.drop(List.of(0));
        Path current = store.partitionDir(0).resolve("CURRENT");
        Files.writeString(current, "garbage\n", StandardCharsets.US_ASCII);

        assertThat(restore()).as("read again from the beginning").isEqualTo(3_000);
        assertThat(seen.isCompleted(0, fp(2_999))).isTrue();
    }

    @Test
    void aTruncatedTableFileIsRebuiltFromTheTopic() throws IOException {
        markers(0, 3_000);
        restore(); // the restore flushes its batches to a table file before it checkpoints
        seen.drop(List.of(0));
        try (Stream<Path> files = Files.list(store.partitionDir(0))) {
            Path sst = files.filter(f -> f.toString().endsWith(".sst")).findFirst().orElseThrow();
            try (var ch = java.nio.channels.FileChannel.open(sst, java.nio.file.StandardOpenOption.WRITE)) {
                ch.truncate(ch.size() / 2);
            }
        }

        assertThat(restore()).isEqualTo(3_000);
        assertThat(seen.isCompleted(0, fp(1_234))).isTrue();
    }

    @Test
    void aStoreWithoutACheckpointIsWipedNotTrusted() throws Exception {
        markers(0, 10);
        Path partition = new RocksSeenStore(dir, TOPIC).partitionDir(0);
        try (Options o = new Options().setCreateIfMissing(true); RocksDB db = RocksDB.open(o, partition.toString())) {
            db.put(key(fp(999)), new byte[0]); // a marker whose tombstone compaction may have dropped
        }

        assertThat(restore()).isEqualTo(10);
        assertThat(seen.isCompleted(0, fp(999))).isFalse();
        assertThat(seen.isCompleted(0, fp(9))).isTrue();
    }

    @Test
    void aCheckpointPastTheTopicsEndMeansANewTopic() {
        markers(0, 50);
        restore();
        seen.drop(List.of(0));
        log.clear(); // the topic was deleted and created again
        markers(0, 5);
        log.put(0L, new Object[] {42L, true});

        assertThat(restore()).isEqualTo(5);
        assertThat(seen.isCompleted(0, 42L)).isTrue();
        assertThat(seen.isCompleted(0, fp(30))).as("the old topic's markers are gone").isFalse();
    }

    @Test
    void aStoreInUseByAnotherWorkerIsRefusedNamingTheDirectory() {
        markers(0, 1);
        restore();
        try (RocksSeenStore other = new RocksSeenStore(dir, TOPIC)) {
            assertThatThrownBy(() -> other.open(0))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(store.partitionDir(0).toString())
                    .hasMessageContaining("seen_store_dir");
        }
    }

    @Test
    void aCheckpointNeverOutlivesTheMarkersBeforeIt() throws Exception {
        // A child JVM restores 20,000 markers and halts without closing anything: the checkpoint it wrote
        // must come with every marker before it (they were written without the log, then flushed).
        Path partition = dir.resolve("x-0");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), CrashingWriter.class.getName(), dir.toString())
                .inheritIO().start();
        assertThat(child.waitFor()).as("the child halts with 3 after its restore").isEqualTo(3);

        try (Options o = new Options(); RocksDB db = RocksDB.open(o, partition.toString())) {
            byte[] checkpoint = db.get("kcrawl.checkpoint".getBytes(StandardCharsets.US_ASCII));
            assertThat(java.nio.ByteBuffer.wrap(checkpoint).getLong()).isEqualTo(CrashingWriter.RESTORED + 1_000);
            for (long o2 = 0; o2 < CrashingWriter.RESTORED + 1_000; o2++) {
                assertThat(db.get(key(fp(o2)))).as("marker of offset %d", o2).isNotNull();
            }
        }
    }

    static byte[] key(long fingerprint) {
        return java.nio.ByteBuffer.allocate(Long.BYTES).putLong(fingerprint).array();
    }

    /** Writes a restore and live markers into one store, then halts as a crash would. */
    static final class CrashingWriter {
        static final long RESTORED = 20_000;

        public static void main(String[] args) throws Exception {
            CompletedSet set = new RocksSeenStore(Path.of(args[0]), "x").open(0);
            for (long o = 0; o < RESTORED; o++) {
                set.add(fp(o), FetchTimes.ofMillis(1_700_000_000_000L), -1);
            }
            set.caughtUp(RESTORED);
            for (long o = RESTORED; o < RESTORED + 1_500; o++) {
                set.add(fp(o), FetchTimes.ofMillis(1_700_000_000_000L), o); // live: a checkpoint every 1,000
            }
            Runtime.getRuntime().halt(3);
        }
    }

    /** The store under test, seen through the interface the restorer uses. */
    private final class StoreView implements SeenStore {
        @Override
        public CompletedSet open(int partition) {
            return store.open(partition);
        }

        @Override
        public CompletedSet reset(int partition, CompletedSet current) {
            return store.reset(partition, current);
        }
    }
}
