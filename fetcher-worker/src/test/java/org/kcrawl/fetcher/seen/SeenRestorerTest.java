package org.kcrawl.fetcher.seen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.SeenMarkers;

class SeenRestorerTest {
    private static final String TOPIC = "crawl.seen";

    private final MockConsumer<String, byte[]> consumer = new MockConsumer<>("earliest");

    private void offsets(int partition, long begin, long end) {
        TopicPartition tp = new TopicPartition(TOPIC, partition);
        consumer.updateBeginningOffsets(new HashMap<>(Map.of(tp, begin)));
        consumer.updateEndOffsets(new HashMap<>(Map.of(tp, end)));
    }

    private void record(int partition, long offset, String key, byte[] value) {
        consumer.schedulePollTask(() -> consumer.addRecord(new ConsumerRecord<>(TOPIC, partition, offset, key, value)));
    }

    @Test
    void readsEachPartitionFromTheBeginningToItsEnd() {
        offsets(0, 0, 3);
        offsets(1, 5, 6);
        record(0, 0, SeenMarkers.key(1), SeenMarkers.value());
        record(0, 1, SeenMarkers.key(2), SeenMarkers.value());
        record(1, 5, SeenMarkers.key(9), SeenMarkers.value());
        record(0, 2, SeenMarkers.key(1), null); // a tombstone un-marks 1
        SeenRestorer restorer = new SeenRestorer(consumer, TOPIC, new HeapSeenStore(), new RestoreBudget(Duration.ofSeconds(5), 1_000));

        Map<Integer, CompletedSet> restored = restorer.restore(List.of(0, 1));

        assertThat(contents(restored.get(0), 1, 2)).containsExactly(2L);
        assertThat(restored.get(0).size()).isEqualTo(1);
        assertThat(contents(restored.get(1), 9)).containsExactly(9L);
        assertThat(consumer.assignment()).as("the restorer leaves no partition assigned").isEmpty();
        assertThat(consumer.subscription()).as("never joins a group").isEmpty();
    }

    @Test
    void anEmptyPartitionRestoresEmptyWithoutPolling() {
        offsets(3, 0, 0);
        SeenRestorer restorer = new SeenRestorer(consumer, TOPIC, new HeapSeenStore(), new RestoreBudget(Duration.ofSeconds(5), 1_000));

        assertThat(restorer.restore(List.of(3)).get(3).size()).isZero();
        assertThat(restorer.recordsRead()).isZero();
    }

    @Test
    void malformedKeysAreSkipped() {
        offsets(0, 0, 2);
        record(0, 0, "not-a-fingerprint", SeenMarkers.value());
        record(0, 1, SeenMarkers.key(77), SeenMarkers.value());

        Map<Integer, CompletedSet> restored = new SeenRestorer(consumer, TOPIC, new HeapSeenStore(), new RestoreBudget(Duration.ofSeconds(5), 1_000))
                .restore(List.of(0));

        assertThat(restored.get(0).size()).isEqualTo(1);
        assertThat(restored.get(0).contains(77L)).isTrue();
    }

