package org.kcrawl.common.scope;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.ScopeSite;
import org.kcrawl.common.topic.CrawlTopics;

class ScopeFollowerTest {
    private static final CrawlTopics TOPICS = new CrawlTopics("t");
    private static final TopicPartition P0 = new TopicPartition(TOPICS.scope(), 0);
    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

    private final MockConsumer<String, byte[]> consumer = new MockConsumer<>("earliest");
    private final CrawlSites sites = new CrawlSites();
    private final List<ScopeSite> told = new CopyOnWriteArrayList<>();
    private long offset;

    private ConsumerRecord<String, byte[]> record(ScopeSite site) {
        ProducerRecord<String, byte[]> r = ScopeRecords.of(TOPICS, site);
        return new ConsumerRecord<>(r.topic(), 0, offset++, r.key(), r.value());
    }

    private ConsumerRecord<String, byte[]> raw(String key, byte[] value) {
        return new ConsumerRecord<>(TOPICS.scope(), 0, offset++, key, value);
    }

    private ScopeFollower follower() {
        consumer.updatePartitions(TOPICS.scope(), List.of(new PartitionInfo(TOPICS.scope(), 0, Node.noNode(),
                new Node[0], new Node[0])));
        consumer.updateBeginningOffsets(Map.of(P0, 0L));
        return new ScopeFollower(consumer, TOPICS.scope(), sites, told::add);
    }

    @Test
    void readsEverySiteAddedBeforeItStartedAndTellsOfEachNewOneOnce() {
        ScopeFollower follower = follower();
        List<ConsumerRecord<String, byte[]>> existing = List.of(
                record(ScopeSite.seed("127.0.0.1:8000", "http://127.0.0.1:8000/", NOW)),
                record(ScopeSite.seedRedirect("localhost:8000", "http://localhost:8000/", "http://127.0.0.1:8000/",
                        NOW)),
                raw("junk", "not json".getBytes(StandardCharsets.UTF_8)),
                raw("gone", null),
                record(ScopeSite.seed("localhost:8000", "http://localhost:8000/x", NOW)));
        consumer.updateEndOffsets(Map.of(P0, (long) existing.size()));
        consumer.schedulePollTask(() -> existing.forEach(consumer::addRecord));

        follower.catchUp(Duration.ofSeconds(5));

        assertThat(sites.snapshot()).containsExactlyInAnyOrder("127.0.0.1:8000", "localhost:8000");
        assertThat(told).extracting(ScopeSite::cause)
                .containsExactly(ScopeSite.Cause.SEED, ScopeSite.Cause.SEED_REDIRECT);
        follower.close();
        assertThat(consumer.closed()).isTrue();
    }

    @Test
    void keepsFollowingUntilClosed() {
        consumer.updateEndOffsets(Map.of(P0, 0L));
        ScopeFollower follower = follower();
        follower.catchUp(Duration.ofSeconds(5));
        consumer.schedulePollTask(() -> consumer.addRecord(record(ScopeSite.seedRedirect("b.test", "https://b.test/",
                "https://a.test/", NOW))));
        follower.startFollowing();

        await().atMost(Duration.ofSeconds(5)).until(() -> sites.containsSite("b.test"));
        assertThat(told).hasSize(1);
        follower.close();
        assertThat(follower.failure()).isNull();
        await().atMost(Duration.ofSeconds(5)).until(consumer::closed);
    }

    @Test
    void aMissingTopicIsAnErrorThatSaysWhoCreatesIt() {
        ScopeFollower follower = new ScopeFollower(consumer, TOPICS.scope(), sites, told::add);
        assertThatThrownBy(() -> follower.catchUp(Duration.ofMillis(100)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining(TOPICS.scope())
                .hasMessageContaining("does not exist");
    }

    @Test
    void seedSitesAreOnePerSiteNamingTheFirstSeed() {
        List<ScopeSite> seeds = ScopeRecords.seedSites(List.of("http://a.test/x", "https://a.test/y",
                "http://a.test:8080/", "HTTP://B.test/"), NOW);
        assertThat(seeds).extracting(ScopeSite::site).containsExactly("a.test", "a.test:8080", "b.test");
        assertThat(seeds.get(0).url()).isEqualTo("http://a.test/x");
        assertThat(ScopeRecords.of(TOPICS, seeds.get(2)).key()).isEqualTo("b.test");
    }
}
