package org.kcrawl.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.kcrawl.cli.io.LineOutput;
import org.kcrawl.cli.io.OutputWriteException;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.message.MalformedMessageException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Copies a topic's messages to a JSON Lines file (or stdout), one line a message in the given
 * {@link LineFormat}.
 *
 * <p>It consumes in its own group and commits only after the lines are flushed, so a resumed crawl
 * appends exactly what the file lacks. A fresh group truncates the file: the file then holds this
 * crawl's messages only. A line limit lets {@code --max-pages} write exactly N records. A message the
 * format cannot read is logged with its reason and position, counted, and skipped.
 *
 * <p>When the output can no longer be written (its reader went away, its file failed) the sink stops
 * at once, commits nothing more (what reached the output is committed already), and hands the
 * exception to its owner, which decides how the crawl ends.
 */
final class JsonLinesSink implements Runnable {
    private static final Logger log = LoggerFactory.getLogger(JsonLinesSink.class);

    private final KafkaConsumer<String, byte[]> consumer;
    private final String group;
    private final String topic;
    private final Path file;
    private final long maxLines;
    private final LineFormat format;
    private final Consumer<OutputWriteException> onLost;
    private final AtomicLong written = new AtomicLong();
    private final AtomicLong unreadable = new AtomicLong();
    private final Map<TopicPartition, Long> positions = new HashMap<>();
    /** Where this sink last committed each partition (poll thread only). */
    private final Map<TopicPartition, Long> committedTo = new HashMap<>();
    private volatile boolean stopRequested;
    private volatile OutputWriteException lost;
    private LineOutput out;

    /**
     * @param file target file, or null for stdout
     * @param maxLines lines to write at most (0 for no limit)
     * @param format how a message becomes its line
     * @param onLost told, once and on the sink's thread, when the output can no longer be written
     */
    JsonLinesSink(KafkaClients clients, String group, String topic, Path file, long maxLines, LineFormat format,
                  Consumer<OutputWriteException> onLost) {
        if (format == null || onLost == null) {
            throw new IllegalArgumentException("format and onLost must not be null");
        }
        this.consumer = clients.consumer(group, group + "-sink", 2000);
        this.group = group;
        this.topic = topic;
        this.file = file;
        this.maxLines = maxLines;
        this.format = format;
        this.onLost = onLost;
    }

    /** The consumer group the sink commits in. */
    String group() {
        return group;
    }

    /** The topic the sink copies. */
    String topic() {
        return topic;
    }

    /** Lines written so far. */
    long written() {
        return written.get();
    }

    /** Messages skipped because the format could not read them. */
    long unreadable() {
        return unreadable.get();
    }

    /** True once the line limit is reached. */
    boolean limitReached() {
        return maxLines > 0 && written.get() >= maxLines;
    }

    /** Why the output can no longer be written, or null while it can. */
    OutputWriteException lost() {
        return lost;
    }

    /** Asks the sink to stop after flushing what it has. */
    void stop() {
        stopRequested = true;
        consumer.wakeup();
    }

    @Override
    public void run() {
        try {
            consumer.subscribe(List.of(topic), new ConsumerRebalanceListener() {
                // Kafka calls these inside poll() and close(): a lost output is handed on here, not thrown
                // through the consumer.
                @Override
                public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                    try {
                        flushAndCommit();
                    } catch (OutputWriteException e) {
                        lose(e);
                    }
                }

                @Override
                public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                    try {
                        openOnce(partitions);
                    } catch (OutputWriteException e) {
                        lose(e);
                    }
                }
            });
            while (!stopRequested && lost == null) {
                try {
                    var records = consumer.poll(Duration.ofMillis(200));
                    for (ConsumerRecord<String, byte[]> r : records) {
                        write(r);
                    }
                    flushAndCommit();
                } catch (WakeupException e) {
                    // stop() woke us; the loop condition ends the run
                } catch (OutputWriteException e) {
                    lose(e);
                }
            }
            flushAndCommit();
        } catch (OutputWriteException e) {
            lose(e);
        } finally {
            close();
        }
    }

    private void openOnce(Collection<TopicPartition> partitions) throws OutputWriteException {
        if (out != null || lost != null) {
            return;
        }
        if (file == null) {
            out = LineOutput.stdout();
            return;
        }
        boolean resumed = !consumer.committed(new HashSet<>(partitions)).values().stream()
                .allMatch(Objects::isNull);
        out = LineOutput.file(file, resumed);
    }

    private void write(ConsumerRecord<String, byte[]> r) throws OutputWriteException {
        if (lost != null) {
            return; // lost inside this poll (a rebalance callback): nothing more is written or committed
        }
        positions.put(new TopicPartition(r.topic(), r.partition()), r.offset() + 1);
        if (limitReached()) {
            return;
        }
        byte[] line;
        try {
            line = format.line(r.value());
        } catch (MalformedMessageException e) {
            unreadable.incrementAndGet();
            log.warn("skipping message {}-{}@{}: {} ({})", r.topic(), r.partition(), r.offset(), e.getMessage(),
                    e.kind());
            return;
        }
        out.writeLine(line);
        written.incrementAndGet();
    }

    /**
     * Commits a batch only once its lines have reached the output. The commit goes up to the consumer's
     * position, past the last record: the workers write in transactions, and each ends with a commit marker
     * in the partition that no poll returns; committed only up to its last record, a topic would always
     * look one message behind, and the crawl would wait for its writers to catch up in vain.
     */
    private void flushAndCommit() throws OutputWriteException {
        if (out == null || lost != null) {
            return;
        }
        for (TopicPartition tp : consumer.assignment()) {
            try {
                positions.merge(tp, consumer.position(tp, Duration.ZERO), Math::max);
            } catch (org.apache.kafka.common.errors.TimeoutException e) {
                // No position yet: nothing read from it to commit.
            }
        }
        positions.entrySet().removeIf(p -> p.getValue() <= committedTo.getOrDefault(p.getKey(), -1L));
        if (positions.isEmpty()) {
            return;
        }
        out.flush();
        Map<TopicPartition, OffsetAndMetadata> commit = new HashMap<>();
        positions.forEach((tp, offset) -> commit.put(tp, new OffsetAndMetadata(offset)));
        consumer.commitSync(commit);
        committedTo.putAll(positions);
        positions.clear();
    }

    /** Remembers the first loss, forgets the batch that did not get through, and tells the owner. */
    private void lose(OutputWriteException e) {
        if (lost != null) {
            return;
        }
        lost = e;
        positions.clear();
        onLost.accept(e);
    }

    private void close() {
        try {
            if (out != null) {
                out.close();
            }
        } catch (OutputWriteException e) {
            lose(e);
        } finally {
            consumer.close(CloseOptions.timeout(Duration.ofSeconds(5)));
        }
    }
}
