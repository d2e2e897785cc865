package org.kcrawl.fetcher.seen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

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
        SeenRestorer restorer = new SeenRestorer(consumer, TOPIC, Duration.ofSeconds(5));

        Map<Integer, Long2IntOpenHashMap> restored = restorer.restore(List.of(0, 1));

        assertThat(restored.get(0).keySet()).containsExactly(2L);
        assertThat(restored.get(1).keySet()).containsExactly(9L);
        assertThat(consumer.assignment()).as("the restorer leaves no partition assigned").isEmpty();
        assertThat(consumer.subscription()).as("never joins a group").isEmpty();
    }

    @Test
    void anEmptyPartitionRestoresEmptyWithoutPolling() {
        offsets(3, 0, 0);
        SeenRestorer restorer = new SeenRestorer(consumer, TOPIC, Duration.ofSeconds(5));

        assertThat(restorer.restore(List.of(3)).get(3)).isEmpty();
    }

    @Test
    void malformedKeysAreSkipped() {
        offsets(0, 0, 2);
        record(0, 0, "not-a-fingerprint", SeenMarkers.value());
        record(0, 1, SeenMarkers.key(77), SeenMarkers.value());

        Map<Integer, Long2IntOpenHashMap> restored = new SeenRestorer(consumer, TOPIC, Duration.ofSeconds(5))
                .restore(List.of(0));

        assertThat(restored.get(0).keySet()).containsExactly(77L);
    }

    @Test
    void failsLoudlyWhenTheEndCannotBeReached() {
        offsets(0, 0, 10);
        record(0, 0, SeenMarkers.key(1), SeenMarkers.value());
        SeenRestorer restorer = new SeenRestorer(consumer, TOPIC, Duration.ofMillis(300));

        assertThatThrownBy(() -> restorer.restore(List.of(0)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("did not reach the end");
    }
}
