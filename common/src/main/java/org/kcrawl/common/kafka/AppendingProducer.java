package org.kcrawl.common.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.locks.Lock;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.metrics.KafkaMetric;
import org.apache.kafka.common.record.AbstractRecords;
import org.apache.kafka.common.record.CompressionType;
import org.apache.kafka.common.record.RecordBatch;

/**
 * The producer {@link Transactions} hands out in exactly-once mode: sends go into the open transaction
 * under the shared lock, and a send's callback runs as soon as the record is appended, with no offset
 * (-1): the record is then in the transaction, which commits it or aborts, and whoever waits for it can
 * complete its record now, before the poll loop ends the transaction. A send that fails later fails the
 * transaction's commit instead. A {@link DeliveryCallback} also hears when the broker has the record.
 *
 * <p>A record larger than the producer's request size is refused here, before the producer sees it:
 * refused there, it would leave the whole transaction unable to commit, and every record of it would be
 * redone, that one included, forever. Refused here, it fails alone and its source is dead-lettered.
 *
 * <p>Transaction control belongs to {@link Transactions}: those methods are refused here.
 */
final class AppendingProducer implements Producer<String, byte[]> {
    private final Supplier<Producer<String, byte[]>> producer;
    private final Lock sending;
    private final int maxRequestSize;
    private volatile boolean open;
    /** Something was appended since the transaction opened (a transaction with nothing is not ended). */
    private volatile boolean appended;
    /** System.nanoTime of the first append since the transaction opened (meaningful while appended). */
    private volatile long firstAppendNanos;

    AppendingProducer(Supplier<Producer<String, byte[]>> producer, Lock sending, int maxRequestSize) {
        this.producer = producer;
        this.sending = sending;
        this.maxRequestSize = maxRequestSize;
    }

    void open(boolean open) {
        this.open = open;
        if (open) {
            appended = false;
        }
    }

    boolean appendedSinceOpen() {
        return appended;
    }

    /** When the oldest output of the open (or last, if none is open) transaction was appended, if any. */
    long firstAppendNanos() {
        return firstAppendNanos;
    }

    boolean isOpen() {
        return open;
    }

    @Override
    public Future<RecordMetadata> send(ProducerRecord<String, byte[]> record) {
        return send(record, null);
    }

    @Override
    public Future<RecordMetadata> send(ProducerRecord<String, byte[]> record, Callback callback) {
        sending.lock();
        try {
            if (!open) {
                throw new KafkaException("no output transaction is open (the last one failed to end); the"
                        + " record is handled again after the rewind");
            }
            refuseOversized(record);
            if (callback instanceof DeliveryCallback delivery) {
                producer.get().send(record, delivery::delivered);
            } else {
                producer.get().send(record);
            }
            if (!appended) {
                // Two first sends may race here; either time is the transaction's oldest within microseconds.
                firstAppendNanos = System.nanoTime();
                appended = true;
            }
        } finally {
            sending.unlock();
        }
        int partition = record.partition() == null ? RecordMetadata.UNKNOWN_PARTITION : record.partition();
        RecordMetadata appended = new RecordMetadata(new TopicPartition(record.topic(), partition), -1, 0,
                record.timestamp() == null ? RecordBatch.NO_TIMESTAMP : record.timestamp(), -1, -1);
        if (callback != null) {
            callback.onCompletion(appended, null);
        }
        return CompletableFuture.completedFuture(appended);
    }

    private void refuseOversized(ProducerRecord<String, byte[]> record) {
        // The producer's own check: the same bound (record batch v2 ignores the compression type).
        byte[] key = record.key() == null ? null : record.key().getBytes(StandardCharsets.UTF_8);
        int size = AbstractRecords.estimateSizeInBytesUpperBound(RecordBatch.CURRENT_MAGIC_VALUE,
                CompressionType.NONE, key, record.value(), record.headers().toArray());
        if (size > maxRequestSize) {
            throw new RecordTooLargeException("the record to " + record.topic() + " is " + size
                    + " bytes, more than the producer's max.request.size of " + maxRequestSize);
        }
    }

    @Override
    public void flush() {
        producer.get().flush();
    }

    @Override
    public List<PartitionInfo> partitionsFor(String topic) {
        return producer.get().partitionsFor(topic);
    }

    @Override
    public Map<MetricName, ? extends Metric> metrics() {
        return producer.get().metrics();
    }

    @Override
    public Uuid clientInstanceId(Duration timeout) {
        return producer.get().clientInstanceId(timeout);
    }

    @Override
    public void registerMetricForSubscription(KafkaMetric metric) {
        producer.get().registerMetricForSubscription(metric);
    }

    @Override
    public void unregisterMetricFromSubscription(KafkaMetric metric) {
        producer.get().unregisterMetricFromSubscription(metric);
    }

    @Override
    public void initTransactions() {
        throw controlledElsewhere();
    }

    @Override
    public void beginTransaction() {
        throw controlledElsewhere();
    }

    @Override
    public void sendOffsetsToTransaction(Map<TopicPartition, OffsetAndMetadata> offsets,
                                         ConsumerGroupMetadata groupMetadata) {
        throw controlledElsewhere();
    }

    @Override
    public void commitTransaction() {
        throw controlledElsewhere();
    }

    @Override
    public void abortTransaction() {
        throw controlledElsewhere();
    }

    /** Closing is the owner's ({@link Transactions#close}): a user of the outputs must not end them. */
    @Override
    public void close() {
        throw controlledElsewhere();
    }

    @Override
    public void close(Duration timeout) {
        throw controlledElsewhere();
    }

    private static UnsupportedOperationException controlledElsewhere() {
        return new UnsupportedOperationException("the output transaction is ended by Transactions, not its users");
    }
}
