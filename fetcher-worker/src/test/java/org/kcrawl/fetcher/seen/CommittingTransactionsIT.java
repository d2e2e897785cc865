package org.kcrawl.fetcher.seen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.testkit.kafka.SharedKafka;

/**
 * The brokers' answer to "is a commit under way here", against a real broker: an open transaction (an owner
 * that died with one) is not, so a restore never waits for it; a committed one is not either once its
 * markers are written; a partition nobody writes is not.
 */
class CommittingTransactionsIT {
    private final String topic = SharedKafka.uniqueCrawlName("committing-it") + ".seen";
    private final KafkaClients clients = KafkaClients.of(SharedKafka.bootstrapServers());

    @Test
    void anOpenTransactionIsNotACommitUnderWayAndACommittedOneIsNotOnceWritten() throws Exception {
        TopicPartition written = new TopicPartition(topic, 0);
        TopicPartition idle = new TopicPartition(topic, 1);
        try (Admin admin = clients.admin()) {
            admin.createTopics(List.of(new NewTopic(topic, 2, (short) 1))).all().get();
        }
        try (CommittingTransactions transactions = CommittingTransactions.on(clients.admin());
             KafkaProducer<String, byte[]> producer = new KafkaProducer<>(transactional(topic + ".owner"))) {
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, 0, "k", new byte[] {1})).get();
            // Open, as a killed fetcher leaves it: it will abort, there is nothing to wait for.
            assertThat(transactions.committing(List.of(written, idle))).isEmpty();

            producer.commitTransaction();
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> transactions.committing(List.of(written, idle)).isEmpty());
        }
    }

    private Properties transactional(String id) {
        Properties p = clients.producerProperties(id);
        p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, id);
        return p;
    }
}
