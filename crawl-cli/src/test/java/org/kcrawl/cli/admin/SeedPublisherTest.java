package org.kcrawl.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.NotEnoughReplicasException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.MalformedMessageException;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.ScopeSite;
import org.kcrawl.common.topic.CrawlTopics;

class SeedPublisherTest {
    private static final Instant NOW = Instant.parse("2026-01-02T03:04:05Z");
    private static final CrawlTopics TOPICS = new CrawlTopics("news");
    private static final List<String> SEEDS = List.of("https://example.org/", "https://example.org/b",
            "http://other.example:8080/");

    @Test
    void theSeedsSitesGoToTheScopeTopicThenEverySeedToTheUrlsTopicKeyedByItsHost()
            throws MalformedMessageException {
        MockProducer<String, byte[]> producer = producer(true);

        long acked = new SeedPublisher(producer, TOPICS).publish(SEEDS, NOW, Duration.ofSeconds(5));

        assertThat(acked).isEqualTo(3);
        List<ProducerRecord<String, byte[]>> sent = producer.history();
        assertThat(sent).extracting(ProducerRecord::topic)
                .containsExactly("news.scope", "news.scope", "news.urls", "news.urls", "news.urls");
        assertThat(sent).extracting(ProducerRecord::key).containsExactly("example.org", "other.example:8080",
                "example.org", "example.org", "other.example");
        assertThat(MessageCodec.get().decode(sent.get(1).value(), ScopeSite.class))
                .isEqualTo(ScopeSite.seed("other.example:8080", "http://other.example:8080/", NOW));
        for (int i = 0; i < SEEDS.size(); i++) {
            CrawlRequest request = MessageCodec.get().decode(sent.get(2 + i).value(), CrawlRequest.class);
            assertThat(request).isEqualTo(CrawlRequest.seed(SEEDS.get(i), NOW));
        }
    }

    @Test
    void aRefusedSeedFailsThePublicationSayingHowManyWereAcknowledged() {
        MockProducer<String, byte[]> producer = producer(false);
        CompletableFuture<Long> publishing = CompletableFuture.supplyAsync(() ->
                new SeedPublisher(producer, TOPICS).publish(SEEDS, NOW, Duration.ofSeconds(30)));
        await().atMost(Duration.ofSeconds(10)).until(() -> producer.history().size() == 2);
        producer.completeNext();
        producer.completeNext();
        await().atMost(Duration.ofSeconds(10)).until(() -> producer.history().size() == 5);

        producer.completeNext();
        producer.errorNext(new NotEnoughReplicasException("2 of 3 replicas in sync"));
        producer.completeNext();

        assertThatThrownBy(publishing::join).isInstanceOf(CompletionException.class)
                .cause().isInstanceOf(ClusterException.class)
                .hasMessage("only 2 of 3 seeds were acknowledged by news.urls: NotEnoughReplicasException: "
                        + "2 of 3 replicas in sync");
    }

    @Test
    void sitesNotAcknowledgedInTimeAreReportedAndNoSeedIsSent() {
        MockProducer<String, byte[]> producer = producer(false);

        assertThatThrownBy(() -> new SeedPublisher(producer, TOPICS).publish(SEEDS, NOW, Duration.ofMillis(200)))
                .isInstanceOf(ClusterException.class)
                .hasMessageStartingWith("only 0 of 2 seed sites were acknowledged by news.scope within");
        assertThat(producer.history()).extracting(ProducerRecord::topic).containsOnly("news.scope");
    }

    private static MockProducer<String, byte[]> producer(boolean autoComplete) {
        return new MockProducer<>(autoComplete, null, new StringSerializer(), new ByteArraySerializer());
    }
}
