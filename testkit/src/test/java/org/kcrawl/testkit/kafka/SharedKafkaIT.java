package org.kcrawl.testkit.kafka;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.common.topic.TopicProvisioner;

@ExtendWith(SharedKafkaExtension.class)
class SharedKafkaIT {

    @Test
    void oneBrokerOnLoopbackForTheWholeJvm() {
        String servers = SharedKafka.bootstrapServers();

        assertThat(SharedKafka.bootstrapServers()).isSameAs(servers);
        assertThat(servers).matches("(127\\.0\\.0\\.1|localhost):\\d+");
    }

    @Test
    void eachTestGetsItsOwnCrawlNamedAfterIt(TestCrawl crawl) {
        assertThat(crawl.bootstrapServers()).isEqualTo(SharedKafka.bootstrapServers());
        assertThat(crawl.crawlName()).startsWith("SharedKafkaIT-eachTestGetsItsOwnCrawlNamedAfterIt-");
        assertThat(SharedKafka.uniqueCrawlName("SharedKafkaIT-eachTestGetsItsOwnCrawlNamedAfterIt"))
                .isNotEqualTo(crawl.crawlName());
    }

    @Test
    void crawlTopicsAreProvisionedWithTheirLayout(TestCrawl crawl) throws Exception {
        CrawlTopics topics = crawl.topics();
        try (Admin admin = crawl.clients().admin()) {
            new TopicProvisioner(admin).ensure(topics, TopicLayout.local(2));
            new TopicProvisioner(admin).checkCoPartitioned(topics);

            assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS)).containsAll(topics.all());
            Map<ConfigResource, Config> configs = admin.describeConfigs(List.of(
                    new ConfigResource(ConfigResource.Type.TOPIC, topics.seen()),
                    new ConfigResource(ConfigResource.Type.TOPIC, topics.pages()))).all().get(30, TimeUnit.SECONDS);
            assertThat(configs.get(new ConfigResource(ConfigResource.Type.TOPIC, topics.seen()))
                    .get(TopicConfig.CLEANUP_POLICY_CONFIG).value()).isEqualTo(TopicConfig.CLEANUP_POLICY_COMPACT);
            assertThat(configs.get(new ConfigResource(ConfigResource.Type.TOPIC, topics.pages()))
                    .get(TopicConfig.MAX_MESSAGE_BYTES_CONFIG).value())
                    .isEqualTo(Integer.toString(TopicLayout.DEFAULT_MAX_MESSAGE_BYTES));
        }
    }

    @Test
    void consumerGroupsJoinAndCommitOnTheSharedBroker(TestCrawl crawl) throws Exception {
        CrawlTopics topics = crawl.topics();
        try (Admin admin = crawl.clients().admin()) {
            new TopicProvisioner(admin).ensure(topics, TopicLayout.local(1));
        }
        try (KafkaProducer<String, byte[]> producer = crawl.clients().producer("shared-it")) {
            producer.send(new ProducerRecord<>(topics.urls(), "example.test", "u1".getBytes(UTF_8))).get(30, TimeUnit.SECONDS);
        }

        try (KafkaConsumer<String, byte[]> consumer = crawl.clients().consumer(topics.fetcherGroup(), "shared-it", 10)) {
            consumer.subscribe(List.of(topics.urls()));
            ConsumerRecords<String, byte[]> records = ConsumerRecords.empty();
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (records.isEmpty() && System.nanoTime() < deadline) {
                records = consumer.poll(Duration.ofMillis(200));
            }
            assertThat(records.count()).isEqualTo(1);
            TopicPartition partition = new TopicPartition(topics.urls(), 0);
            consumer.commitSync(Map.of(partition, new OffsetAndMetadata(1)), Duration.ofSeconds(30));

            assertThat(consumer.committed(Set.of(partition), Duration.ofSeconds(30)).get(partition).offset())
                    .isEqualTo(1);
        }
    }
}
