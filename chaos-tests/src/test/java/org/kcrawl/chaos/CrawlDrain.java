package org.kcrawl.chaos;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.kcrawl.common.kafka.ConsumerLag;
import org.kcrawl.common.topic.CrawlTopics;

/**
 * Tells when a crawl has drained: both groups have committed everything on their topics, nothing new
 * was appended, and that has held for a sustained period while every worker ran. Lag alone is not
 * enough, because a parser can commit a page just after its links reached the urls topic; an end
 * offset that stays put closes that gap.
 */
final class CrawlDrain {
    /** One observation. */
    record Snapshot(long fetcherLag, long parserLag, long renderLag, long parkedLag, long urlsEnd, long pagesEnd) {
        boolean idle() {
            return fetcherLag == 0 && parserLag == 0 && renderLag == 0 && parkedLag == 0;
        }
    }

    private final Admin admin;
    private final CrawlTopics topics;
    private final ConsumerLag lag;
    private final long sustainedNanos;
    private Snapshot last;
    private Snapshot idleSince;
    private long idleSinceNanos;

    CrawlDrain(Admin admin, CrawlTopics topics, Duration sustained) {
        this.admin = admin;
        this.topics = topics;
        this.lag = new ConsumerLag(admin);
        this.sustainedNanos = sustained.toNanos();
    }

    /**
     * Takes a snapshot; true once snapshots have shown no lag and the same end offsets for the sustained
     * period, with {@code workersUp} true at each of them.
     */
    synchronized boolean settled(boolean workersUp) {
        Snapshot s = snapshot();
        last = s;
        long now = System.nanoTime();
        if (!workersUp || !s.idle()) {
            idleSince = null;
            return false;
        }
        if (idleSince == null || idleSince.urlsEnd() != s.urlsEnd() || idleSince.pagesEnd() != s.pagesEnd()) {
            idleSince = s;
            idleSinceNanos = now;
            return false;
        }
        return now - idleSinceNanos >= sustainedNanos;
    }

    /** The last snapshot taken, for failure messages. */
    synchronized Snapshot last() {
        return last;
    }

    /** Lags and end offsets now. */
    Snapshot snapshot() {
        // The render topic's lag counts from its start for a group that never committed: 0 on a crawl that
        // renders nothing (its render topic is empty), everything sent to render until a render worker commits.
        // A parked URL is committed on its tier only once forwarded to urls: until then (its not-before time may be
        // seconds away, past the sustained period) the crawl has not drained.
        return new Snapshot(lag.of(topics.fetcherGroup(), topics.urls()), lag.of(topics.parserGroup(), topics.pages()),
                lag.of(topics.rendererGroup(), topics.render()), lag.of(topics.parkingGroup(), topics.parkedTopics()),
                endOffsets(admin, topics.urls()),
                endOffsets(admin, topics.pages()));
    }

    /** The sum of {@code topic}'s end offsets: records written, committed or not, and transaction markers. */
    static long endOffsets(Admin admin, String topic) {
        try {
            var description = admin.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS);
            Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
            description.get(topic).partitions().forEach(p ->
                    latest.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest()));
            long sum = 0;
            for (var info : admin.listOffsets(latest).all().get(30, TimeUnit.SECONDS).values()) {
                sum += info.offset();
            }
            return sum;
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot read the end offsets of " + topic + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading end offsets", e);
        }
    }
}
