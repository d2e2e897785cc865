package org.kcrawl.cli.admin;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.kcrawl.cli.io.LineOutput;
import org.kcrawl.cli.io.OutputWriteException;

/**
 * Prints a topic's messages, one line each, with a consumer that is assigned partitions rather than
 * joining a group: it commits nothing and takes nothing from anyone, so tailing never disturbs a crawl.
 *
 * <p>Without {@code follow} it prints what the topic held when it started (from the beginning up to
 * the end offsets read then) and returns. With {@code follow} it keeps printing new messages until
 * {@link #stop()}, starting at the end unless {@code fromBeginning}. Lines are flushed after every
 * poll, so a reader that went away ({@code crawl tail records | head}) ends the tail at the next batch.
 */
final class TopicTail {
    private static final Duration POLL = Duration.ofMillis(500);

    private final Consumer<String, byte[]> consumer;
    private final List<TopicPartition> partitions;
    private final Function<ConsumerRecord<String, byte[]>, String> format;
    private final LineOutput out;
    private final Settings settings;
    private final LongSupplier nanoClock;
    private volatile boolean stopRequested;
    private long printed;

    /**
     * What to print.
     *
     * @param fromBeginning with {@code follow}, print what the topic holds before the new messages
     * @param follow keep printing new messages instead of stopping at the end
     * @param max stop after this many lines (0 for no limit)
     * @param timeout how long Kafka may take to answer, and how long a read may make no progress
     */
    record Settings(boolean fromBeginning, boolean follow, long max, Duration timeout) {
        Settings {
            if (max < 0) {
                throw new IllegalArgumentException("max must be >= 0 but was " + max);
            }
            if (timeout == null || timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("timeout must be positive but was " + timeout);
            }
        }
    }

    TopicTail(Consumer<String, byte[]> consumer, List<TopicPartition> partitions,
              Function<ConsumerRecord<String, byte[]>, String> format, LineOutput out, Settings settings,
              LongSupplier nanoClock) {
        if (partitions == null || partitions.isEmpty()) {
            throw new IllegalArgumentException("partitions must name at least one partition");
        }
        this.consumer = consumer;
        this.partitions = List.copyOf(partitions);
        this.format = format;
        this.out = out;
        this.settings = settings;
        this.nanoClock = nanoClock;
    }

    /** Asks a running {@link #run()} to return after the lines it has; callable from any thread. */
    void stop() {
        stopRequested = true;
        consumer.wakeup();
    }

    /**
     * Prints until the end, the limit or {@link #stop()}; returns the lines printed.
     *
     * @throws OutputWriteException when the output can no longer be written (its reader went away)
     */
    long run() throws OutputWriteException {
        try {
            return print(start());
        } catch (WakeupException e) {
            return printed;
        } catch (KafkaException e) {
            throw new ClusterException("cannot read " + partitions.get(0).topic() + ": " + KafkaCalls.describe(e), e);
        }
    }

    /** Positions the consumer; returns the end offsets to stop at (empty when following). */
    private Map<TopicPartition, Long> start() {
        consumer.assign(partitions);
        if (settings.follow()) {
            if (settings.fromBeginning()) {
                consumer.seekToBeginning(partitions);
            } else {
                consumer.seekToEnd(partitions);
                // Resolve "the end" now, not at the first fetch, so "new" means new from this moment.
                partitions.forEach(tp -> consumer.position(tp, settings.timeout()));
            }
            return Map.of();
        }
        Map<TopicPartition, Long> ends = new HashMap<>(consumer.endOffsets(partitions, settings.timeout()));
        consumer.seekToBeginning(partitions);
        return ends;
    }

    private long print(Map<TopicPartition, Long> ends) throws OutputWriteException {
        Set<TopicPartition> remaining = new HashSet<>(ends.keySet());
        Map<TopicPartition, Long> positions = new HashMap<>();
        pauseFinished(remaining, ends, positions);
        long lastProgress = nanoClock.getAsLong();
        while (!stopRequested && (settings.follow() || !remaining.isEmpty())) {
            ConsumerRecords<String, byte[]> records = consumer.poll(POLL);
            for (ConsumerRecord<String, byte[]> r : records) {
                Long end = ends.get(new TopicPartition(r.topic(), r.partition()));
                if (end != null && r.offset() >= end) {
                    continue; // written after the start: not part of what was asked for
                }
                out.writeLine(format.apply(r));
                printed++;
                if (settings.max() > 0 && printed >= settings.max()) {
                    stopRequested = true;
                    break;
                }
            }
            out.flush();
            if (pauseFinished(remaining, ends, positions) || !records.isEmpty()) {
                lastProgress = nanoClock.getAsLong();
            } else if (!settings.follow() && nanoClock.getAsLong() - lastProgress > settings.timeout().toNanos()) {
                throw new ClusterException("no progress reading " + partitions.get(0).topic() + " for "
                        + settings.timeout().toSeconds() + " s (is the cluster still up?)");
            }
        }
        return printed;
    }

    /**
     * Pauses the partitions that reached their end and forgets them; returns whether any position
     * moved since the last call.
     */
    private boolean pauseFinished(Set<TopicPartition> remaining, Map<TopicPartition, Long> ends,
                                  Map<TopicPartition, Long> positions) {
        boolean moved = false;
        Set<TopicPartition> finished = new HashSet<>();
        for (TopicPartition tp : remaining) {
            long position = consumer.position(tp, settings.timeout());
            Long before = positions.put(tp, position);
            moved |= before != null && before != position;
            if (position >= ends.get(tp)) {
                finished.add(tp);
            }
        }
        if (!finished.isEmpty()) {
            remaining.removeAll(finished);
            consumer.pause(finished);
            moved = true;
        }
        return moved;
    }
}
