package org.kcrawl.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.kcrawl.cli.io.LineOutput;
import org.kcrawl.cli.io.OutputWriteException;

/** The tail's reading rules, on a consumer without a broker. */
class TopicTailTest {
    private static final String TOPIC = "news.records";
    private static final TopicPartition P0 = new TopicPartition(TOPIC, 0);
    private static final TopicPartition P1 = new TopicPartition(TOPIC, 1);
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final MockConsumer<String, byte[]> consumer = new MockConsumer<>("earliest");
    private final ByteArrayOutputStream text = new ByteArrayOutputStream();
    private final AtomicLong clock = new AtomicLong();

    TopicTailTest() {
        consumer.assign(List.of(P0, P1));
        consumer.updateBeginningOffsets(Map.of(P0, 0L, P1, 0L));
    }

    @Test
    void withoutFollowItPrintsWhatTheTopicHeldAtTheStartAndReturns() throws OutputWriteException {
        consumer.updateEndOffsets(Map.of(P0, 2L, P1, 1L));
        add(P0, 0);
        add(P0, 1);
        add(P1, 0);
        add(P0, 2); // produced after the end offsets were read: not asked for

        long printed = tail(false, false, 0).run();

        assertThat(printed).isEqualTo(3);
        assertThat(lines()).containsExactlyInAnyOrder("news.records-0@0", "news.records-0@1", "news.records-1@0");
        assertThat(consumer.paused()).containsExactlyInAnyOrder(P0, P1);
    }

    @Test
    void anEmptyTopicEndsAtOnce() throws OutputWriteException {
        consumer.updateEndOffsets(Map.of(P0, 0L, P1, 0L));

        assertThat(tail(false, false, 0).run()).isZero();
        assertThat(text.size()).isZero();
    }

    @Test
    void maxStopsAfterThatManyLines() throws OutputWriteException {
        consumer.updateEndOffsets(Map.of(P0, 5L, P1, 0L));
        for (int i = 0; i < 5; i++) {
            add(P0, i);
        }

        assertThat(tail(false, false, 2).run()).isEqualTo(2);
        assertThat(lines()).containsExactly("news.records-0@0", "news.records-0@1");
    }

    @Test
    void followingStartsAtTheEndAndPrintsWhatArrives() throws OutputWriteException {
        consumer.updateEndOffsets(Map.of(P0, 2L, P1, 0L));
        add(P0, 0);
        add(P0, 1);
        consumer.schedulePollTask(() -> add(P1, 0));

        assertThat(tail(false, true, 1).run()).isEqualTo(1);
        assertThat(lines()).containsExactly("news.records-1@0");
    }

    @Test
    void followingFromTheBeginningPrintsTheOldMessagesFirst() throws OutputWriteException {
        consumer.updateEndOffsets(Map.of(P0, 2L, P1, 0L));
        add(P0, 0);
        add(P0, 1);
        consumer.schedulePollTask(() -> add(P0, 2));

        assertThat(tail(true, true, 3).run()).isEqualTo(3);
        assertThat(lines()).containsExactly("news.records-0@0", "news.records-0@1", "news.records-0@2");
    }

    @Test
    void stopEndsAFollowingTail() {
        consumer.updateEndOffsets(Map.of(P0, 0L, P1, 0L));
        TopicTail tail = tail(false, true, 0);
        consumer.schedulePollTask(() -> add(P0, 0));
        consumer.schedulePollTask(tail::stop);

        long printed = assertTimeoutPreemptively(Duration.ofSeconds(10), tail::run);

        assertThat(printed).isEqualTo(1);
    }

    @Test
    void aClosedOutputEndsAFollowingTailWithTheReaderGone() {
        consumer.updateEndOffsets(Map.of(P0, 0L, P1, 0L));
        consumer.schedulePollTask(() -> add(P0, 0));
        LineOutput closedPipe = LineOutput.pipe("stdout", new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }
        });
        TopicTail tail = new TopicTail(consumer, List.of(P0, P1), TopicTailTest::describe, closedPipe,
                new TopicTail.Settings(false, true, 0, TIMEOUT), clock::get);

        assertThatThrownBy(() -> assertTimeoutPreemptively(Duration.ofSeconds(10), tail::run))
                .isInstanceOfSatisfying(OutputWriteException.class, e -> {
                    assertThat(e.readerGone()).isTrue();
                    assertThat(e).hasMessage("stdout was closed by its reader");
                });
    }

    @Test
    void aReadThatMakesNoProgressFailsAfterTheTimeout() {
        consumer.updateEndOffsets(Map.of(P0, 3L, P1, 0L));
        TopicTail tail = new TopicTail(consumer, List.of(P0, P1), TopicTailTest::describe,
                LineOutput.pipe("text", text), new TopicTail.Settings(false, false, 0, TIMEOUT), () -> clock.addAndGet(Duration.ofSeconds(1).toNanos()));

        assertThatThrownBy(tail::run).isInstanceOf(ClusterException.class)
                .hasMessage("no progress reading news.records for 5 s (is the cluster still up?)");
    }

    @Test
    void aKafkaErrorBecomesAClusterFailure() {
        consumer.updateEndOffsets(Map.of(P0, 3L, P1, 0L));
        consumer.setPollException(new KafkaException("authorization failed"));

        assertThatThrownBy(() -> tail(false, false, 0).run()).isInstanceOf(ClusterException.class)
                .hasMessage("cannot read news.records: KafkaException: authorization failed");
    }

    private TopicTail tail(boolean fromBeginning, boolean follow, long max) {
        return new TopicTail(consumer, List.of(P0, P1), TopicTailTest::describe, LineOutput.pipe("text", text),
                new TopicTail.Settings(fromBeginning, follow, max, TIMEOUT), clock::get);
    }

    private void add(TopicPartition tp, long offset) {
        consumer.addRecord(new ConsumerRecord<>(tp.topic(), tp.partition(), offset, "k", "v".getBytes(StandardCharsets.UTF_8)));
    }

    private List<String> lines() {
        return text.toString(StandardCharsets.UTF_8).lines().toList();
    }

    private static String describe(ConsumerRecord<String, byte[]> r) {
        return r.topic() + "-" + r.partition() + "@" + r.offset();
    }
}
