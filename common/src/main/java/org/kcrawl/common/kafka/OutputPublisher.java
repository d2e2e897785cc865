package org.kcrawl.common.kafka;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongConsumer;
import java.util.function.Supplier;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureRecord;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.LearnedHostRate;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.ScopeSite;
import org.kcrawl.common.message.UrlStatus;
import org.kcrawl.common.scope.ScopeRecords;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.common.message.SeenMarkers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes the fetcher's outputs; each future completes when the broker acknowledged the record.
 *
 * <p>Encoding and {@code send} run on {@code sendExecutor}, never on the calling thread: results
 * arrive on Netty event loops, and {@code send} may block (metadata refresh, full buffer), which an
 * event loop must never do.
 */
public final class OutputPublisher {
    private static final Logger log = LoggerFactory.getLogger(OutputPublisher.class);
    /** Header of a parked URL: the urls partition it came from and goes back to (decimal). */
    public static final String PARTITION_HEADER = "kcrawl.urls.partition";

    private final Transactions transactions;
    private final Producer<String, byte[]> producer;
    /** True on the send thread while it runs a group of sends that must land in one transaction. */
    private final ThreadLocal<Boolean> grouping = ThreadLocal.withInitial(() -> Boolean.FALSE);
    private final CrawlTopics topics;
    private final Executor sendExecutor;
    private final UnackedPages unacked;
    /** Exactly once: the work queued for the send thread, which a fetcher dying now would lose too. */
    private final SendQueueTimes handOvers;
    /** Run on the send thread after each piece of work (exactly once): outputs may have left the queue. */
    private volatile Runnable onHandedOn = () -> { };

    /** A publisher whose pages are not budgeted (tests that need no back-pressure). */
    public OutputPublisher(Producer<String, byte[]> producer, CrawlTopics topics, Executor sendExecutor) {
        this(producer, topics, sendExecutor, UnackedPages.UNCOUNTED);
    }

    /** A publisher that counts each page's body in {@code unacked} until the broker has it. */
    public OutputPublisher(Producer<String, byte[]> producer, CrawlTopics topics, Executor sendExecutor,
                   UnackedPages unacked) {
        this(producer == null ? null : Transactions.atLeastOnce(producer), topics, sendExecutor, unacked);
    }

    /**
     * A publisher of outputs delivered as {@code transactions} says, counting each page's body in {@code unacked} until
     * the broker has it (exactly once: until it is in the transaction, after which the producer's own
     * buffer bounds it).
     */
    public OutputPublisher(Transactions transactions, CrawlTopics topics, Executor sendExecutor, UnackedPages unacked) {
        if (transactions == null || topics == null || sendExecutor == null || unacked == null) {
            throw new IllegalArgumentException("transactions, topics, sendExecutor and unacked are required");
        }
        this.transactions = transactions;
        this.producer = transactions.producer();
        this.topics = topics;
        this.sendExecutor = sendExecutor;
        this.unacked = unacked;
        this.handOvers = transactions.exactlyOnce() ? new SendQueueTimes() : null;
    }

    /**
     * {@link System#nanoTime} since which outputs handed over here wait uncommitted, or -1 when none does: the
     * oldest hand-over still queued for the send thread, or the open transaction's first append, whichever is
     * older. Exactly once, what a fetcher dying now would lose goes back that far (an output that waited in the
     * queue before its append counts from the append: at most one commit's wait more). Always -1 at least once.
     */
    public long uncommittedSinceNanos() {
        if (handOvers == null) {
            return -1;
        }
        long queued = handOvers.oldestNanos();
        long inTransaction = transactions.uncommittedSinceNanos();
        if (queued < 0 || inTransaction < 0) {
            return Math.max(queued, inTransaction);
        }
        return queued - inTransaction < 0 ? queued : inTransaction;
    }

    /**
     * A fetched page (or redirect page) to the pages topic, keyed by host; its body counts in the
     * unacknowledged-page budget until the broker has it or refused it.
     */
    public CompletableFuture<Void> page(FetchedPage page) {
        long bytes = page.body().length;
        unacked.take(bytes);
        CompletableFuture<Void> acked = send(() -> new ProducerRecord<>(topics.pages(),
                HostKey.of(page.requestedUrl()), MessageCodec.get().encode(page)));
        acked.whenComplete((v, error) -> unacked.give(bytes));
        return acked;
    }

