package org.kcrawl.common.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

class TransactionsTest {
    private static final TopicPartition URLS0 = new TopicPartition("t.urls", 0);
    private static final ConsumerGroupMetadata GROUP = new ConsumerGroupMetadata("t.fetcher");

    private final List<MockProducer<String, byte[]>> made = new ArrayList<>();
    private final Transactions outputs = Transactions.exactlyOnce(() -> {
        MockProducer<String, byte[]> p = new MockProducer<>(false, null, new StringSerializer(),
                new ByteArraySerializer());
        made.add(p);
        return p;
    }, 1024);

    private MockProducer<String, byte[]> producer() {
        return made.get(made.size() - 1);
    }

    @Test
    void aSendCountsAsDoneOnceAppendedAndCommitsWithTheOffsetsTheLoopNames() {
        CompletableFuture<RecordMetadata> sent = Sends.send(outputs.producer(), record("a"));
        assertThat(sent).as("done when appended, before any broker answer").isCompleted();
        assertThat(producer().transactionInFlight()).isTrue();

        assertThat(producer().history()).as("nothing committed yet").isEmpty();
        assertThat(outputs.end(() -> Map.of(URLS0, new OffsetAndMetadata(7)), () -> GROUP)).isTrue();

        assertThat(producer().commitCount()).isEqualTo(1);
        assertThat(producer().history()).hasSize(1);
        assertThat(producer().consumerGroupOffsetsHistory())
                .containsExactly(Map.of("t.fetcher", Map.of(URLS0, new OffsetAndMetadata(7))));
        assertThat(producer().transactionInFlight()).as("the next transaction is open").isTrue();
    }

    @Test
    void nothingSentAndNothingToCommitEndsNothing() {
        assertThat(outputs.end(Map::of, () -> GROUP)).isTrue();
        assertThat(producer().commitCount()).isZero();
    }

    @Test
    void theOldestUncommittedOutputIsKnownUntilItsTransactionEndsAndEachBeginIsTold() {
        AtomicInteger begun = new AtomicInteger();
        outputs.onBegin(begun::incrementAndGet);
        assertThat(outputs.uncommittedSinceNanos()).as("nothing sent").isEqualTo(-1);

        long before = System.nanoTime();
        Sends.send(outputs.producer(), record("a"));
        long first = outputs.uncommittedSinceNanos();
        Sends.send(outputs.producer(), record("b"));
        assertThat(first).isBetween(before, System.nanoTime());
        assertThat(outputs.uncommittedSinceNanos()).as("the first output's time, not the latest").isEqualTo(first);

        outputs.end(Map::of, () -> GROUP);
        assertThat(outputs.uncommittedSinceNanos()).as("committed").isEqualTo(-1);
        assertThat(begun).as("the next transaction began").hasValue(1);

        Sends.send(outputs.producer(), record("c"));
        outputs.abort("a test");
        assertThat(outputs.uncommittedSinceNanos()).as("aborted: nothing left to lose").isEqualTo(-1);
        assertThat(begun).hasValue(2);
        assertThat(Transactions.atLeastOnce(producer()).uncommittedSinceNanos()).isEqualTo(-1);
    }

    @Test
    void afterCommitActionsRunAtTheCommitAndAreDroppedByAnAbort() {
        AtomicInteger ran = new AtomicInteger();
        Sends.send(outputs.producer(), record("a"));
        outputs.afterCommit(ran::incrementAndGet);
        assertThat(ran).as("not before the commit").hasValue(0);
        outputs.end(Map::of, () -> GROUP);
        assertThat(ran).hasValue(1);

        Sends.send(outputs.producer(), record("b"));
        outputs.afterCommit(ran::incrementAndGet);
        outputs.abort("a test");
        outputs.end(Map::of, () -> GROUP);
        assertThat(ran).as("dropped with the aborted transaction").hasValue(1);
    }

    @Test
    void aFailedOutputAbortsTheTransactionAndRunsTheAbortHookUnderTheLock() {
        AtomicInteger aborts = new AtomicInteger();
        outputs.onAbort(aborts::incrementAndGet);
        Sends.send(outputs.producer(), record("a"));
        assertThatThrownBy(() -> outputs.end(() -> null, () -> GROUP)).isInstanceOf(TransactionFailedException.class);
        assertThat(producer().commitCount()).isZero();
        assertThat(producer().history()).as("committed").isEmpty();
        assertThat(producer().uncommittedRecords()).as("dropped by the abort").isEmpty();
        assertThat(aborts).hasValue(1);
        assertThat(made).as("an abortable failure keeps the producer").hasSize(1);
    }

    @Test
    void aFencedProducerIsReplacedAndItsTransactionCountsAsAborted() {
        AtomicInteger aborts = new AtomicInteger();
        outputs.onAbort(aborts::incrementAndGet);
        Sends.send(outputs.producer(), record("a"));
        producer().commitTransactionException = new ProducerFencedException("a newer producer of the id");
        MockProducer<String, byte[]> fenced = producer();

        assertThatThrownBy(() -> outputs.end(Map::of, () -> GROUP)).isInstanceOf(TransactionFailedException.class)
                .hasMessageContaining("producer replaced");

        assertThat(fenced.closed()).isTrue();
        assertThat(made).hasSize(2);
        assertThat(aborts).hasValue(1);
        assertThat(Sends.send(outputs.producer(), record("b"))).isCompleted();
        assertThat(producer().uncommittedRecords()).extracting(ProducerRecord::key).containsExactly("b");
    }

    @Test
    void aRecordTooLargeFailsAloneAndLeavesTheTransactionAbleToCommit() {
        CompletableFuture<RecordMetadata> tooLarge = Sends.send(outputs.producer(),
                new ProducerRecord<>("t.records", "big", new byte[4096]));
        assertThat(tooLarge).isCompletedExceptionally();
        assertThatThrownBy(tooLarge::join).hasCauseInstanceOf(RecordTooLargeException.class);
        Sends.send(outputs.producer(), record("a"));

        assertThat(outputs.end(Map::of, () -> GROUP)).isTrue();
        assertThat(producer().history()).extracting(ProducerRecord::key).containsExactly("a");
    }

    @Test
    void closingAbortsWhatTheOpenTransactionHolds() {
        Sends.send(outputs.producer(), record("a"));
        outputs.close();
        assertThat(producer().transactionAborted()).isTrue();
        assertThat(producer().closed()).isTrue();
    }

    @Test
    void atLeastOnceSendsAsTheProducerDoesAndRunsAfterCommitActionsAtOnce() {
        MockProducer<String, byte[]> plain = new MockProducer<>(false, null, new StringSerializer(),
                new ByteArraySerializer());
        Transactions atLeastOnce = Transactions.atLeastOnce(plain);
        CompletableFuture<RecordMetadata> sent = Sends.send(atLeastOnce.producer(), record("a"));
        assertThat(sent).as("waits for the broker's acknowledgement").isNotDone();
        plain.completeNext();
        assertThat(sent).isCompleted();
        AtomicInteger ran = new AtomicInteger();
        atLeastOnce.afterCommit(ran::incrementAndGet);
        assertThat(ran).hasValue(1);
    }

    private static ProducerRecord<String, byte[]> record(String key) {
        return new ProducerRecord<>("t.records", key, new byte[] {1});
    }
}
