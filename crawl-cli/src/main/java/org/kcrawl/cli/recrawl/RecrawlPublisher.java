package org.kcrawl.cli.recrawl;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.MalformedMessageException;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.UrlStatus;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.common.message.SeenMarkers;

/**
 * Starts a recrawl: reads the crawl's URL statuses (the values of the seen topic) from the start to the
 * current end, and for each URL the {@link RecrawlSelection} takes, publishes a request carrying its
 * previous fetch ({@link UrlStatus#recrawl}) to the urls partition of the same number, where its owner
 * keeps its seen entry. The fetcher fetches it conditionally, once.
 *
 * <p>A partition is read twice, one at a time: once to find each key's newest marker (a key compaction
 * has not reached yet has older ones before it), once to publish the newest statuses; so memory holds
 * one partition's keys, never a status, and only the newest validators are asked with (the fetcher would
 * drop a request with older ones anyway). Seen markers without a status (written by builds before the
 * store) cannot be recrawled and are counted.
 */
public final class RecrawlPublisher {
    private static final Duration POLL = Duration.ofMillis(200);
    /** Stands for a key that is no fingerprint; such records are skipped (a fingerprint of this value is too). */
    private static final long BAD_KEY = Long.MIN_VALUE;

    /**
     * What a recrawl found and published.
     *
     * @param statuses URL statuses read (older duplicates of a key included)
     * @param published requests published and acknowledged
     * @param withoutStatus seen markers that carry no status (or could not be read), not recrawled
     */
    public record Result(long statuses, long published, long withoutStatus) {}

    private final Consumer<String, byte[]> consumer;
    private final Producer<String, byte[]> producer;
    private final CrawlTopics topics;
    private final Duration timeout;

    /** A publisher reading with {@code consumer} (assigned here, never subscribed) and sending with {@code producer}. */
    public RecrawlPublisher(Consumer<String, byte[]> consumer, Producer<String, byte[]> producer, CrawlTopics topics,
                            Duration timeout) {
        if (consumer == null || producer == null || topics == null || timeout == null) {
            throw new IllegalArgumentException("consumer, producer, topics and timeout are required");
        }
        this.consumer = consumer;
        this.producer = producer;
        this.topics = topics;
        this.timeout = timeout;
    }

    /**
     * Publishes the selected URLs and waits for the broker's acknowledgements. Throws
     * {@link IllegalStateException} when the seen topic cannot be read to its end (no progress within the
     * timeout) or a request could not be published.
     */
    public Result publish(RecrawlSelection selection) {
        List<TopicPartition> tps = new ArrayList<>();
        for (PartitionInfo p : consumer.partitionsFor(topics.seen(), timeout)) {
            tps.add(new TopicPartition(p.topic(), p.partition()));
        }
        Map<TopicPartition, Long> ends = consumer.endOffsets(tps, timeout);
        Sent sent = new Sent();
        long known = 0;
        long withoutStatus = 0;
        try {
            for (TopicPartition tp : tps) {
                // Pass one: the offset of each key's newest marker, for this partition only (about 32 bytes a URL).
                Long2LongOpenHashMap newest = new Long2LongOpenHashMap();
                read(tp, ends.get(tp), r -> {
                    long fp = fingerprint(r.key());
                    if (r.value() == null) {
                        newest.remove(fp);
                    } else {
                        newest.put(fp, r.offset());
                    }
                });
                known += newest.size();
                // Pass two: publish the newest status of each key the selection takes.
                long[] missing = {0};
                read(tp, ends.get(tp), r -> {
                    if (r.value() == null || newest.get(fingerprint(r.key())) != r.offset()) {
                        return;
                    }
                    UrlStatus status = status(r.value());
                    if (status == null) {
                        missing[0]++;
                    } else if (selection.selects(status)) {
                        sent.send(tp.partition(), status.recrawl(selection.now()));
                    }
                });
                withoutStatus += missing[0];
            }
        } finally {
            consumer.assign(List.of());
        }
        producer.flush();
        sent.check();
        return new Result(known - withoutStatus, sent.published, withoutStatus);
    }

    /** Reads {@code tp} from its start to {@code end}, giving each record with a well-formed key to {@code each}. */
    private void read(TopicPartition tp, long end, java.util.function.Consumer<ConsumerRecord<String, byte[]>> each) {
        consumer.assign(List.of(tp));
        consumer.seekToBeginning(List.of(tp));
        long lastProgress = System.nanoTime();
        while (consumer.position(tp, timeout) < end) {
            if (System.nanoTime() - lastProgress > timeout.toNanos()) {
                throw new IllegalStateException("reading " + tp + " made no progress for " + timeout);
            }
            for (ConsumerRecord<String, byte[]> r : consumer.poll(POLL)) {
                lastProgress = System.nanoTime();
                if (r.offset() < end && fingerprint(r.key()) != BAD_KEY) {
                    each.accept(r);
                }
            }
        }
    }

    /** The requests sent and their acknowledgements. */
    private final class Sent {
        final AtomicLong acked = new AtomicLong();
        final AtomicReference<Exception> failed = new AtomicReference<>();
        long published;

        void send(int partition, CrawlRequest request) {
            producer.send(new ProducerRecord<>(topics.urls(), partition, HostKey.of(request.url()),
                    MessageCodec.get().encode(request)), (metadata, error) -> {
                        if (error != null) {
                            failed.compareAndSet(null, error);
                        } else {
                            acked.incrementAndGet();
                        }
                    });
            published++;
        }

        void check() {
            if (failed.get() != null || acked.get() != published) {
                throw new IllegalStateException("only " + acked.get() + " of " + published + " recrawl requests"
                        + " were acknowledged: " + failed.get(), failed.get());
            }
        }
    }

    /** The fingerprint in a seen key, or {@link #BAD_KEY} when the key is not one. */
    private static long fingerprint(String key) {
        try {
            return SeenMarkers.fingerprint(key);
        } catch (IllegalArgumentException e) {
            return BAD_KEY;
        }
    }

    /** The status in a seen marker's value, or null for a marker without one (or a tombstone). */
    private static UrlStatus status(byte[] value) {
        if (value == null || value.length < 2 || value[0] != '{') {
            return null;
        }
        try {
            return MessageCodec.get().decode(value, UrlStatus.class);
        } catch (MalformedMessageException e) {
            return null;
        }
    }
}
