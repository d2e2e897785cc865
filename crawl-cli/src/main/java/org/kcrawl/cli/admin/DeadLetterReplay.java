package org.kcrawl.cli.admin;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.kcrawl.common.kafka.DeadLetterPublisher;
import org.kcrawl.common.topic.CrawlTopics;

/**
 * Puts a crawl's dead letters back on the topics they came from, once whatever refused them is fixed
 * (a worker upgraded to a schema version it reads, a bug fixed, a limit raised).
 *
 * <p>Each dead letter goes back with its key (so to the partition its host's URLs go to), its value and
 * its own headers, without the {@code dlq.*} ones its dead-lettering added. It reads what the topic holds
 * when it starts, from where the last replay of this crawl stopped: the replay group's offsets are
 * committed only once every dead letter before them is acknowledged on its topic, so a replay that fails
 * half-way is run again without losing any, and one that succeeded is not repeated. A dead letter put back
 * and refused again is dead-lettered again, after this replay's end: the next replay offers it once more.
 *
 * <p>Not put back: a truncated dead letter (only its first KiB was kept, see {@link DeadLetterPublisher}),
 * and one whose original topic is not one of the crawl's topics; both are counted and left.
 */
final class DeadLetterReplay {
    private static final String DLQ_HEADER_PREFIX = "dlq.";

    private final Consumer<String, byte[]> consumer;
    private final Producer<String, byte[]> producer;
    private final CrawlTopics topics;
    private final Duration timeout;
    private final boolean dryRun;
    private final LongSupplier nanoTime;

    /**
     * A replay reading with {@code consumer} (of the replay group, assigned nothing yet) and writing with
     * {@code producer}; {@code timeout} bounds each wait for Kafka; a {@code dryRun} counts without writing
     * or committing.
     */
    DeadLetterReplay(Consumer<String, byte[]> consumer, Producer<String, byte[]> producer, CrawlTopics topics,
                     Duration timeout, boolean dryRun, LongSupplier nanoTime) {
        this.consumer = consumer;
        this.producer = producer;
        this.topics = topics;
        this.timeout = timeout;
        this.dryRun = dryRun;
        this.nanoTime = nanoTime;
    }

    /** What a replay did. */
    record Outcome(Map<String, Long> replayedByTopic, long truncated, long foreign) {
        long replayed() {
            return replayedByTopic.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /** Replays the dead letters of {@code partitions} up to their ends as of now. */
    Outcome run(List<TopicPartition> partitions) {
        consumer.assign(partitions);
        Map<TopicPartition, Long> ends = new HashMap<>(consumer.endOffsets(partitions, timeout));
        Map<String, Long> replayed = new TreeMap<>();
        long truncated = 0;
        long foreign = 0;
        long lastProgress = nanoTime.getAsLong();
        while (!reachedEnds(ends)) {
            List<ConsumerRecord<String, byte[]>> batch = new ArrayList<>();
            consumer.poll(Duration.ofMillis(200)).forEach(batch::add);
            if (batch.isEmpty()) {
                if (nanoTime.getAsLong() - lastProgress > timeout.toNanos()) {
                    throw new ClusterException("no dead letter could be read within " + timeout.toSeconds()
                            + " s though " + topics.deadLetters() + " holds more (raise --timeout?)");
                }
                continue;
            }
            lastProgress = nanoTime.getAsLong();
            List<CompletableFuture<RecordMetadata>> sends = new ArrayList<>();
            Map<TopicPartition, OffsetAndMetadata> done = new HashMap<>();
            for (ConsumerRecord<String, byte[]> r : batch) {
                TopicPartition tp = new TopicPartition(r.topic(), r.partition());
                if (r.offset() >= ends.get(tp)) {
                    continue; // dead-lettered after the replay started (perhaps by it): left, unmarked, for the next
                }
                done.put(tp, new OffsetAndMetadata(r.offset() + 1));
                if (header(r, DeadLetterPublisher.TRUNCATED) != null) {
                    truncated++;
                    continue;
                }
                String origin = header(r, DeadLetterPublisher.ORIGINAL_TOPIC);
                if (!isWorkTopic(origin)) {
                    foreign++;
                    continue;
                }
                replayed.merge(origin, 1L, Long::sum);
                if (!dryRun) {
                    sends.add(send(new ProducerRecord<>(origin, null, r.key(), r.value(), ownHeaders(r))));
                }
            }
            if (!dryRun) {
                awaitAll(sends);
                consumer.commitSync(done, timeout);
            }
        }
        return new Outcome(replayed, truncated, foreign);
    }

    private boolean reachedEnds(Map<TopicPartition, Long> ends) {
        for (Map.Entry<TopicPartition, Long> e : ends.entrySet()) {
            if (consumer.position(e.getKey(), timeout) < e.getValue()) {
                return false;
            }
        }
        return true;
    }

    /** A topic of this crawl other than the dead letters' own: what a dead letter can have come from. */
    private boolean isWorkTopic(String topic) {
        return topic != null && !topic.equals(topics.deadLetters()) && topics.all().contains(topic);
    }

    private CompletableFuture<RecordMetadata> send(ProducerRecord<String, byte[]> record) {
        CompletableFuture<RecordMetadata> f = new CompletableFuture<>();
        producer.send(record, (metadata, error) -> {
            if (error != null) {
                f.completeExceptionally(error);
            } else {
                f.complete(metadata);
            }
        });
        return f;
    }

    private void awaitAll(List<CompletableFuture<RecordMetadata>> sends) {
        producer.flush();
        try {
            CompletableFuture.allOf(sends.toArray(CompletableFuture[]::new)).get(timeout.toMillis(),
                    TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new ClusterException("cannot put a dead letter back: " + KafkaCalls.describe(cause)
                    + " (nothing after the last acknowledged batch is marked replayed: run it again)", cause);
        } catch (TimeoutException e) {
            throw new ClusterException("dead letters put back were not acknowledged within " + timeout.toSeconds()
                    + " s (nothing after the last acknowledged batch is marked replayed: run it again)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("interrupted while putting dead letters back", e);
        }
    }

    /** The dead letter's headers without those its dead-lettering added. */
    private static RecordHeaders ownHeaders(ConsumerRecord<String, byte[]> r) {
        RecordHeaders out = new RecordHeaders();
        for (Header h : r.headers()) {
            if (!h.key().startsWith(DLQ_HEADER_PREFIX)) {
                out.add(h);
            }
        }
        return out;
    }

    private static String header(ConsumerRecord<String, byte[]> r, String key) {
        Header h = r.headers().lastHeader(key);
        return h == null || h.value() == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }
}
