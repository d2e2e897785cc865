package org.kcrawl.common.metrics;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.MDC;

/**
 * Names the message a log line is about in the MDC ({@value #TOPIC}, {@value #PARTITION},
 * {@value #OFFSET} and, for a URL, {@value #HOST}) for the length of a try-with-resources block;
 * the workers' JSON layout turns these keys into fields of the line's object.
 *
 * <p>Closing puts back whatever the keys held before, so a context opened inside another (a dead
 * letter logged while the loop names the same record) leaves the outer one intact. The MDC is per
 * thread: open the context on the thread that logs.
 */
public final class LogContext implements AutoCloseable {
    /** MDC key: the topic the message was consumed from. */
    public static final String TOPIC = "topic";
    /** MDC key: its partition. */
    public static final String PARTITION = "partition";
    /** MDC key: its offset. */
    public static final String OFFSET = "offset";
    /** MDC key: the host key of the URL the line is about. */
    public static final String HOST = "host";

    private final String[] keys;
    private final String[] previous;

    private LogContext(String... keysAndValues) {
        int n = keysAndValues.length / 2;
        keys = new String[n];
        previous = new String[n];
        for (int i = 0; i < n; i++) {
            String key = keysAndValues[2 * i];
            String value = keysAndValues[2 * i + 1];
            keys[i] = key;
            previous[i] = MDC.get(key);
            if (value == null) {
                MDC.remove(key);
            } else {
                MDC.put(key, value);
            }
        }
    }

    /** The topic, partition and offset of {@code record}. */
    public static LogContext of(ConsumerRecord<?, ?> record) {
        if (record == null) {
            throw new IllegalArgumentException("record must not be null");
        }
        return of(record.topic(), record.partition(), record.offset());
    }

    /** A message at {@code offset} of {@code topic}'s {@code partition}. */
    public static LogContext of(String topic, int partition, long offset) {
        if (topic == null) {
            throw new IllegalArgumentException("topic must not be null");
        }
        return new LogContext(TOPIC, topic, PARTITION, Integer.toString(partition), OFFSET, Long.toString(offset));
    }

    /**
     * A URL of {@code host} consumed at {@code offset} of {@code topic}'s {@code partition}; a null
     * topic or a negative offset (a request no message stands for, like robots.txt) leaves that key
     * out.
     */
    public static LogContext ofUrl(String host, String topic, int partition, long offset) {
        if (host == null) {
            throw new IllegalArgumentException("host must not be null");
        }
        return new LogContext(HOST, host, TOPIC, topic, PARTITION, Integer.toString(partition),
                OFFSET, offset < 0 ? null : Long.toString(offset));
    }

    /** Puts back what the keys held before this context. */
    @Override
    public void close() {
        for (int i = keys.length - 1; i >= 0; i--) {
            if (previous[i] == null) {
                MDC.remove(keys[i]);
            } else {
                MDC.put(keys[i], previous[i]);
            }
        }
    }
}
