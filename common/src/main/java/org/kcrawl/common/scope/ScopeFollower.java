package org.kcrawl.common.scope;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.message.MalformedMessageException;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.ScopeSite;
import org.kcrawl.common.topic.CrawlTopics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows the crawl's scope topic into a {@link CrawlSites}. {@link #start} reads the topic from its
 * beginning to its end before it returns, so a worker judges its first URL knowing every site added
 * before it started (after a restart: everything earlier runs added); then a thread of its own keeps
 * reading while the crawl runs, so a site added later counts from when it arrives, within a poll.
 *
 * <p>Why a topic: the fetcher that follows a seed's redirect and the parsers that judge the links of
 * the pages it leads to are different processes, and Kafka is the only state they share. It assigns
 * the topic's partitions instead of joining a group and commits nothing: every worker reads all of it
 * whenever it starts. The topic is small (a record per site) and compacted by site. Sites are never
 * removed: a tombstone is ignored.
 */
public final class ScopeFollower implements AutoCloseable {
    /** How long {@link #start} may take to read the topic to its end unless told otherwise. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    private static final Logger log = LoggerFactory.getLogger(ScopeFollower.class);
    private static final Duration POLL = Duration.ofMillis(500);
    /**
     * A follower must never create the topic by asking for it: a broker that creates topics on demand
     * would make it without compaction. Workers create it with the crawl's other topics.
     */
    private static final Map<String, Object> NO_AUTO_CREATE = Map.of(
            ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);

    /**
     * A follower has no group to leave and nothing to commit: all its close would wait for is the broker's
     * answer to closing its fetch session, which queues behind the fetch it has out (up to the fetch wait),
     * and that wait was a tenth of a crawl's stop. The broker drops an unclosed session by itself.
     */
    private static final Duration CLOSE_WITHOUT_WAITING = Duration.ZERO;

    private final org.apache.kafka.clients.consumer.Consumer<String, byte[]> consumer;
    private final String topic;
    private final CrawlSites sites;
    private final Consumer<ScopeSite> listener;
    private final Thread thread;
    private volatile boolean closing;
    private volatile Throwable failure;

    ScopeFollower(org.apache.kafka.clients.consumer.Consumer<String, byte[]> consumer, String topic, CrawlSites sites,
                  Consumer<ScopeSite> listener) {
        if (consumer == null || topic == null || sites == null || listener == null) {
            throw new IllegalArgumentException("consumer, topic, sites and listener must not be null");
        }
        this.consumer = consumer;
        this.topic = topic;
        this.sites = sites;
        this.listener = listener;
        this.thread = new Thread(this::follow, "kcrawl-scope-" + topic);
        thread.setDaemon(true);
    }

    /**
     * Reads {@code topics}' scope topic to its end into {@code sites}, then follows it; {@code added} is
     * told of every site that is new to {@code sites} (on the caller's thread while reading to the end,
     * on the follower's after). Throws {@link IllegalStateException} when the topic does not exist or
     * cannot be read to its end within {@code timeout}.
     */
    public static ScopeFollower start(KafkaClients clients, CrawlTopics topics, String clientId, CrawlSites sites,
                                      Consumer<ScopeSite> added, Duration timeout) {
        ScopeFollower follower = new ScopeFollower(clients.consumer(null, clientId + "-scope", 500, NO_AUTO_CREATE),
                topics.scope(), sites, added);
        try {
            follower.catchUp(timeout);
        } catch (RuntimeException e) {
            follower.consumer.close(CloseOptions.timeout(CLOSE_WITHOUT_WAITING));
            throw e;
        }
        follower.startFollowing();
        return follower;
    }

    /** The sites this follower adds to. */
    public CrawlSites sites() {
        return sites;
    }

    /** Why following stopped before {@link #close()}, or null while it runs. */
    public Throwable failure() {
        return failure;
    }

    /** Stops following and closes the consumer. Idempotent. */
    @Override
    public void close() {
        if (closing) {
            return;
        }
        closing = true;
        if (!thread.isAlive()) {
            if (thread.getState() == Thread.State.NEW) {
                consumer.close(CloseOptions.timeout(CLOSE_WITHOUT_WAITING));
            }
            return;
        }
        consumer.wakeup();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Follows the topic on the follower's thread, after {@link #catchUp}. */
    void startFollowing() {
        thread.start();
    }

    /** Reads from the beginning to the end offsets taken now. Start-up only: it blocks. */
    void catchUp(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<PartitionInfo> infos = consumer.partitionsFor(topic, timeout);
        if (infos == null || infos.isEmpty()) {
            throw new IllegalStateException("the crawl's scope topic " + topic + " does not exist; the workers and"
                    + " crawl submit create it with the crawl's other topics");
        }
        List<TopicPartition> partitions = infos.stream().map(i -> new TopicPartition(topic, i.partition())).toList();
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, timeout);
        while (!reached(ends)) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("could not read the crawl's scope topic " + topic + " to its end "
                        + ends + " within " + timeout);
            }
            consumer.poll(POLL).forEach(this::apply);
        }
        log.debug("read {} sites from {}", sites.size(), topic);
    }

    private boolean reached(Map<TopicPartition, Long> ends) {
        for (Map.Entry<TopicPartition, Long> end : ends.entrySet()) {
            if (consumer.position(end.getKey()) < end.getValue()) {
                return false;
            }
        }
        return true;
    }

    private void follow() {
        try {
            while (!closing) {
                consumer.poll(POLL).forEach(this::apply);
            }
        } catch (WakeupException e) {
            if (!closing) {
                failed(e);
            }
        } catch (RuntimeException e) {
            failed(e);
        } finally {
            consumer.close(CloseOptions.timeout(CLOSE_WITHOUT_WAITING));
        }
    }

    private void failed(RuntimeException e) {
        failure = e;
        log.error("following the crawl's scope topic {} failed: sites added from now on are not in this worker's"
                + " scope until it restarts", topic, e);
    }

    void apply(ConsumerRecord<String, byte[]> record) {
        if (record.value() == null) {
            return; // a tombstone; sites only ever join the crawl's scope
        }
        ScopeSite site;
        try {
            site = MessageCodec.get().decode(record.value(), ScopeSite.class);
        } catch (MalformedMessageException e) {
            log.warn("skipping the unreadable record {}-{}@{} of the crawl's scope topic: {}", record.topic(),
                    record.partition(), record.offset(), e.getMessage());
            return;
        }
        boolean added;
        try {
            // The site as named, and the seed's directory (for a crawl that stays under its seeds).
            added = sites.add(site.site()) | sites.addSeed(site.url());
        } catch (IllegalArgumentException e) {
            log.warn("skipping record {}-{}@{} of the crawl's scope topic: {}", record.topic(), record.partition(),
                    record.offset(), e.getMessage());
            return;
        }
        if (added) {
            log.debug("{} is in the crawl's scope ({} {})", site.site(), site.cause().wireName(), site.url());
            try {
                listener.accept(site);
            } catch (RuntimeException e) {
                log.warn("a listener of the crawl's scope failed on {}", site.site(), e);
            }
        }
    }
}
