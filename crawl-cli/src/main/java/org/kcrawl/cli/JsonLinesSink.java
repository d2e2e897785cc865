package org.kcrawl.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
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
 */
final class JsonLinesSink implements Runnable {
    private static final Logger log = LoggerFactory.getLogger(JsonLinesSink.class);

    private final KafkaConsumer<String, byte[]> consumer;
    private final String group;
    private final String topic;
    private final Path file;
    private final long maxLines;
    private final LineFormat format;
    private final AtomicLong written = new AtomicLong();
    private final AtomicLong unreadable = new AtomicLong();
    private final Map<TopicPartition, Long> positions = new HashMap<>();
    private volatile boolean stopRequested;
    private volatile boolean caughtUp;
    private Writer out;

    /**
     * @param file target file, or null for stdout
     * @param maxLines lines to write at most (0 for no limit)
     * @param format how a message becomes its line
     */
    JsonLinesSink(KafkaClients clients, String group, String topic, Path file, long maxLines, LineFormat format) {
        if (format == null) {
            throw new IllegalArgumentException("format must not be null");
        }
        this.consumer = clients.consumer(group, group + "-sink", 2000);
        this.group = group;
        this.topic = topic;
        this.file = file;
        this.maxLines = maxLines;
        this.format = format;
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

    /** True when the last poll reached the end of every partition. */
    boolean caughtUp() {
        return caughtUp;
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
                @Override
                public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                    flushAndCommit();
                }

                @Override
                public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                    openOnce(partitions);
                }
            });
            while (!stopRequested) {
                try {
                    var records = consumer.poll(Duration.ofMillis(200));
                    for (ConsumerRecord<String, byte[]> r : records) {
                        write(r);
                    }
                    flushAndCommit();
                    caughtUp = records.isEmpty() && atEnd();
                } catch (WakeupException e) {
                    // stop() woke us; the loop condition ends the run
                }
            }
            flushAndCommit();
        } finally {
            closeQuietly();
        }
    }

    private void openOnce(Collection<TopicPartition> partitions) {
        if (out != null) {
            return;
        }
        boolean resumed = !consumer.committed(new java.util.HashSet<>(partitions)).values().stream()
                .allMatch(java.util.Objects::isNull);
        try {
            if (file == null) {
                out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
            } else {
                if (file.toAbsolutePath().getParent() != null) {
                    Files.createDirectories(file.toAbsolutePath().getParent());
                }
                out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE,
                        resumed ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open " + file + " for writing", e);
        }
    }

    private void write(ConsumerRecord<String, byte[]> r) {
        positions.put(new TopicPartition(r.topic(), r.partition()), r.offset() + 1);
        if (limitReached()) {
            return;
        }
        String line;
        try {
            line = format.line(r.value());
        } catch (MalformedMessageException e) {
            unreadable.incrementAndGet();
            log.warn("skipping message {}-{}@{}: {} ({})", r.topic(), r.partition(), r.offset(), e.getMessage(),
                    e.kind());
            return;
        }
        try {
            out.write(line);
            out.write('\n');
            written.incrementAndGet();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write to " + (file == null ? "stdout" : file), e);
        }
    }

    private void flushAndCommit() {
        if (out == null || positions.isEmpty()) {
            return;
        }
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write to " + (file == null ? "stdout" : file), e);
        }
        Map<TopicPartition, OffsetAndMetadata> commit = new HashMap<>();
        positions.forEach((tp, offset) -> commit.put(tp, new OffsetAndMetadata(offset)));
        consumer.commitSync(commit);
        positions.clear();
    }

    private boolean atEnd() {
        var assignment = consumer.assignment();
        if (assignment.isEmpty()) {
            return false;
        }
        Map<TopicPartition, Long> ends = consumer.endOffsets(assignment);
        for (TopicPartition tp : assignment) {
            if (consumer.position(tp) < ends.get(tp)) {
                return false;
            }
        }
        return true;
    }

    private void closeQuietly() {
        try {
            if (out != null) {
                out.flush();
                if (file != null) {
                    out.close();
                }
            }
        } catch (IOException e) {
            log.warn("cannot close {}: {}", file, e.toString());
        }
        consumer.close(Duration.ofSeconds(5));
    }
}
