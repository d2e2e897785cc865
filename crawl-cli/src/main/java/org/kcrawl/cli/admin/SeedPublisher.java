package org.kcrawl.cli.admin;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.url.HostKey;

/**
 * Produces seed requests onto a crawl's urls topic, keyed by host, and waits until the broker has
 * acknowledged every one. Acknowledgements are counted rather than kept as futures, so a seed list of
 * millions costs no more than its URLs.
 */
final class SeedPublisher {
    private final Producer<String, byte[]> producer;
    private final String topic;

    SeedPublisher(Producer<String, byte[]> producer, String topic) {
        if (producer == null) {
            throw new IllegalArgumentException("producer must not be null");
        }
        if (topic == null || topic.isBlank()) {
            throw new IllegalArgumentException("topic must name the urls topic");
        }
        this.producer = producer;
        this.topic = topic;
    }

    /**
     * Sends a seed request for each URL and returns once all are acknowledged; throws a
     * {@link ClusterException} saying how many were when some failed or {@code timeout} passed first.
     */
    long publish(List<String> urls, Instant now, Duration timeout) {
        Acks acks = new Acks(urls.size());
        for (String url : urls) {
            byte[] value = MessageCodec.get().encode(CrawlRequest.seed(url, now));
            try {
                producer.send(new ProducerRecord<>(topic, HostKey.of(url), value), acks);
            } catch (RuntimeException e) {
                // send() throws directly when the buffer stays full or the record cannot be serialized.
                acks.onCompletion(null, e);
            }
        }
        boolean all;
        try {
            all = acks.latch.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("interrupted after " + acks.acked.get() + " of " + urls.size()
                    + " seeds were acknowledged", e);
        }
        Exception error = acks.firstError.get();
        if (error != null) {
            throw new ClusterException("only " + acks.acked.get() + " of " + urls.size() + " seeds were acknowledged by "
                    + topic + ": " + KafkaCalls.describe(error), error);
        }
        if (!all) {
            throw new ClusterException("only " + acks.acked.get() + " of " + urls.size() + " seeds were acknowledged by "
                    + topic + " within " + timeout.toSeconds() + " s (the rest may still arrive)");
        }
        return acks.acked.get();
    }

    private static final class Acks implements Callback {
        final CountDownLatch latch;
        final AtomicLong acked = new AtomicLong();
        final AtomicReference<Exception> firstError = new AtomicReference<>();

        Acks(int expected) {
            latch = new CountDownLatch(expected);
        }

        @Override
        public void onCompletion(RecordMetadata metadata, Exception error) {
            if (error == null) {
                acked.incrementAndGet();
            } else {
                firstError.compareAndSet(null, error);
            }
            latch.countDown();
        }
    }
}
