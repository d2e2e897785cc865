package org.kcrawl.fetcher.seen;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads partitions of the compacted seen topic from the beginning to their current end, with a
 * dedicated consumer outside any group (assign, never subscribe), and yields their completed
 * fingerprints with their last fetch times. The time is the record's timestamp, which the fetcher
 * sets to the fetch's completion: the value (the URL's {@link org.kcrawl.common.message.UrlStatus})
 * is never parsed here, so a restore costs what it cost before the store kept statuses.
 *
 * <p>Used on the poll thread inside the rebalance callback, where blocking is allowed and is the
 * point: no record of a newly assigned partition may be handled before its history is loaded, or
 * URLs completed by the previous owner would be fetched again. The callback runs inside
 * {@code poll()}, so the group waits for it as long as it finishes within
 * {@code max.poll.interval.ms}; the restore is bounded by a shorter timeout and fails loudly.
 */
public final class SeenRestorer implements SeenHistory, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(SeenRestorer.class);
    private static final Duration POLL = Duration.ofMillis(200);

    private final Consumer<String, byte[]> consumer;
    private final String topic;
    private final Duration timeout;

    /** Restores from {@code topic} with {@code consumer}, which this restorer owns and closes. */
    public SeenRestorer(Consumer<String, byte[]> consumer, String topic, Duration timeout) {
        if (consumer == null) {
            throw new IllegalArgumentException("consumer must not be null");
        }
        if (topic == null || topic.isBlank()) {
            throw new IllegalArgumentException("topic must not be blank");
        }
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive");
        }
        this.consumer = consumer;
        this.topic = topic;
        this.timeout = timeout;
    }

    /**
     * The completed fingerprints of each of {@code partitions}. Throws {@link IllegalStateException}
     * when the topic cannot be read to its end within the timeout.
     */
    @Override
    public Map<Integer, Long2IntOpenHashMap> restore(Collection<Integer> partitions) {
        Map<Integer, Long2IntOpenHashMap> out = new HashMap<>();
        if (partitions.isEmpty()) {
            return out;
        }
        long started = System.nanoTime();
        List<TopicPartition> tps = new ArrayList<>();
        for (Integer p : partitions) {
            tps.add(new TopicPartition(topic, p));
            out.put(p, new Long2IntOpenHashMap());
        }
        consumer.assign(tps);
        try {
            consumer.seekToBeginning(tps);
            Map<TopicPartition, Long> ends = consumer.endOffsets(tps, timeout);
            long deadline = started + timeout.toNanos();
            int malformed = 0;
            while (!reachedEnd(tps, ends)) {
                if (System.nanoTime() - deadline > 0) {
                    throw new IllegalStateException("restoring the seen-set of " + tps + " did not reach the end "
                            + ends + " within " + timeout + "; the fetcher cannot deduplicate without it");
                }
                for (ConsumerRecord<String, byte[]> r : consumer.poll(POLL)) {
                    malformed += apply(out.get(r.partition()), r);
                }
            }
            if (malformed > 0) {
                log.warn("ignored {} seen records with malformed keys in {}", malformed, tps);
            }
            log.info("restored seen-set of {} partitions of {}: {} fingerprints in {} ms", tps.size(), topic,
                    out.values().stream().mapToInt(Long2IntOpenHashMap::size).sum(),
                    (System.nanoTime() - started) / 1_000_000);
            return out;
        } finally {
            consumer.assign(List.of());
        }
    }

    private boolean reachedEnd(List<TopicPartition> tps, Map<TopicPartition, Long> ends) {
        for (TopicPartition tp : tps) {
            if (consumer.position(tp, timeout) < ends.get(tp)) {
                return false;
            }
        }
        return true;
    }

    private static int apply(Long2IntOpenHashMap set, ConsumerRecord<String, byte[]> r) {
        long fp;
        try {
            fp = SeenMarkers.fingerprint(r.key());
        } catch (IllegalArgumentException e) {
            return 1;
        }
        if (r.value() == null) {
            set.remove(fp); // a tombstone: an operator un-marked the URL
        } else {
            set.put(fp, FetchTimes.ofMillis(r.timestamp()));
        }
        return 0;
    }

    @Override
    public void close() {
        consumer.close(CloseOptions.timeout(Duration.ofSeconds(5)));
    }
}