    @Test
    void failsLoudlyWhenTheEndCannotBeReached() {
        offsets(0, 0, 10);
        record(0, 0, SeenMarkers.key(1), SeenMarkers.value());
        SeenRestorer restorer = new SeenRestorer(consumer, TOPIC, new HeapSeenStore(),
                new RestoreBudget(Duration.ofMillis(300), 1_000_000));

        assertThatThrownBy(() -> restorer.restore(List.of(0)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("did not reach the end")
                .hasMessageContaining(TOPIC + "-0")
                .hasMessageContaining("seen_restore_timeout");
    }

    @Test
    void exactlyOnceItReadsOnWhileTheLastCommitOfThePartitionsPreviousOwnerIsBeingWritten() {
        // Committed to 2 when the restore starts; the previous owner's last commit (offsets 2 and 3) has its
        // markers written two polls later, and the restore must read its seen markers.
        offsets(0, 0, 2);
        record(0, 0, SeenMarkers.key(1), SeenMarkers.value());
        record(0, 1, SeenMarkers.key(2), SeenMarkers.value());
        consumer.schedulePollTask(() -> { });
        consumer.schedulePollTask(() -> {
            consumer.addRecord(new ConsumerRecord<>(TOPIC, 0, 2, SeenMarkers.key(3), SeenMarkers.value()));
            consumer.addRecord(new ConsumerRecord<>(TOPIC, 0, 3, SeenMarkers.key(4), SeenMarkers.value()));
            consumer.updateEndOffsets(new HashMap<>(Map.of(new TopicPartition(TOPIC, 0), 4L)));
        });
        AtomicInteger asked = new AtomicInteger();
        // Being committed until the markers are in (the fourth poll).
        CommittingTransactions committing = tps -> consumer.position(new TopicPartition(TOPIC, 0)) < 4
                && asked.incrementAndGet() > 0 ? Set.copyOf(tps) : Set.of();
        SeenRestorer restorer = new SeenRestorer(consumer, committing, TOPIC, new HeapSeenStore(),
                new RestoreBudget(Duration.ofSeconds(5), 1_000), Duration.ofSeconds(5));
        AtomicInteger between = new AtomicInteger();
        restorer.betweenReads(between::incrementAndGet);

        assertThat(contents(restorer.restore(List.of(0)).get(0), 1, 2, 3, 4)).containsExactly(1L, 2L, 3L, 4L);
        assertThat(asked).as("it asked while the commit was under way").hasPositiveValue();
        // The fetcher's loop ends its output transaction there, while the restore holds its thread.
        assertThat(between).as("the hook run after each of the four reads").hasValueGreaterThanOrEqualTo(4);
    }

    @Test
    void aCommitThatFinishesWhileThePartitionIsReadIsReadToo() {
        // The previous owner's last commit is under way when the restore asks for the ends (2), and done by
        // the time it asks whether anything is being committed: its markers (2 and 3) lie past the ends asked.
        offsets(0, 0, 2);
        record(0, 0, SeenMarkers.key(1), SeenMarkers.value());
        consumer.schedulePollTask(() -> consumer.addRecord(
                new ConsumerRecord<>(TOPIC, 0, 1, SeenMarkers.key(2), SeenMarkers.value())));
        CommittingTransactions doneMeanwhile = tps -> {
            consumer.schedulePollTask(() -> {
                consumer.addRecord(new ConsumerRecord<>(TOPIC, 0, 2, SeenMarkers.key(3), SeenMarkers.value()));
                consumer.addRecord(new ConsumerRecord<>(TOPIC, 0, 3, SeenMarkers.key(4), SeenMarkers.value()));
            });
            consumer.updateEndOffsets(new HashMap<>(Map.of(new TopicPartition(TOPIC, 0), 4L)));
            return Set.of();
        };
        SeenRestorer restorer = new SeenRestorer(consumer, doneMeanwhile, TOPIC, new HeapSeenStore(),
                new RestoreBudget(Duration.ofSeconds(5), 1_000), Duration.ofSeconds(5));

        assertThat(contents(restorer.restore(List.of(0)).get(0), 1, 2, 3, 4)).containsExactly(1L, 2L, 3L, 4L);
    }

    @Test
    void aTransactionLeftOpenIsNotWaitedForAndACommitThatNeverEndsOnlyForTheLimit() {
        offsets(0, 0, 1);
        record(0, 0, SeenMarkers.key(1), SeenMarkers.value());
        long started = System.nanoTime();
        Map<Integer, CompletedSet> restored = new SeenRestorer(consumer, tps -> Set.of(), TOPIC, new HeapSeenStore(),
                new RestoreBudget(Duration.ofSeconds(5), 1_000), Duration.ofSeconds(5)).restore(List.of(0));
        assertThat(contents(restored.get(0), 1)).containsExactly(1L);
        assertThat(Duration.ofNanos(System.nanoTime() - started)).as("nothing being committed: no wait")
                .isLessThan(Duration.ofSeconds(2));

        MockConsumer<String, byte[]> second = new MockConsumer<>("earliest");
        second.updateBeginningOffsets(new HashMap<>(Map.of(new TopicPartition(TOPIC, 0), 0L)));
        second.updateEndOffsets(new HashMap<>(Map.of(new TopicPartition(TOPIC, 0), 0L)));
        started = System.nanoTime();
        new SeenRestorer(second, tps -> Set.copyOf(tps), TOPIC, new HeapSeenStore(),
                new RestoreBudget(Duration.ofSeconds(5), 1_000), Duration.ofMillis(600)).restore(List.of(0));
        assertThat(Duration.ofNanos(System.nanoTime() - started)).as("a commit that never ends: waited the limit")
                .isGreaterThanOrEqualTo(Duration.ofMillis(600)).isLessThan(Duration.ofSeconds(4));
    }

    @Test
    void aPartitionsBudgetGrowsWithTheRecordsItMustRead() {
        RestoreBudget budget = new RestoreBudget(Duration.ofSeconds(30), 100_000);

        assertThat(budget.forRecords(0)).isEqualTo(Duration.ofSeconds(30));
        assertThat(budget.forRecords(20_000_000)).isEqualTo(Duration.ofSeconds(230));
    }

    private static List<Long> contents(CompletedSet set, long... candidates) {
        return java.util.Arrays.stream(candidates).filter(set::contains).boxed().toList();
    }
}