    /** A failure to the failures topic, keyed by URL. */
    public CompletableFuture<Void> failure(FailureRecord failure) {
        return send(() -> new ProducerRecord<>(topics.failures(), failure.url(), MessageCodec.get().encode(failure)));
    }

    /**
     * A request to the urls topic under {@code key}, in {@code partition} when given (retries and
     * parked URLs go back to the partition they came from, where their seen-set lives).
     */
    public CompletableFuture<Void> request(CrawlRequest request, String key, Integer partition) {
        return send(() -> new ProducerRecord<>(topics.urls(), existing(topics.urls(), partition, key), key,
                MessageCodec.get().encode(request)));
    }

    /**
     * {@code partition} when the topic has it, else null (the key's partition). A partition number comes
     * from a header of a parked copy, and one the topic lacks would make the producer wait for it until its
     * timeout and fail, again at every redelivery. Runs on the send thread, which may wait for metadata.
     */
    private Integer existing(String topic, Integer partition, String key) {
        if (partition == null) {
            return null;
        }
        int count = producer.partitionsFor(topic).size();
        if (partition < count) {
            return partition;
        }
        log.warn("{} has no partition {} (it has {}); sending the URL of {} to its key's partition", topic,
                partition, count, key);
        return null;
    }

    /**
     * A URL to the render topic, keyed by host (so its host's render worker holds its politeness), for a
     * render worker to fetch in a browser.
     */
    public CompletableFuture<Void> render(CrawlRequest request, String key) {
        return send(() -> new ProducerRecord<>(topics.render(), key, MessageCodec.get().encode(request)));
    }

    /**
     * A URL to parking tier {@code tier}, keyed by host, with the urls partition it goes back to in
     * the {@link #PARTITION_HEADER} header.
     */
    public CompletableFuture<Void> parked(int tier, CrawlRequest request, String key, int partition) {
        return send(() -> {
            ProducerRecord<String, byte[]> r = new ProducerRecord<>(topics.parked(tier), key,
                    MessageCodec.get().encode(request));
            r.headers().add(PARTITION_HEADER, Integer.toString(partition).getBytes(StandardCharsets.US_ASCII));
            return r;
        });
    }

    /**
     * The rate {@code host} learned from its server's refusals to the host-rates topic, keyed by host, in
     * {@code partition} (its urls partition) when the topic has it; {@code rate} null writes a tombstone (the
     * host is back at the configured rate).
     */
    public CompletableFuture<Void> hostRate(int partition, String host, LearnedHostRate rate) {
        return send(() -> new ProducerRecord<>(topics.hostRates(), existing(topics.hostRates(), partition, host), host,
                rate == null ? null : MessageCodec.get().encode(rate)));
    }

    /** A site that joined the crawl's scope (a seed moved there) to the scope topic, keyed by site. */
    public CompletableFuture<Void> scope(ScopeSite site) {
        return send(() -> ScopeRecords.of(topics, site));
    }

    /**
     * The seen marker of {@code fingerprint}, in the seen partition matching the urls partition; completes
     * with the marker's offset there (which lets a persistent seen store checkpoint past it).
     */
    public CompletableFuture<Long> seen(int partition, long fingerprint) {
        return sendForOffset(() -> new ProducerRecord<>(topics.seen(), partition, SeenMarkers.key(fingerprint),
                SeenMarkers.value()));
    }

    /**
     * The seen marker of {@code fingerprint} with the URL's status as its value and the fetch's time as
     * its timestamp (what a restore reads without parsing the value), in the seen partition matching the
     * urls partition; completes with the marker's offset there (which lets a persistent seen store
     * checkpoint past it). The status is built on the send thread: it hashes the body.
     */
    public CompletableFuture<Long> seen(int partition, long fingerprint, Supplier<UrlStatus> status) {
        return sendForOffset(marker(partition, fingerprint, status));
    }

    /**
     * The seen marker as {@link #seen(int, long, Supplier)} sends it, inside a group of the open transaction:
     * the future completes when it is appended, and {@code delivered} hears its offset once the broker has it
     * (before the transaction can commit).
     */
    public CompletableFuture<Void> seen(int partition, long fingerprint, Supplier<UrlStatus> status,
                                        LongConsumer delivered) {
        CompletableFuture<Void> appended = new CompletableFuture<>();
        DeliveryCallback callback = new DeliveryCallback() {
            @Override
            public void onCompletion(RecordMetadata metadata, Exception error) {
                if (error != null) {
                    appended.completeExceptionally(error);
                } else {
                    appended.complete(null);
                }
            }

            @Override
            public void delivered(RecordMetadata metadata, Exception error) {
                if (error == null && metadata != null && metadata.hasOffset()) {
                    delivered.accept(metadata.offset());
                }
            }
        };
        Runnable send = () -> producer.send(marker(partition, fingerprint, status).get(), callback);
        if (grouping.get()) {
            send.run();
        } else {
            execute(appended, send);
        }
        return appended;
    }

