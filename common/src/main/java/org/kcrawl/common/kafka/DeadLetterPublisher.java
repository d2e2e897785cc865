package org.kcrawl.common.kafka;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.header.Headers;
import org.kcrawl.common.metrics.LogContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes a message no worker could handle to the dead-letter topic, unchanged, with headers that
 * say where it came from and why it was refused. The source offset is committed only once the dead
 * letter is acknowledged, so a poison message is never simply dropped.
 *
 * <p>A message the broker can never take whole (larger than the producer's request size or the
 * dead-letter topic's message size) is dead-lettered truncated instead: its first KiB, its size and
 * SHA-256, marked {@link #TRUNCATED}. Retrying the whole one would fail the same way forever, and a
 * failed dead letter would otherwise send its source back round the loop.
 */
public final class DeadLetterPublisher {
    /** Header: the topic the message was consumed from. */
    public static final String ORIGINAL_TOPIC = "dlq.original.topic";
    /** Header: its partition. */
    public static final String ORIGINAL_PARTITION = "dlq.original.partition";
    /** Header: its offset. */
    public static final String ORIGINAL_OFFSET = "dlq.original.offset";
    /** Header: the class of the exception that refused it. */
    public static final String EXCEPTION_CLASS = "dlq.exception.class";
    /** Header: the exception's message. */
    public static final String EXCEPTION_MESSAGE = "dlq.exception.message";
    /** Header, on a dead letter that carries only the start of its message: "true". */
    public static final String TRUNCATED = "dlq.truncated";
    /** Header, with {@link #TRUNCATED}: the size in bytes of the original value. */
    public static final String ORIGINAL_SIZE = "dlq.original.size";
    /** Header, with {@link #TRUNCATED}: the SHA-256 of the original value, in hex. */
    public static final String ORIGINAL_SHA256 = "dlq.original.sha256";
    /** Bytes of the value a truncated dead letter keeps. */
    static final int TRUNCATED_VALUE_BYTES = 1024;

    private static final Logger log = LoggerFactory.getLogger(DeadLetterPublisher.class);
    private static final int MAX_MESSAGE_HEADER = 2048;

    private final Producer<String, byte[]> producer;
    private final String topic;

    public DeadLetterPublisher(Producer<String, byte[]> producer, String topic) {
        this.producer = producer;
        this.topic = topic;
    }

    /** Dead-letters {@code record}; completes when the broker has acknowledged it. */
    @SuppressWarnings("try") // the MDC entries are the resource; the body never names it
    public CompletableFuture<RecordMetadata> publish(ConsumerRecord<String, byte[]> record, Throwable cause) {
        try (LogContext context = LogContext.of(record)) {
            log.warn("dead-lettering {}-{}@{}: {}", record.topic(), record.partition(), record.offset(),
                    cause.toString());
        }
        CompletableFuture<RecordMetadata> whole = Sends.send(producer, deadLetter(record, cause, record.value()));
        return whole.handle((metadata, error) -> error == null || !PermanentSendErrors.isPermanent(error)
                        ? whole : truncated(record, cause, PermanentSendErrors.unwrap(error)))
                .thenCompose(f -> f);
    }

    @SuppressWarnings("try") // the MDC entries are the resource; the body never names it
    private CompletableFuture<RecordMetadata> truncated(ConsumerRecord<String, byte[]> record, Throwable cause,
                                                        Throwable refusal) {
        byte[] value = record.value() == null ? new byte[0] : record.value();
        try (LogContext context = LogContext.of(record)) {
            log.warn("the dead letter of {}-{}@{} ({} bytes) cannot be published whole ({}); publishing its first {}"
                    + " bytes, size and SHA-256", record.topic(), record.partition(), record.offset(), value.length,
                    refusal.toString(), TRUNCATED_VALUE_BYTES);
        }
        ProducerRecord<String, byte[]> out = deadLetter(record, cause,
                Arrays.copyOf(value, Math.min(value.length, TRUNCATED_VALUE_BYTES)));
        out.headers().add(TRUNCATED, utf8("true"));
        out.headers().add(ORIGINAL_SIZE, utf8(Integer.toString(value.length)));
        out.headers().add(ORIGINAL_SHA256, utf8(sha256(value)));
        return Sends.send(producer, out);
    }

    private ProducerRecord<String, byte[]> deadLetter(ConsumerRecord<String, byte[]> record, Throwable cause,
                                                      byte[] value) {
        ProducerRecord<String, byte[]> out = new ProducerRecord<>(topic, record.key(), value);
        Headers h = out.headers();
        record.headers().forEach(h::add);
        h.add(ORIGINAL_TOPIC, utf8(record.topic()));
        h.add(ORIGINAL_PARTITION, utf8(Integer.toString(record.partition())));
        h.add(ORIGINAL_OFFSET, utf8(Long.toString(record.offset())));
        h.add(EXCEPTION_CLASS, utf8(cause.getClass().getName()));
        String message = String.valueOf(cause.getMessage());
        if (message.length() > MAX_MESSAGE_HEADER) {
            message = message.substring(0, MAX_MESSAGE_HEADER);
        }
        h.add(EXCEPTION_MESSAGE, utf8(message));
        return out;
    }

    private static String sha256(byte[] value) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(value));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JRE has SHA-256", e);
        }
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
