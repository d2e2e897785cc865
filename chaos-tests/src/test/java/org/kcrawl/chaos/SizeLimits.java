package org.kcrawl.chaos;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.record.AbstractRecords;
import org.apache.kafka.common.record.CompressionType;
import org.apache.kafka.common.record.RecordBatch;
import org.kcrawl.common.kafka.DeadLetterPublisher;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.url.UrlNormalizer;

/**
 * The largest messages the crawl can produce for a given body cap, sized the way the Kafka producer
 * checks {@code max.request.size}: the uncompressed upper bound of a one-record batch. Compression does
 * not help here; the producer checks the size before it compresses.
 */
final class SizeLimits {
    /** Longest URL a message may carry: what the normalizer accepts at most. */
    static final int MAX_URL = UrlNormalizer.DEFAULT_MAX_INPUT_LENGTH;
    /** The fetcher keeps nine response headers of at most this many characters each. */
    static final int HEADER_VALUE = 8192;
    static final int KEPT_HEADERS = 9;
    /** Longest exception message a dead letter carries, in characters (UTF-8: up to 3 bytes each). */
    static final int DEAD_LETTER_MESSAGE = 2048;
    /** Longest topic name Kafka allows. */
    static final int TOPIC_NAME = 249;

    private SizeLimits() {}

    /** The largest page message for {@code bodyCap}: incompressible body, longest URLs and header values. */
    static int largestPageBatch(int bodyCap) {
        return batch(host(), largestPageValue(bodyCap), new Header[0]);
    }

    /** The dead letter of that page: the same bytes plus the dead-letter headers at their longest. */
    static int largestDeadLetterBatch(int bodyCap) {
        Header[] headers = {
                header(DeadLetterPublisher.ORIGINAL_TOPIC, "t".repeat(TOPIC_NAME)),
                header(DeadLetterPublisher.ORIGINAL_PARTITION, Integer.toString(Integer.MAX_VALUE)),
                header(DeadLetterPublisher.ORIGINAL_OFFSET, Long.toString(Long.MAX_VALUE)),
                header(DeadLetterPublisher.EXCEPTION_CLASS, "org.kcrawl.common.message.MalformedMessageException"),
                header(DeadLetterPublisher.EXCEPTION_MESSAGE, "\u20ac".repeat(DEAD_LETTER_MESSAGE))};
        return batch(host(), largestPageValue(bodyCap), headers);
    }

    /** The encoded page message itself. */
    static byte[] largestPageValue(int bodyCap) {
        byte[] body = new byte[bodyCap];
        new Random(1).nextBytes(body);
        String url = "http://" + host() + "/" + "p".repeat(MAX_URL - host().length() - 8);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 0; i < KEPT_HEADERS; i++) {
            headers.put("header-" + i, "v".repeat(HEADER_VALUE));
        }
        FetchedPage page = new FetchedPage(1, url, url, 301, headers, "c".repeat(HEADER_VALUE), body,
                Instant.now(), Long.MAX_VALUE, Integer.MAX_VALUE, true, url);
        return MessageCodec.get().encode(page);
    }

    private static int batch(String key, byte[] value, Header[] headers) {
        return AbstractRecords.estimateSizeInBytesUpperBound(RecordBatch.CURRENT_MAGIC_VALUE, CompressionType.ZSTD,
                key.getBytes(StandardCharsets.UTF_8), value, headers);
    }

    private static Header header(String name, String value) {
        return new RecordHeader(name, value.getBytes(StandardCharsets.UTF_8));
    }

    private static String host() {
        return "h".repeat(63) + "." + "o".repeat(63) + ".example";
    }
}
