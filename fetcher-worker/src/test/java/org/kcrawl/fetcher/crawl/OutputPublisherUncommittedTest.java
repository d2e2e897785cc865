package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.kcrawl.common.kafka.OutputPublisher;
import org.kcrawl.common.kafka.Transactions;
import org.junit.jupiter.api.Test;
import org.kcrawl.http.client.PageMemory;

/**
 * What a fetcher dying now would lose goes back to the oldest output handed to {@link OutputPublisher}, not to its
 * append: while a commit holds the send lock, outputs queue for the send thread (a churn run lost 60 pages
 * fetched over 2.6 s, the commit hold counting only from the first append).
 */
class OutputPublisherUncommittedTest {
    private static final ConsumerGroupMetadata GROUP = new ConsumerGroupMetadata("t.fetcher");

    private final ArrayDeque<Runnable> sendThread = new ArrayDeque<>();
    private final Transactions transactions = Transactions.exactlyOnce(() -> new MockProducer<>(false, null,
            new StringSerializer(), new ByteArraySerializer()), 1 << 20);
    private final OutputPublisher outputs = new OutputPublisher(transactions, HandlerFixture.TOPICS, sendThread::add,
            PageMemory.unbounded());

    @Test
    void anOutputCountsFromItsHandOverWhileItWaitsForTheSendThreadUntilItsTransactionCommits() {
        AtomicInteger handedOn = new AtomicInteger();
        outputs.onHandedOn(handedOn::incrementAndGet);
        assertThat(outputs.uncommittedSinceNanos()).as("nothing handed over").isEqualTo(-1);

        long before = System.nanoTime();
        outputs.seen(0, 42L);
        long handedOver = outputs.uncommittedSinceNanos();
        assertThat(handedOver).as("queued for the send thread, not yet in any transaction")
                .isBetween(before, System.nanoTime());
        outputs.seen(1, 43L);
        assertThat(outputs.uncommittedSinceNanos()).as("the oldest of the queue").isEqualTo(handedOver);

        sendThread.poll().run();
        assertThat(handedOn).hasValue(1);
        long appended = transactions.uncommittedSinceNanos();
        assertThat(appended).as("the first is in the open transaction").isGreaterThanOrEqualTo(handedOver);
        assertThat(outputs.uncommittedSinceNanos()).as("the older of its append and the second's hand-over")
                .isLessThanOrEqualTo(appended).isGreaterThanOrEqualTo(handedOver);
        sendThread.poll().run();
        assertThat(outputs.uncommittedSinceNanos()).as("both in the open transaction: since the first append")
                .isEqualTo(transactions.uncommittedSinceNanos()).isGreaterThanOrEqualTo(handedOver);

        transactions.end(Map::of, () -> GROUP);
        assertThat(outputs.uncommittedSinceNanos()).as("committed").isEqualTo(-1);
    }

    @Test
    void atLeastOnceNothingIsHeldUncommitted() {
        OutputPublisher plain = new OutputPublisher(new MockProducer<>(true, null, new StringSerializer(), new ByteArraySerializer()),
                HandlerFixture.TOPICS, sendThread::add);
        plain.seen(0, 42L);
        assertThat(plain.uncommittedSinceNanos()).isEqualTo(-1);
    }
}
