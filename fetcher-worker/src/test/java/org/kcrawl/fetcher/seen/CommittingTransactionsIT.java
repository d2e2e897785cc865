package org.kcrawl.fetcher.seen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ForwardingAdmin;
import org.apache.kafka.clients.admin.ListTransactionsOptions;
import org.apache.kafka.clients.admin.ListTransactionsResult;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.message.SeenMarkers;
import org.kcrawl.testkit.kafka.SharedKafka;

/**
 * A seen restore against a real broker, as the churn test met it: a fetcher killed with a transaction open on
 * a seen partition (its coordinator aborts it only after the transaction timeout), the partition's next owner
 * committing markers after it, and a third owner restoring the partition. Read-committed, its end stops at the
 * open transaction and hides the committed markers behind it; the restore fences the dead owner's id, which
 * aborts the transaction at once, and reads them.
 */
class CommittingTransactionsIT {
    private final String crawl = SharedKafka.uniqueCrawlName("committing-it");
    private final String topic = crawl + ".seen";
    private final KafkaClients clients = KafkaClients.of(SharedKafka.bootstrapServers());

    @Test
    void aDeadOwnersOpenTransactionIsFencedAndTheMarkersCommittedAfterItAreRestored() throws Exception {
        try (Admin admin = clients.admin()) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
        }
        KafkaProducer<String, byte[]> dead = new KafkaProducer<>(transactional(crawl + ".fetcher.dead"));
        try (KafkaProducer<String, byte[]> next = new KafkaProducer<>(transactional(crawl + ".fetcher.next"))) {
            dead.initTransactions();
            dead.beginTransaction();
            dead.send(new ProducerRecord<>(topic, 0, SeenMarkers.key(1), SeenMarkers.value())).get();
            // Left open, as by a SIGKILL. The next owner commits its markers after it.
            next.initTransactions();
            next.beginTransaction();
            next.send(new ProducerRecord<>(topic, 0, SeenMarkers.key(2), SeenMarkers.value())).get();
            next.send(new ProducerRecord<>(topic, 0, SeenMarkers.key(3), SeenMarkers.value())).get();
            next.commitTransaction();

            SeenRestorer restorer = new SeenRestorer(clients.consumer(null, crawl + "-seen", 100),
                    CommittingTransactions.on(clients.admin(), crawl + ".fetcher.third",
                            id -> clients.fencer(crawl + "-fence", id)),
                    topic, new HeapSeenStore(), new RestoreBudget(Duration.ofSeconds(30), 1_000));
            try (restorer) {
                long started = System.nanoTime();
                CompletedSet set = restorer.restore(List.of(0)).get(0);
                assertThat(set.contains(2L) && set.contains(3L)).as("the markers committed after the open transaction")
                        .isTrue();
                assertThat(set.contains(1L)).as("the dead owner's marker, aborted").isFalse();
                assertThat(Duration.ofNanos(System.nanoTime() - started))
                        .as("fenced at once, not the transaction timeout").isLessThan(Duration.ofSeconds(8));
            }
        } finally {
            dead.close(Duration.ZERO);
        }
    }

    /**
     * A peer's transaction on a seen partition was seen open (its abort failed while a broker was away, say);
     * before the restore fenced it, the peer replaced its producer, whose start aborted that transaction, and
     * began a healthy one of its own. The fence is for the epoch seen open only: the peer's new transaction is
     * left alone and commits. Before, the restore fenced whatever the coordinator listed open under the id.
     */
    @Test
    void aPeersNewTransactionBegunAfterItsOpenOneWasSeenIsNotFenced() throws Exception {
        TopicPartition seen = new TopicPartition(topic + "-peer", 0);
        TopicPartition other = new TopicPartition(topic + "-peer-other", 0);
        try (Admin admin = clients.admin()) {
            admin.createTopics(List.of(new NewTopic(seen.topic(), 1, (short) 1),
                    new NewTopic(other.topic(), 1, (short) 1))).all().get();
        }
        String peer = crawl + ".fetcher.peer";
        KafkaProducer<String, byte[]> old = new KafkaProducer<>(transactional(peer));
        KafkaProducer<String, byte[]> replacement = new KafkaProducer<>(transactional(peer));
        try {
            old.initTransactions();
            old.beginTransaction();
            old.send(new ProducerRecord<>(seen.topic(), 0, SeenMarkers.key(1), SeenMarkers.value())).get();
            AtomicBoolean replaced = new AtomicBoolean();
            // Between the restore's look at the partition and its look at the coordinator, the peer replaces
            // its producer and begins a transaction elsewhere.
            Admin racing = new ForwardingAdmin(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                    SharedKafka.bootstrapServers())) {
                @Override
                public ListTransactionsResult listTransactions(ListTransactionsOptions options) {
                    if (replaced.compareAndSet(false, true)) {
                        replacement.initTransactions();
                        replacement.beginTransaction();
                        try {
                            replacement.send(new ProducerRecord<>(other.topic(), 0, "k", new byte[] {1})).get();
                        } catch (InterruptedException | ExecutionException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                    return super.listTransactions(options);
                }
            };
            try (CommittingTransactions transactions = CommittingTransactions.on(racing, crawl + ".fetcher.restorer",
                    id -> clients.fencer(crawl + "-fence", id))) {
                transactions.undecided(List.of(seen));
                assertThat(replaced).as("the race happened").isTrue();
                replacement.commitTransaction(); // fenced before: ProducerFencedException
                await().atMost(Duration.ofSeconds(10)).until(() -> transactions.undecided(List.of(seen)).isEmpty());
            }
        } finally {
            old.close(Duration.ZERO);
            replacement.close(Duration.ZERO);
        }
    }

    @Test
    void itsOwnOpenTransactionIsNotFenced() throws Exception {
        TopicPartition seen = new TopicPartition(topic + "-own", 0);
        try (Admin admin = clients.admin()) {
            admin.createTopics(List.of(new NewTopic(seen.topic(), 1, (short) 1))).all().get();
        }
        String own = crawl + ".fetcher.own";
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(transactional(own));
             CommittingTransactions transactions = CommittingTransactions.on(clients.admin(), own,
                     id -> clients.fencer(crawl + "-fence", id))) {
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(seen.topic(), 0, "k", new byte[] {1})).get();
            assertThat(transactions.undecided(List.of(seen))).isEmpty();
            producer.commitTransaction(); // still its own: not fenced
        }
    }

    private Properties transactional(String id) {
        Properties p = clients.producerProperties(id);
        p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, id);
        p.put(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, 60_000);
        return p;
    }
}
