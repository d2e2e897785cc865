package org.kcrawl.common.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetCommitCallback;
import org.apache.kafka.clients.consumer.internals.AutoOffsetResetStrategy;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

class TransactionalCommitsTest {
    private static final TopicPartition URLS0 = new TopicPartition("t.urls", 0);

    private final MockProducer<String, byte[]> producer =
            new MockProducer<>(true, null, new StringSerializer(), new ByteArraySerializer());
    private final Transactions outputs = Transactions.exactlyOnce(() -> producer, 1024);
    private final TransactionalCommits commits = new TransactionalCommits("test", outputs,
            new MockConsumer<>(AutoOffsetResetStrategy.EARLIEST.name()), new CommitThrottle(Duration.ofSeconds(10)),
            offsets -> { }, null);

    /**
     * The loop asks for a commit at every poll once the interval allows; asked with nothing to commit, that
     * must not start the interval. Before, it did: the first page done after a quiet spell (a crawl's first
     * page, each first page of a hop) waited for an interval that had begun at a commit of nothing.
     */
    @Test
    void aCommitOfNothingDoesNotHoldTheNextOneBack() {
        assertThat(commits.endIfDue(Map::of)).isTrue();
        assertThat(producer.commitCount()).isZero();
        assertThat(commits.nanosUntilDue()).isZero();

        outputs.producer().send(new ProducerRecord<>("t.pages", "h", new byte[1]));
        assertThat(commits.endIfDue(() -> Map.of(URLS0, new OffsetAndMetadata(1)))).isTrue();
        assertThat(producer.commitCount()).as("the page's transaction, at once").isEqualTo(1);
    }

    @Test
    void aCommitThatCarriedSomethingHoldsTheNextOneBackForTheInterval() {
        outputs.producer().send(new ProducerRecord<>("t.pages", "h", new byte[1]));
        commits.endIfDue(() -> Map.of(URLS0, new OffsetAndMetadata(1)));
        assertThat(commits.nanosUntilDue()).isGreaterThan(Duration.ofSeconds(9).toNanos());

        outputs.producer().send(new ProducerRecord<>("t.pages", "h", new byte[1]));
        assertThat(commits.endIfDue(() -> Map.of(URLS0, new OffsetAndMetadata(2)))).isTrue();
        assertThat(producer.commitCount()).as("the second waits for the interval").isEqualTo(1);
    }

    /**
     * Where the consumer commits the offsets after the transaction (the fetcher), offsets whose records had no
     * outputs (URLs skipped as duplicates) end an empty transaction: committing them must start the interval
     * too. Before, it did not, and they were committed at every poll, and again at every poll while a rebalance
     * failed them (close to 200 failed commits a second in a chaos run's fetcher).
     */
    @Test
    void offsetsCommittedAfterAnEmptyTransactionHoldTheNextCommitBackForTheInterval() {
        CountingConsumer consumer = new CountingConsumer();
        CommitThrottle throttle = new CommitThrottle(Duration.ofSeconds(10));
        TransactionalCommits apart = new TransactionalCommits("test", outputs, consumer, throttle, offsets -> { },
                new OffsetCommitter("test", consumer, new OffsetTracker(), throttle, offsets -> { }));

        assertThat(apart.endIfDue(() -> Map.of(URLS0, new OffsetAndMetadata(1)))).isTrue();
        assertThat(consumer.asyncCommits).isEqualTo(1);
        assertThat(apart.nanosUntilDue()).isGreaterThan(Duration.ofSeconds(9).toNanos());

        assertThat(apart.endIfDue(() -> Map.of(URLS0, new OffsetAndMetadata(2)))).isTrue();
        assertThat(consumer.asyncCommits).as("the next offsets wait for the interval").isEqualTo(1);
        assertThat(producer.commitCount()).as("no transaction carried anything").isZero();
    }

    /** A consumer that counts its asynchronous commits. */
    private static final class CountingConsumer extends MockConsumer<String, byte[]> {
        int asyncCommits;

        CountingConsumer() {
            super(AutoOffsetResetStrategy.EARLIEST.name());
        }

        @Override
        public synchronized void commitAsync(Map<TopicPartition, OffsetAndMetadata> offsets,
                                             OffsetCommitCallback callback) {
            asyncCommits++;
            super.commitAsync(offsets, callback);
        }
    }
}
