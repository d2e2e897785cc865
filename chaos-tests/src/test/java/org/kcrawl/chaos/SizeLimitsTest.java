package org.kcrawl.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.config.ConfigException;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.fetcher.crawl.FetcherConfig;

/**
 * The size limits along a page's way are aligned with the fetcher's body cap: the producer accepts the
 * largest page message and its dead letter, the topic layout admits them, the consumers fetch them whole,
 * and a body cap that would break this is refused at start-up rather than discovered as a stuck partition.
 */
class SizeLimitsTest {
    private final KafkaClients clients = KafkaClients.of("127.0.0.1:9");
    private final Properties producer = clients.producerProperties("size-test");
    private final Properties consumer = clients.consumerProperties("g", "size-test", 10);
    private final int cap = FetcherConfig.defaults().maxBodyBytes();

    @Test
    void theProducerSendsTheLargestPageOfTheDefaultCapAndItsDeadLetter() {
        int maxRequest = intOf(producer, ProducerConfig.MAX_REQUEST_SIZE_CONFIG);

        assertThat(SizeLimits.largestPageBatch(cap)).isLessThanOrEqualTo(maxRequest);
        assertThat(SizeLimits.largestDeadLetterBatch(cap)).isLessThanOrEqualTo(maxRequest);
    }

    @Test
    void theTopicLayoutAndTheConsumersAdmitWhatTheProducerMaySend() {
        int maxRequest = intOf(producer, ProducerConfig.MAX_REQUEST_SIZE_CONFIG);

        assertThat(TopicLayout.DEFAULT_MAX_MESSAGE_BYTES).as("topic max.message.bytes")
                .isGreaterThanOrEqualTo(maxRequest);
        assertThat(intOf(consumer, ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG)).as("max.partition.fetch.bytes")
                .isGreaterThanOrEqualTo(TopicLayout.DEFAULT_MAX_MESSAGE_BYTES);
        assertThat(producer.get(ProducerConfig.COMPRESSION_TYPE_CONFIG)).isEqualTo("zstd");
        assertThat(producer.get(ProducerConfig.ACKS_CONFIG)).isEqualTo("all");
        assertThat(producer.get(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG)).isEqualTo(true);
    }

    @Test
    void aBodyCapWhosePageCannotBePublishedIsRefusedAtStartUp() {
        int maxRequest = intOf(producer, ProducerConfig.MAX_REQUEST_SIZE_CONFIG);
        int tooLarge = cap;
        while (SizeLimits.largestPageBatch(tooLarge) <= maxRequest) {
            tooLarge += 64 * 1024;
        }
        String value = Integer.toString(tooLarge);

        Throwable refusal = catchThrowable(() -> new ConfigBinder().bind(FetcherConfig.class,
                FetcherConfig.defaults(), null, Map.of(FetcherConfig.ENV_PREFIX + "MAX_BODY_BYTES", value),
                FetcherConfig.ENV_PREFIX));

        assertThat(refusal).as("max_body_bytes=%s makes page messages of up to %d bytes, over max.request.size %d", value,
                        SizeLimits.largestPageBatch(tooLarge), maxRequest)
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("max_body_bytes");
    }

    private static int intOf(Properties p, String key) {
        return Integer.parseInt(String.valueOf(p.get(key)));
    }
}
