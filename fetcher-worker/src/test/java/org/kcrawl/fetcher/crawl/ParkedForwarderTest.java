package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.kafka.AbandonedWorkException;
import org.kcrawl.common.kafka.ManualOwnership;
import org.kcrawl.common.kafka.OutputPublisher;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.http.politeness.FakeTime;

class ParkedForwarderTest {
    private static final String URL = "http://a.test/p/1";

    private final FakeTime time = new FakeTime();
    private final MockProducer<String, byte[]> producer = new MockProducer<>(HandlerFixture.clusterWithUrls(4), true,
            null, new StringSerializer(), new ByteArraySerializer());
    private final ParkingMetrics metrics = new ParkingMetrics(new SimpleMeterRegistry());
    private final ParkedForwarder forwarder = new ParkedForwarder(HandlerFixture.TOPICS, ParkingTiers.defaults(),
            new OutputPublisher(producer, HandlerFixture.TOPICS, Runnable::run), time, metrics);
    private long offset;

    private CompletableFuture<?> handle(int tier, CrawlRequest request, Instant storedAt, String partitionHeader) {
        RecordHeaders headers = new RecordHeaders();
        if (partitionHeader != null) {
            headers.add(OutputPublisher.PARTITION_HEADER, partitionHeader.getBytes(StandardCharsets.US_ASCII));
        }
        byte[] value = MessageCodec.get().encode(request);
        ConsumerRecord<String, byte[]> record = new ConsumerRecord<>(HandlerFixture.TOPICS.parked(tier), 0, offset++,
                storedAt.toEpochMilli(), TimestampType.LOG_APPEND_TIME, 0, value.length, "a.test", value, headers,
                Optional.empty());
        return forwarder.handle(request, record, claimOn(record.topic())).toCompletableFuture();
    }

    /** A claim on partition 0 of {@code topic}, as the poll loop hands records with (the forwarder reads none). */
    private static Claim claimOn(String topic) {
        ManualOwnership owner = new ManualOwnership(topic);
        owner.assign(0);
        return owner.claim(0);
    }

    private CrawlRequest parkedUntil(Instant notBefore) {
        return CrawlRequest.seed(URL, time.now()).retry(notBefore);
    }

    private List<ProducerRecord<String, byte[]>> forwarded() {
        return producer.history().stream().filter(r -> r.topic().equals(HandlerFixture.TOPICS.urls())).toList();
    }

    @Test
    void aPartitionTheUrlsTopicLacksFallsBackToTheKeysPartition() {
        CrawlRequest request = parkedUntil(time.now());

        CompletableFuture<?> stage = handle(0, request, time.now(), "9");

        assertThat(stage).as("sent, not held until the producer's timeout").isCompleted();
        assertThat(forwarded()).hasSize(1);
        assertThat(forwarded().get(0).partition()).as("no explicit partition: the key's").isNull();
        assertThat(forwarded().get(0).key()).isEqualTo("a.test");
    }

    @Test
    void aParkedUrlGoesBackToItsUrlsPartitionOnceItsTierDelayIsOver() {
        CrawlRequest request = parkedUntil(time.now().plus(Duration.ofMinutes(30)));

        CompletableFuture<?> stage = handle(2, request, time.now(), "3");
        time.advance(Duration.ofMinutes(10).minusSeconds(1));
        assertThat(stage).isNotDone();
        assertThat(forwarder.held()).isEqualTo(1);

        time.advance(Duration.ofSeconds(1));

        assertThat(stage).isCompleted();
        assertThat(forwarded()).hasSize(1);
        ProducerRecord<String, byte[]> out = forwarded().get(0);
        assertThat(out.partition()).isEqualTo(3);
        assertThat(out.key()).isEqualTo("a.test");
        assertThat(HandlerFixture.decode(out.value(), CrawlRequest.class)).isEqualTo(request);
        assertThat(forwarder.held()).isZero();
        assertThat(metrics.forwardedCount()).isEqualTo(1);
    }

    @Test
    void itNeverWaitsPastTheUrlsOwnTime() {
        CompletableFuture<?> stage = handle(3, parkedUntil(time.now().plusSeconds(90)), time.now(), "0");

        time.advance(Duration.ofSeconds(90));

        assertThat(stage).isCompleted();
        assertThat(forwarded()).hasSize(1);
    }

    @Test
    void aRecordStoredLongAgoIsForwardedAtOnceAndOneWithoutAPartitionGoesByItsKey() {
        CompletableFuture<?> stage = handle(0, parkedUntil(time.now().plusSeconds(600)),
                time.now().minus(Duration.ofHours(2)), "not-a-number");

        assertThat(stage).isCompleted();
        assertThat(forwarded().get(0).partition()).isNull();
        assertThat(forwarded().get(0).key()).isEqualTo("a.test");
    }

    @Test
    void revokingDropsHeldUrlsForTheNextOwnerAndStoppingAbandonsThem() {
        CompletableFuture<?> revoked = handle(1, parkedUntil(time.now().plus(Duration.ofHours(1))), time.now(), "0");
        CompletableFuture<?> other = handle(2, parkedUntil(time.now().plus(Duration.ofHours(2))), time.now(), "0");

        forwarder.partitionsRevoked(List.of(new TopicPartition(HandlerFixture.TOPICS.parked(1), 0)));
        assertThat(causeOf(revoked)).isInstanceOf(CancellationException.class);
        assertThat(other).isNotDone();

        forwarder.stopping();
        assertThat(causeOf(other)).isInstanceOf(AbandonedWorkException.class);
        time.advance(Duration.ofHours(3));
        assertThat(forwarded()).as("nothing forwarded for given-up records").isEmpty();
        assertThat(forwarder.held()).isZero();
    }

    @Test
    void aFailedForwardFailsTheRecordSoItsPartitionIsRewound() {
        MockProducer<String, byte[]> failing =
                new MockProducer<>(false, null, new StringSerializer(), new ByteArraySerializer());
        ParkedForwarder f = new ParkedForwarder(HandlerFixture.TOPICS, ParkingTiers.defaults(),
                new OutputPublisher(failing, HandlerFixture.TOPICS, Runnable::run), time, metrics);
        byte[] value = MessageCodec.get().encode(parkedUntil(time.now()));
        CompletableFuture<?> stage = f.handle(parkedUntil(time.now()), new ConsumerRecord<>(
                HandlerFixture.TOPICS.parked(0), 0, 0L, "a.test", value), claimOn(HandlerFixture.TOPICS.parked(0)))
                .toCompletableFuture();

        failing.errorNext(new IllegalStateException("broker down"));

        assertThat(causeOf(stage)).hasMessageContaining("broker down");
        assertThat(metrics.forwardedCount()).isZero();
    }

    private static Throwable causeOf(CompletableFuture<?> f) {
        try {
            f.get();
            throw new AssertionError("expected a failed stage");
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (CancellationException e) {
            return e;
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
