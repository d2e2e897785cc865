package org.kcrawl.common.topic;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates a crawl's topics when they are missing; existing topics are left as they are, but those that
 * hold unconsumed work are checked for a retention that could delete it ({@link WorkRetention}).
 */
public final class TopicProvisioner {
    private static final Logger log = LoggerFactory.getLogger(TopicProvisioner.class);

    private final Admin admin;

    public TopicProvisioner(Admin admin) {
        this.admin = admin;
    }

    /**
     * Creates missing topics and waits (at most 60 s) until the broker confirms them and every
     * partition of them has a leader, so that records sent right after this returns are not refused
     * with metadata errors.
     */
    public void ensure(CrawlTopics topics, TopicLayout layout) {
        List<NewTopic> wanted = wanted(topics, layout);
        try {
            Set<String> existing = admin.listTopics().names().get(60, TimeUnit.SECONDS);
            List<NewTopic> missing = wanted.stream().filter(t -> !existing.contains(t.name())).toList();
            List<String> kept = wanted.stream().filter(WorkRetention::keepsWork).map(NewTopic::name)
                    .filter(existing::contains).toList();
            new WorkRetention(admin).check(kept).forEach(log::warn);
            if (missing.isEmpty()) {
                return;
            }
            for (var entry : admin.createTopics(missing).values().entrySet()) {
                try {
                    entry.getValue().get(60, TimeUnit.SECONDS);
                    log.info("created topic {}", entry.getKey());
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw e;
                    }
                    // Another worker created it between our list and create: that is the goal.
                }
            }
            List<String> names = missing.stream().map(NewTopic::name).toList();
            awaitServing(awaitLeaders(names));
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot create topics for crawl '" + topics.crawlName()
                    + "': " + e.getMessage() + " (check the bootstrap servers and ACLs)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topics", e);
        }
    }

    /**
     * The crawl's work topics, those created to keep their messages until they are consumed
     * ({@link WorkRetention}): urls, render, pages and every parking tier.
     */
    public static List<String> workTopics(CrawlTopics topics, TopicLayout layout) {
        return wanted(topics, layout).stream().filter(WorkRetention::keepsWork).map(NewTopic::name).toList();
    }

    /** Every topic of the crawl, with the partitions and settings it is created with. */
    private static List<NewTopic> wanted(CrawlTopics topics, TopicLayout layout) {
        String maxBytes = Integer.toString(layout.maxMessageBytes());
        List<NewTopic> wanted = new ArrayList<>();
        // Work topics keep their messages until they are consumed, however long a crawl is paused: the
        // broker's default retention (often 7 days) would delete URLs and pages nobody has read yet.
        wanted.add(topic(topics.urls(), layout.urlPartitions(), layout, WorkRetention.CONFIGS));
        // The seen topic must have exactly the urls partition count: partition p of seen holds the
        // fingerprints of hosts in partition p of urls, so one owner restores exactly its hosts.
        wanted.add(topic(topics.seen(), layout.urlPartitions(), layout,
                Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT)));
        // Learned host rates: compacted, and partition p holds the hosts of urls partition p, which its owner reads.
        wanted.add(topic(topics.hostRates(), layout.urlPartitions(), layout,
                Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT)));
        // One partition: a small topic every worker reads whole, in the order sites were added.
        wanted.add(topic(topics.scope(), 1, layout,
                Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT)));
        // Keyed by host like urls and as many partitions, so render workers scale as far as fetchers do.
        wanted.add(topic(topics.render(), layout.urlPartitions(), layout, WorkRetention.CONFIGS));
        wanted.add(topic(topics.pages(), layout.pagePartitions(), layout,
                WorkRetention.with(Map.of(TopicConfig.MAX_MESSAGE_BYTES_CONFIG, maxBytes))));
        wanted.add(topic(topics.records(), layout.outputPartitions(), layout, Map.of()));
        wanted.add(topic(topics.failures(), layout.outputPartitions(), layout, Map.of()));
        wanted.add(topic(topics.deadLetters(), layout.outputPartitions(), layout,
                Map.of(TopicConfig.MAX_MESSAGE_BYTES_CONFIG, maxBytes)));
        for (String parked : topics.parkedTopics()) {
            // Append time, not the producer's clock: a tier forwards each URL its delay after the broker
            // stored it, and append times only grow within a partition, so the earliest due come first.
            wanted.add(topic(parked, layout.urlPartitions(), layout,
                    WorkRetention.with(Map.of(TopicConfig.MESSAGE_TIMESTAMP_TYPE_CONFIG, "LogAppendTime"))));
        }
        return wanted;
    }

    /**
     * Waits until every partition of {@code names} has a leader (start-up only: polls with short pauses);
     * returns the partitions.
     */
    private List<TopicPartition> awaitLeaders(List<String> names)
            throws ExecutionException, TimeoutException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            List<TopicPartition> led = null;
            try {
                var descriptions = admin.describeTopics(names).allTopicNames().get(60, TimeUnit.SECONDS);
                if (descriptions.values().stream().allMatch(d -> d.partitions().stream()
                        .allMatch(p -> p.leader() != null && !p.leader().isEmpty()))) {
                    led = descriptions.values().stream().flatMap(d -> d.partitions().stream()
                            .map(p -> new TopicPartition(d.name(), p.partition()))).toList();
                }
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                    throw e;
                }
                // created, but not yet in the metadata of the broker we asked
            }
            if (led != null) {
                return led;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new TimeoutException("partitions of " + names + " still have no leader after 60 s");
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
    }

    /**
     * Waits until the leaders serve {@code partitions}: a broker names a leader in its metadata before that
     * leader takes requests for it, and an idempotent producer whose first batch is refused then
     * (NOT_LEADER_OR_FOLLOWER) while its next one is stored retries the first with OUT_OF_ORDER_SEQUENCE_NUMBER
     * until its delivery timeout fails it (KAFKA-14359, KAFKA-15591; seen here with 5,000 records sent right
     * after creating their topic on the embedded broker). Asking each leader for the partition's end offset
     * answers only once it leads; the admin client retries the refusals.
     */
    private void awaitServing(List<TopicPartition> partitions)
            throws ExecutionException, TimeoutException, InterruptedException {
        Map<TopicPartition, OffsetSpec> ends = new HashMap<>();
        partitions.forEach(p -> ends.put(p, OffsetSpec.latest()));
        admin.listOffsets(ends).all().get(60, TimeUnit.SECONDS);
    }

    /** Verifies that seen and urls are co-partitioned; the seen-set is wrong otherwise. */
    public void checkCoPartitioned(CrawlTopics topics) {
        try {
            var descriptions = admin.describeTopics(List.of(topics.urls(), topics.seen()))
                    .allTopicNames().get(60, TimeUnit.SECONDS);
            int urls = descriptions.get(topics.urls()).partitions().size();
            int seen = descriptions.get(topics.seen()).partitions().size();
            if (urls != seen) {
                throw new IllegalStateException(topics.seen() + " has " + seen + " partitions but "
                        + topics.urls() + " has " + urls + "; they must match. Recreate " + topics.seen()
                        + " with " + urls + " partitions.");
            }
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot describe topics: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while describing topics", e);
        }
    }

    private static NewTopic topic(String name, int partitions, TopicLayout layout, Map<String, String> configs) {
        return new NewTopic(name, partitions, layout.replication()).configs(configs);
    }
}
