package org.kcrawl.fetcher.crawl;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.kcrawl.common.kafka.AbandonedWorkException;
import org.kcrawl.common.kafka.OutputPublisher;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.common.kafka.RecordHandler;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.metrics.LogContext;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.http.politeness.Cancellable;
import org.kcrawl.http.politeness.TimeSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the parking tiers and forwards each URL back to its urls partition once it has waited its
 * tier's delay after it was stored (or until its not-before time, if that comes first). The record's
 * offset completes only when the forwarded copy is acknowledged, so a URL is never lost between the
 * two topics; a crash forwards it twice at worst, and the seen-set drops the duplicate.
 *
 * <p>Within a tier partition, due times follow the order of the records (the tiers use broker
 * append times and one delay each, never longer than the URLs' waits, see {@link ParkingTiers}), so
 * holding the first few hundred of a partition on timers, with the
 * {@link org.kcrawl.common.kafka.WorkerLoop}'s per-partition bound pausing the rest, keeps memory
 * small without delaying a URL behind a later one.
 *
 * <p>Thread-safe: records arrive on the poll thread, timers fire on the timer thread.
 */
public final class ParkedForwarder implements RecordHandler<CrawlRequest> {
    private static final Logger log = LoggerFactory.getLogger(ParkedForwarder.class);

    private final CrawlTopics topics;
    private final ParkingTiers tiers;
    private final OutputPublisher outputs;
    private final TimeSource time;
    private final ParkingMetrics metrics;
    private final Map<TopicPartition, Set<Held>> held = new HashMap<>();
    private int size;

    public ParkedForwarder(CrawlTopics topics, ParkingTiers tiers, OutputPublisher outputs, TimeSource time,
                           ParkingMetrics metrics) {
        if (topics == null || tiers == null || outputs == null || time == null || metrics == null) {
            throw new IllegalArgumentException("topics, tiers, outputs, time and metrics are required");
        }
        this.topics = topics;
        this.tiers = tiers;
        this.outputs = outputs;
        this.time = time;
        this.metrics = metrics;
    }

    @Override
    public CompletionStage<?> handle(CrawlRequest message, ConsumerRecord<String, byte[]> record, Claim claim) {
        int tier = topics.parkingTier(record.topic());
        if (tier < 0) {
            throw new IllegalArgumentException(record.topic() + " is not a parking tier of crawl " + topics.crawlName());
        }
        Instant due = Instant.ofEpochMilli(record.timestamp()).plus(tiers.delay(tier));
        if (message.notBefore() != null && message.notBefore().isBefore(due)) {
            due = message.notBefore();
        }
        String key = record.key() != null ? record.key() : HostKey.of(message.url());
        Held h = new Held(new TopicPartition(record.topic(), record.partition()), message, key, urlsPartition(record));
        long wait = Duration.between(time.now(), due).toNanos();
        if (wait <= 0) {
            forward(h);
        } else {
            hold(h, wait);
        }
        return h.done;
    }

    /** Drops the held URLs of revoked tier partitions; the next owner reads and forwards them. */
    @Override
    public void partitionsRevoked(Collection<TopicPartition> partitions) {
        List<Held> dropped = new ArrayList<>();
        synchronized (this) {
            for (TopicPartition tp : partitions) {
                Set<Held> set = held.remove(tp);
                if (set != null) {
                    dropped.addAll(set);
                    size -= set.size();
                }
            }
        }
        for (Held h : dropped) {
            h.timer.cancel();
            h.done.completeExceptionally(new CancellationException(tp(h) + " revoked while " + h.request.url()
                    + " waited there"));
        }
    }

    /** Gives up the held URLs: they are not committed, so they are forwarded after the restart. */
    @Override
    public void stopping() {
        List<Held> dropped = new ArrayList<>();
        synchronized (this) {
            held.values().forEach(dropped::addAll);
            held.clear();
            size = 0;
        }
        for (Held h : dropped) {
            h.timer.cancel();
            h.done.completeExceptionally(new AbandonedWorkException("the fetcher is stopping"));
        }
    }

    /** Parked URLs read and waiting for their delay to end. */
    public synchronized int held() {
        return size;
    }

    /** Counts every held URL into {@code tally}, due at its not-before time (when it may be fetched). */
    synchronized void tally(WaitTally tally) {
        Instant now = time.now();
        for (Set<Held> set : held.values()) {
            for (Held h : set) {
                Instant at = h.request.notBefore() == null ? now : h.request.notBefore();
                tally.add(h.request, Duration.between(now, at));
            }
        }
    }

    private void hold(Held h, long waitNanos) {
        synchronized (this) {
            held.computeIfAbsent(h.source, k -> new LinkedHashSet<>()).add(h);
            size++;
            h.timer = time.schedule(waitNanos, () -> {
                if (remove(h)) {
                    forward(h);
                }
            });
        }
    }

    private synchronized boolean remove(Held h) {
        Set<Held> set = held.get(h.source);
        if (set == null || !set.remove(h)) {
            return false;
        }
        if (set.isEmpty()) {
            held.remove(h.source);
        }
        size--;
        return true;
    }

    private void forward(Held h) {
        outputs.request(h.request, h.key, h.urlsPartition).whenComplete((v, error) -> {
            if (error != null) {
                h.done.completeExceptionally(error);
            } else {
                metrics.forwarded();
                h.done.complete(null);
            }
        });
    }

    @SuppressWarnings("try") // the MDC entries are the resource; the body never names it
    private static Integer urlsPartition(ConsumerRecord<String, byte[]> record) {
        Header header = record.headers().lastHeader(OutputPublisher.PARTITION_HEADER);
        if (header == null || header.value() == null) {
            return null;
        }
        try {
            int p = Integer.parseInt(new String(header.value(), StandardCharsets.US_ASCII));
            return p >= 0 ? p : null;
        } catch (NumberFormatException e) {
            // Without a usable partition the key (the host) still finds the right one by default partitioning.
            try (LogContext c = LogContext.of(record)) {
                log.warn("ignoring a malformed {} header on {}-{}@{}", OutputPublisher.PARTITION_HEADER, record.topic(),
                        record.partition(), record.offset());
            }
            return null;
        }
    }

    private static String tp(Held h) {
        return h.source.toString();
    }

    private static final class Held {
        final TopicPartition source;
        final CrawlRequest request;
        final String key;
        final Integer urlsPartition;
        final CompletableFuture<Void> done = new CompletableFuture<>();
        Cancellable timer;

        Held(TopicPartition source, CrawlRequest request, String key, Integer urlsPartition) {
            this.source = source;
            this.request = request;
            this.key = key;
            this.urlsPartition = urlsPartition;
        }
    }
}
