package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.kafka.OutputPublisher;
import org.kcrawl.common.message.LearnedHostRate;
import org.kcrawl.common.message.MalformedMessageException;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.http.politeness.FakeTime;
import org.kcrawl.http.politeness.HostRate;

/**
 * What the learned host rates cost on the host-rates topic: a record at a host's first limit and at every
 * change of a tenth or more, nothing for smaller steps, a tombstone once it is back at the configured rate,
 * each in the host's own partition.
 */
class HostRatePublisherTest {
    private static final int PARTITIONS = 4;

    private final FakeTime time = new FakeTime();
    private final MockProducer<String, byte[]> producer = new MockProducer<>(cluster(), true, null,
            new StringSerializer(), new ByteArraySerializer());
    private final HostRatePublisher publisher = new HostRatePublisher(
            new OutputPublisher(producer, HandlerFixture.TOPICS, Runnable::run), time);

    private static Cluster cluster() {
        Node node = new Node(0, "localhost", 9092);
        List<PartitionInfo> partitions = IntStream.range(0, PARTITIONS).mapToObj(p ->
                new PartitionInfo(HandlerFixture.TOPICS.hostRates(), p, node, new Node[] {node}, new Node[] {node}))
                .toList();
        return new Cluster("test", List.of(node), partitions, Set.of(), Set.of());
    }

    private static HostRate limited(String host, double rate, double refusedAt) {
        return new HostRate(host, 2, rate, refusedAt, true);
    }

    private List<ProducerRecord<String, byte[]>> sent() {
        return producer.history();
    }

    private static LearnedHostRate value(ProducerRecord<String, byte[]> record) {
        try {
            return MessageCodec.get().decode(record.value(), LearnedHostRate.class);
        } catch (MalformedMessageException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aHostsFirstLimitIsPublishedInItsPartitionKeyedByHost() {
        publisher.changed(limited("a.test", 5, 10));

        assertThat(sent()).hasSize(1);
        ProducerRecord<String, byte[]> record = sent().get(0);
        assertThat(record.topic()).isEqualTo(HandlerFixture.TOPICS.hostRates());
        assertThat(record.key()).isEqualTo("a.test");
        assertThat(record.partition()).as("the partition of the host's URLs, whose next owner reads it").isEqualTo(2);
        LearnedHostRate value = value(record);
        assertThat(value.host()).isEqualTo("a.test");
        assertThat(value.rate()).isEqualTo(5);
        assertThat(value.refusedAt()).isEqualTo(10);
        assertThat(value.learnedAt()).isEqualTo(time.now());
    }

    @Test
    void aClimbOfLessThanATenthIsNotPublishedAndOneOfATenthOrMoreIs() {
        publisher.changed(limited("a.test", 5, 10));
        time.advance(Duration.ofSeconds(1));
        publisher.changed(limited("a.test", 5.2, 10));
        publisher.changed(limited("a.test", 5.4, 10));

        assertThat(sent()).as("within a tenth of the 5 published").hasSize(1);

        publisher.changed(limited("a.test", 5.5, 10));
        publisher.changed(limited("a.test", 6.0, 10));
        publisher.changed(limited("a.test", 6.1, 10));

        assertThat(sent()).extracting(r -> value(r).rate()).containsExactly(5.0, 5.5, 6.1);
        assertThat(value(sent().get(2)).learnedAt()).isEqualTo(time.now());
    }

    @Test
    void everyCutBelowTheRatePublishedIsPublishedHoweverSmallSoTheNextOwnerNeverStartsAboveIt() {
        publisher.changed(limited("a.test", 5, 10));
        publisher.changed(limited("a.test", 5.1, 10));
        publisher.changed(limited("a.test", 4.896, 5.1)); // a refusal near the last one: 4 % off

        assertThat(sent()).extracting(r -> value(r).rate()).as("not 5, which the server just refused")
                .containsExactly(5.0, 4.896);
        assertThat(value(sent().get(1)).refusedAt()).isEqualTo(5.1);

        publisher.changed(limited("a.test", 5.2, 5.1));
        publisher.changed(limited("a.test", 4.992, 5.2));

        assertThat(sent()).as("a climb within a tenth, then a cut that stays above the 4.896 a next owner starts at")
                .hasSize(2);
    }

    @Test
    void aHostBackAtTheConfiguredRateGetsOneTombstoneAndAHostNeverLimitedNothing() {
        publisher.changed(limited("a.test", 5, 10));
        publisher.changed(new HostRate("a.test", 2, 20, 10, false));
        publisher.changed(new HostRate("a.test", 2, 20, 10, false));
        publisher.changed(new HostRate("b.test", 1, 20, 0, false));

        assertThat(sent()).hasSize(2);
        assertThat(sent().get(1).key()).isEqualTo("a.test");
        assertThat(sent().get(1).value()).as("a tombstone: the next owner starts at the configured rate").isNull();
        assertThat(sent().get(1).partition()).isEqualTo(2);

        publisher.changed(limited("a.test", 5.2, 10));
        assertThat(sent()).as("limited again: published again, whatever it was before").hasSize(3);
    }

    @Test
    void hostsAreCountedSeparately() {
        publisher.changed(limited("a.test", 5, 10));
        publisher.changed(limited("b.test", 5.1, 10));
        publisher.changed(limited("a.test", 5.1, 10));

        assertThat(sent()).extracting(ProducerRecord::key).containsExactly("a.test", "b.test");
    }

    @Test
    void theLeastRecentlyPublishedHostIsForgottenPastTheBoundAndPublishedAgainOnItsNextChange() {
        ch.qos.logback.classic.Logger log = (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(
                HostRatePublisher.class);
        ch.qos.logback.classic.Level level = log.getLevel();
        log.setLevel(ch.qos.logback.classic.Level.WARN); // not a line for each of the hosts' first limits
        try {
            publisher.changed(limited("first.test", 5, 10));
            for (int i = 0; i < HostRatePublisher.MAX_HOSTS; i++) {
                publisher.changed(limited("h" + i + ".test", 5, 10));
            }
        } finally {
            log.setLevel(level);
        }
        int before = sent().size();

        publisher.changed(limited("first.test", 5.1, 10));
        publisher.changed(limited("h" + (HostRatePublisher.MAX_HOSTS - 1) + ".test", 5.1, 10));

        assertThat(sent()).hasSize(before + 1);
        assertThat(sent().get(before).key()).isEqualTo("first.test");
    }

    @Test
    void aRecordTheBrokerRefusesIsLoggedNotThrown() {
        MockProducer<String, byte[]> refusing = new MockProducer<>(cluster(), false, null, new StringSerializer(),
                new ByteArraySerializer());
        HostRatePublisher withRefusals = new HostRatePublisher(
                new OutputPublisher(refusing, HandlerFixture.TOPICS, Runnable::run), time);
        withRefusals.changed(limited("a.test", 5, 10));

        assertThatCode(() -> refusing.errorNext(new RuntimeException("not the leader"))).doesNotThrowAnyException();
        withRefusals.changed(limited("a.test", 5.2, 10));
        assertThat(refusing.history()).as("the rate counts as published: a small change still waits").hasSize(1);
    }
}
