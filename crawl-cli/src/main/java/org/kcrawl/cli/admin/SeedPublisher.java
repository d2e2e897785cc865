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
import org.kcrawl.common.message.ScopeSite;
import org.kcrawl.common.scope.ScopeRecords;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.url.HostKey;

/**
 * Produces seeds onto a crawl: first their sites onto the scope topic (one record per site), so every
 * worker counts links and redirects to them as the crawl's own, then a seed request per URL onto the
 * urls topic, keyed by host; it waits until the broker has acknowledged every one. Acknowledgements
 * are counted rather than kept as futures, so a seed list of millions costs no more than its URLs.
 */
final class SeedPublisher {
    private final Producer<String, byte[]> producer;
    private final CrawlTopics topics;

    SeedPublisher(Producer<String, byte[]> producer, CrawlTopics topics) {
        if (producer == null) {
            throw new IllegalArgumentException("producer must not be null");
        }
        if (topics == null) {
            throw new IllegalArgumentException("topics must name the crawl's topics");
        }
        this.producer = producer;
        this.topics = topics;
    }

    /**
     * Sends the seeds' sites, then a seed request for each URL, and returns the number of seeds once
     * all are acknowledged; throws a {@link ClusterException} saying how many were when some failed
     * or {@code timeout} passed first (for the sites, then for the seeds).
     */
    long publish(List<String> urls, Instant now, Duration timeout) {
        List<ScopeSite> sites = ScopeRecords.seedSites(urls, now);
        Acks siteAcks = new Acks(sites.size());
        for (ScopeSite site : sites) {
            send(ScopeRecords.of(topics, site), siteAcks);
        }
        siteAcks.await(sites.size(), "seed sites", topics.scope(), timeout);
        Acks acks = new Acks(urls.size());
        for (String url : urls) {
            byte[] value = MessageCodec.get().encode(CrawlRequest.seed(url, now));
            send(new ProducerRecord<>(topics.urls(), HostKey.of(url), value), acks);
        }
        acks.await(urls.size(), "seeds", topics.urls(), timeout);
        return acks.acked.get();
    }

    private void send(ProducerRecord<String, byte[]> record, Acks acks) {
        try {
            producer.send(record, acks);
        } catch (RuntimeException e) {
            // send() throws directly when the buffer stays full or the record cannot be serialized.
            acks.onCompletion(null, e);
        }
    }

    private static final class Acks implements Callback {
        final CountDownLatch latch;
        final AtomicLong acked = new AtomicLong();
        final AtomicReference<Exception> firstError = new AtomicReference<>();

        Acks(int expected) {
            latch = new CountDownLatch(expected);
        }

        /** Waits for every acknowledgement; throws saying how many of {@code expected} {@code what} {@code topic} acknowledged. */
        void await(int expected, String what, String topic, Duration timeout) {
            boolean all;
            try {
                all = latch.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ClusterException("interrupted after " + acked.get() + " of " + expected + " " + what
                        + " were acknowledged", e);
            }
            Exception error = firstError.get();
            if (error != null) {
                throw new ClusterException("only " + acked.get() + " of " + expected + " " + what
                        + " were acknowledged by " + topic + ": " + KafkaCalls.describe(error), error);
            }
            if (!all) {
                throw new ClusterException("only " + acked.get() + " of " + expected + " " + what
                        + " were acknowledged by " + topic + " within " + timeout.toSeconds()
                        + " s (the rest may still arrive)");
            }
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
