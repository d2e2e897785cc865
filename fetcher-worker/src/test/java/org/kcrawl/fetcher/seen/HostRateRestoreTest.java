package org.kcrawl.fetcher.seen;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.LearnedHostRate;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.SchemaVersions;
import org.kcrawl.http.politeness.HostRate;

/**
 * What a restore takes from the compacted host-rates topic: the last rate of each host, a tombstone
 * forgetting it, anything unreadable skipped and counted, handed on when the restore ends.
 */
class HostRateRestoreTest {
    private static final String TOPIC = "crawl.host-rates";
    private static final Instant LEARNED = Instant.parse("2026-12-06T20:00:00Z");

    private final List<Collection<HostRate>> handedOn = new ArrayList<>();
    private final HostRateRestore restore = new HostRateRestore(TOPIC, handedOn::add);
    private long offset;

    private ConsumerRecord<String, byte[]> record(int partition, String key, byte[] value) {
        return new ConsumerRecord<>(TOPIC, partition, offset++, key, value);
    }

    private static byte[] rate(String host, double rate, double refusedAt) {
        return MessageCodec.get().encode(new LearnedHostRate(SchemaVersions.CURRENT, host, rate, refusedAt, LEARNED));
    }

    @Test
    void readsTheHostRatesPartitionsOfTheAssignedUrlsPartitions() {
        assertThat(restore.partitions(List.of(0, 3))).containsExactly(new TopicPartition(TOPIC, 0),
                new TopicPartition(TOPIC, 3));
        assertThat(restore.reads(new TopicPartition(TOPIC, 7))).isTrue();
        assertThat(restore.reads(new TopicPartition("crawl.seen", 0))).isFalse();
        assertThat(restore.reads("crawl.seen")).isFalse();
    }

    @Test
    void theLastRateOfEachHostWinsAndComesBackLimitedInItsPartition() {
        assertThat(restore.apply(record(1, "a.test", rate("a.test", 8, 12)))).isZero();
        assertThat(restore.apply(record(2, "b.test", rate("b.test", 3, 4)))).isZero();
        assertThat(restore.apply(record(1, "a.test", rate("a.test", 5, 9)))).isZero();

        restore.finish();

        assertThat(handedOn).hasSize(1);
        assertThat(handedOn.get(0)).containsExactlyInAnyOrder(new HostRate("a.test", 1, 5, 9, true),
                new HostRate("b.test", 2, 3, 4, true));
    }

    @Test
    void aTombstoneForgetsTheHostsRate() {
        restore.apply(record(1, "a.test", rate("a.test", 8, 12)));
        assertThat(restore.apply(record(1, "a.test", null))).isZero();
        assertThat(restore.apply(record(1, "never.test", null))).as("a tombstone of a host not seen").isZero();

        restore.finish();

        assertThat(handedOn.get(0)).isEmpty();
    }

    @Test
    void aRecordThatCannotBeReadIsSkippedAndCountedAndCostsOnlyItsHostsRate() {
        restore.apply(record(0, "a.test", rate("a.test", 8, 12)));

        assertThat(restore.apply(record(0, null, rate("x.test", 1, 2)))).as("no key").isOne();
        assertThat(restore.apply(record(0, "b.test", rate("c.test", 1, 2)))).as("a key that is not its host")
                .isOne();
        assertThat(restore.apply(record(0, "d.test", "not json".getBytes(StandardCharsets.UTF_8)))).isOne();
        assertThat(restore.apply(record(0, "e.test",
                "{\"v\":1,\"host\":\"e.test\",\"rate\":-1,\"refused_at\":0,\"learned_at\":\"2026-12-06T20:00:00Z\"}"
                        .getBytes(StandardCharsets.UTF_8)))).as("a rate that is no rate").isOne();
        assertThat(restore.apply(record(0, "a.test", "garbage".getBytes(StandardCharsets.UTF_8))))
                .as("a bad record after a good one").isOne();

        restore.finish();

        assertThat(handedOn.get(0)).as("the good rate stays: a bad record is no tombstone")
                .containsExactly(new HostRate("a.test", 0, 8, 12, true));
    }

    @Test
    void eachRestoreStartsEmpty() {
        restore.apply(record(0, "a.test", rate("a.test", 8, 12)));
        restore.finish();
        restore.finish();

        assertThat(handedOn).hasSize(2);
        assertThat(handedOn.get(1)).isEmpty();
    }
}
