package org.kcrawl.common.kafka;

import java.nio.charset.StandardCharsets;
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
        ProducerRecord<String, byte[]> out = new ProducerRecord<>(topic, record.key(), record.value());
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
        return Sends.send(producer, out);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
