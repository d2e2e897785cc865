package org.kcrawl.fetcher.crawl;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.kcrawl.common.kafka.ManualOwnership;
import org.kcrawl.common.kafka.OutputPublisher;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureRecord;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.MalformedMessageException;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.common.redirect.RedirectScope;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.http.pipeline.RetryPolicy;
import org.kcrawl.http.politeness.FakeTime;
import org.kcrawl.http.politeness.HostScheduler;
import org.kcrawl.http.politeness.PolitenessSettings;
import org.kcrawl.http.politeness.ScriptedFetcher;
import org.kcrawl.http.robots.RobotsPolicy;
import org.kcrawl.http.robots.RobotsRules;
import org.kcrawl.http.robots.RobotsSettings;
import org.kcrawl.fetcher.seen.CompletedSet;
import org.kcrawl.fetcher.seen.CompletedSets;
import org.kcrawl.fetcher.seen.SeenSet;

/** A {@link FetchHandler} wired to fake time, a scripted fetcher and Kafka's mock producer. */
final class HandlerFixture {
    static final CrawlTopics TOPICS = new CrawlTopics("t");

    /** The metadata of a cluster whose urls topic has {@code partitions} partitions, for mock producers. */
    static org.apache.kafka.common.Cluster clusterWithUrls(int partitions) {
        org.apache.kafka.common.Node node = new org.apache.kafka.common.Node(1, "127.0.0.1", 9092);
        java.util.List<org.apache.kafka.common.PartitionInfo> infos = new java.util.ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            infos.add(new org.apache.kafka.common.PartitionInfo(TOPICS.urls(), p, node,
                    new org.apache.kafka.common.Node[] {node}, new org.apache.kafka.common.Node[] {node}));
        }
        return new org.apache.kafka.common.Cluster("test", java.util.List.of(node), infos, java.util.Set.of(),
                java.util.Set.of());
    }

    final FakeTime time = new FakeTime();
    /** The poll loop's ownership of the urls partitions, claims stamped with the fake time. */
    final ManualOwnership owner = new ManualOwnership(TOPICS.urls(), time::nanoTime);
    final ScriptedFetcher fetcher = new ScriptedFetcher(time);
    final HostScheduler scheduler;
    final MockProducer<String, byte[]> producer;
    final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    final FetchMetrics metrics = new FetchMetrics(registry);
    final SeenSet seen = new SeenSet();
    /** Each partition's completed fingerprints with their fetch times ({@link org.kcrawl.fetcher.seen.FetchTimes}). */
    final Map<Integer, Long2IntOpenHashMap> history = new HashMap<>();
    final FetchHandler handler;
    private long offset;

    /** Builder-style options. */
    static final class Options {
        boolean robots = true;
        boolean autoAck = true;
        HandlerSettings settings = HandlerSettings.defaults();
        UnaryOperator<String> normalizer = UnaryOperator.identity();
        RedirectScope scope = RedirectScope.sameHost();
        int maxAttempts = 3;
        PolitenessSettings politeness = PolitenessSettings.defaults();
    }

    HandlerFixture() {
        this(new Options());
    }

    HandlerFixture(Options o) {
        scheduler = new HostScheduler(o.politeness, time);
        producer = new MockProducer<>(o.autoAck, null, new StringSerializer(), new ByteArraySerializer());
        RobotsPolicy robots = o.robots
                ? new RobotsRules(fetcher, scheduler, RobotsSettings.defaults(), time, registry)
                : RobotsPolicy.ignore();
        OutputPublisher outputs = new OutputPublisher(producer, TOPICS, Runnable::run);
        handler = new FetchHandler(o.settings,
                new FetchServices(scheduler, robots, seen, ps -> {
                    Map<Integer, CompletedSet> out = new HashMap<>();
                    ps.forEach(p -> out.put(p, CompletedSets.of(history.getOrDefault(p, new Long2IntOpenHashMap()))));
                    return out;
                }, fetcher, outputs, metrics, time),
                new RetryPolicy(o.maxAttempts, Duration.ofSeconds(1), Duration.ofMinutes(1), () -> 0.5),
                new RedirectRules(o.normalizer, o.scope, 5));
        assign(0);
        // Let the first interval after the assignment pass, so first requests go out at once.
        time.advance(Duration.ofSeconds(2));
    }

    CompletableFuture<?> handle(CrawlRequest request) {
        return handle(request, 0);
    }

    CompletableFuture<?> handle(CrawlRequest request, int partition) {
        ConsumerRecord<String, byte[]> record = new ConsumerRecord<>(TOPICS.urls(), partition, offset++,
                HostKey.of(request.url()), MessageCodec.get().encode(request));
        return handler.handle(request, record, owner.claim(partition)).toCompletableFuture();
    }

    /** Assigns the urls {@code partitions} to the handler as the poll loop does (again, for a rewind). */
    void assign(int... partitions) {
        owner.assign(handler, partitions);
    }

    /** Revokes the urls {@code partitions} from the handler as the poll loop does. */
    void revoke(int... partitions) {
        owner.revoke(handler, partitions);
    }

    CrawlRequest seed(String url) {
        return CrawlRequest.seed(url, time.now());
    }

    List<ProducerRecord<String, byte[]>> sent(String topic) {
        return producer.history().stream().filter(r -> r.topic().equals(topic)).toList();
    }

    List<FetchedPage> pages() {
        return sent(TOPICS.pages()).stream().map(r -> decode(r.value(), FetchedPage.class)).toList();
    }

    List<FailureRecord> failures() {
        return sent(TOPICS.failures()).stream().map(r -> decode(r.value(), FailureRecord.class)).toList();
    }

    List<CrawlRequest> requests() {
        return sent(TOPICS.urls()).stream().map(r -> decode(r.value(), CrawlRequest.class)).toList();
    }

    /** The requests published to parking tier {@code tier}. */
    List<CrawlRequest> parked(int tier) {
        return sent(TOPICS.parked(tier)).stream().map(r -> decode(r.value(), CrawlRequest.class)).toList();
    }

    double outcome(String outcome, String reason) {
        var c = registry.find(FetchMetrics.OUTCOMES).tag("outcome", outcome).tag("reason", reason).counter();
        return c == null ? 0 : c.count();
    }

    static <T> T decode(byte[] bytes, Class<T> type) {
        try {
            return MessageCodec.get().decode(bytes, type);
        } catch (MalformedMessageException e) {
            throw new AssertionError(e);
        }
    }
}