    private Supplier<ProducerRecord<String, byte[]>> marker(int partition, long fingerprint,
                                                           Supplier<UrlStatus> status) {
        return () -> {
            UrlStatus s = status.get();
            return new ProducerRecord<>(topics.seen(), partition, s.fetchedAt().toEpochMilli(),
                    SeenMarkers.key(fingerprint), MessageCodec.get().encode(s));
        };
    }

    /** True when outputs are committed in transactions with the offsets of their URLs. */
    public boolean exactlyOnce() {
        return transactions.exactlyOnce();
    }

    /**
     * Runs {@code sends} (calls of this class's methods) on the send thread so that all their records land
     * in one transaction: a page and its seen marker are committed together or not at all. The result
     * completes as the one {@code sends} returns does. {@code heldBytes} (the page bodies the sends carry)
     * count in the unacknowledged-page budget from now until the sends have run, as a page sent on its own
     * counts from its {@link #page} call: queued for the send thread, they are memory like any other.
     * Nothing is sent once {@code claim} has ended (the result fails with a cancellation): the record is
     * redone, and its outputs must not reach a transaction that commits without its offset.
     */
    public <T> CompletableFuture<T> together(Claim claim, long heldBytes, Supplier<CompletableFuture<T>> sends) {
        CompletableFuture<T> result = new CompletableFuture<>();
        unacked.take(heldBytes);
        AtomicBoolean given = new AtomicBoolean();
        Runnable giveBack = () -> {
            if (given.compareAndSet(false, true)) {
                unacked.give(heldBytes);
            }
        };
        result.whenComplete((v, error) -> giveBack.run());
        execute(result, () -> transactions.group(() -> {
            if (!claim.isCurrent()) {
                giveBack.run();
                result.completeExceptionally(new CancellationException(claim.partition() + " is no longer owned"));
                return null;
            }
            grouping.set(Boolean.TRUE);
            try {
                sends.get().whenComplete((value, error) -> {
                    if (error != null) {
                        result.completeExceptionally(error);
                    } else {
                        result.complete(value);
                    }
                });
            } finally {
                grouping.set(Boolean.FALSE);
                giveBack.run();
            }
            return null;
        }));
        return result;
    }

    /** Runs {@code action} once the outputs sent so far are committed (see {@link Transactions#afterCommit}). */
    public void afterCommit(Runnable action) {
        transactions.afterCommit(action);
    }

    private CompletableFuture<Void> send(Supplier<ProducerRecord<String, byte[]>> record) {
        return sendForOffset(record).thenApply(offset -> null);
    }

    private CompletableFuture<Long> sendForOffset(Supplier<ProducerRecord<String, byte[]>> record) {
        CompletableFuture<Long> acked = new CompletableFuture<>();
        Runnable send = () -> Sends.send(producer, record.get()).whenComplete((metadata, error) -> {
            if (error != null) {
                acked.completeExceptionally(error);
            } else {
                acked.complete(metadata == null || !metadata.hasOffset() ? -1L : metadata.offset());
            }
        });
        if (grouping.get()) {
            send.run(); // already on the send thread, inside a group
        } else {
            execute(acked, send);
        }
        return acked;
    }

    /** Runs {@code work} on the send thread; a failure of it or of the hand-over fails {@code result}. */
    private void execute(CompletableFuture<?> result, Runnable work) {
        Object handOver = handOvers == null ? null : handOvers.handedOver();
        try {
            sendExecutor.execute(() -> {
                try {
                    work.run();
                } catch (RuntimeException e) {
                    result.completeExceptionally(e);
                } finally {
                    handedOn(handOver);
                }
            });
        } catch (RejectedExecutionException e) {
            handedOn(handOver);
            result.completeExceptionally(e);
        }
    }

    private void handedOn(Object handOver) {
        if (handOver != null) {
            handOvers.done(handOver);
            onHandedOn.run();
        }
    }

    /** Runs {@code hook} (which must not block) after each piece of work leaves the send queue, exactly once. */
    public void onHandedOn(Runnable hook) {
        this.onHandedOn = hook == null ? () -> { } : hook;
    }
}
