package org.kcrawl.common.kafka;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.record.MemoryRecords;
import org.apache.kafka.common.record.SimpleRecord;
import org.kcrawl.common.message.MessageCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Does, before a worker takes up partitions, what its first outputs would otherwise do for the first time on
 * the send thread: the producer's metadata of each output topic, the codec's serializer of each message type,
 * and the compression codec's native library. Exactly once, every later output waits behind those first sends
 * and the first transaction cannot end meanwhile, so a worker killed then loses all it did since it took up its
 * partitions (ChaosCrawlIT, fetchers: the first send of a new fetcher ran 64-328 ms and the outputs behind it
 * waited up to 360 ms; done here, the same work takes 189 ms at the median of 111 fetcher starts, 657 ms at
 * the 90th percentile, on a machine shared with other builds).
 *
 * <p>Nothing is sent. A step that fails is logged and skipped: the first real output then pays for it, as
 * before.
 */
public final class OutputWarmup {
    private static final Logger log = LoggerFactory.getLogger(OutputWarmup.class);

    private final Producer<?, ?> producer;
    private final Compression compression;

    /** A warm-up of {@code producer}'s metadata, batches compressed with {@code compression}. */
    public OutputWarmup(Producer<?, ?> producer, Compression compression) {
        if (producer == null || compression == null) {
            throw new IllegalArgumentException("producer and compression are required");
        }
        this.producer = producer;
        this.compression = compression;
    }

    /**
     * Fetches the metadata of {@code topics} (stopping at the first that fails: a broker that does not answer
     * would make each wait the producer's max.block.ms), encodes each of {@code samples} and compresses the
     * encodings as a batch. Returns the topics whose metadata the producer now has.
     */
    public List<String> warm(Collection<String> topics, Collection<?> samples) {
        long started = System.nanoTime();
        List<String> known = metadata(topics);
        long metadataDone = System.nanoTime();
        List<byte[]> encodings = encode(samples);
        long encodedAt = System.nanoTime();
        compress(encodings);
        log.info("output path warmed before taking work: metadata of {} of {} topics in {} ms, {} message types"
                        + " encoded in {} ms, compression in {} ms", known.size(), topics.size(),
                millis(metadataDone - started), encodings.size(), millis(encodedAt - metadataDone),
                millis(System.nanoTime() - encodedAt));
        return known;
    }

    private List<String> metadata(Collection<String> topics) {
        List<String> known = new ArrayList<>();
        for (String topic : topics) {
            try {
                producer.partitionsFor(topic);
                known.add(topic);
            } catch (KafkaException e) {
                log.warn("no metadata of {} before taking work; the first output there fetches it: {}", topic,
                        e.toString());
                break;
            }
        }
        return known;
    }

    private static List<byte[]> encode(Collection<?> samples) {
        List<byte[]> out = new ArrayList<>();
        for (Object sample : samples) {
            try {
                out.add(MessageCodec.get().encode(sample));
            } catch (RuntimeException e) {
                log.warn("encoding a sample {} failed; its first output builds the serializer: {}",
                        sample.getClass().getSimpleName(), e.toString());
            }
        }
        return out;
    }

    private void compress(List<byte[]> encodings) {
        if (encodings.isEmpty()) {
            return;
        }
        try {
            MemoryRecords.withRecords(compression, encodings.stream().map(SimpleRecord::new)
                    .toArray(SimpleRecord[]::new));
        } catch (RuntimeException e) {
            log.warn("compressing a sample batch failed; the first batch loads the codec: {}", e.toString());
        }
    }

    private static long millis(long nanos) {
        return nanos / 1_000_000;
    }
}
