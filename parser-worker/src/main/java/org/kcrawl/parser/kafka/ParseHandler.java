package org.kcrawl.parser.kafka;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.kcrawl.common.kafka.DeadLetterPublisher;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.common.kafka.RecordHandler;
import org.kcrawl.common.kafka.Sends;
import org.kcrawl.common.kafka.Transactions;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.PageRecord;
import org.kcrawl.common.metrics.LogContext;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.parser.dedup.FingerprintSet;
import org.kcrawl.parser.dedup.LinkHash;
import org.kcrawl.parser.pipeline.PageOutputs;
import org.kcrawl.parser.pipeline.PageProcessor;
import org.kcrawl.parser.pipeline.ParserMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands each fetched page to the parse pool and publishes its outputs: every followed link as a
 * {@link CrawlRequest} on the urls topic (keyed by host) and one {@link PageRecord} on the records
 * topic (keyed by URL); for a page that redirects by meta refresh, the target on the urls topic and,
 * when a seed moved, its new site on the scope topic; a {@code redirect_limit} failure on the failures
 * topic instead of the record when that redirect is one hop too many (see {@link PageProcessor}). The
 * returned stage completes only when the broker has acknowledged all of them, so the page's offset is
 * committed only then.
 *
 * <p>The poll thread never parses and never waits: {@link #handle} only enqueues. The pool's queue
 * must hold at least the poll loop's {@code maxPending} plus one poll's records (see
 * {@code ParserConfig.queueCapacity()}); then it cannot overflow, because the loop pauses its
 * partitions before more pages are in flight. Should it overflow anyway, the stage fails and the
 * loop rewinds the partition: the page is parsed again later, never lost.
 *
 * <p>A page whose processing throws (a bug: parse failures are already kept as metadata-only
 * records) is dead-lettered, so it cannot loop through redeliveries.
 *
 * <p>While a page is processed, the parse thread's MDC carries {@code topic}, {@code partition},
 * {@code offset} and {@code host} (the record's key), so every log line about it says which page it was.
 *
 * <p>Pages of a partition revoked while they wait in the queue (their record's claim has ended) are
 * skipped rather than parsed: their results could not be committed, and the next owner parses them again.
 *
 * <p>A link whose URL this handler already published, and the broker acknowledged, is not sent again
 * (counted as suppressed): most links of a site point at pages its other pages link too, and each
 * duplicate would cost an encode, a produce and the fetcher's consume and seen-set lookup just to be
 * skipped there. The fetcher's seen-set stays the authority. A URL's fingerprint enters the set only
 * when its own send is acknowledged, so a page rewound after a failed send publishes the links the
 * broker did not take again; the set may forget, never invent, so nothing is lost. The first depth
 * published wins, as in the fetcher's seen-set.
 */
public final class ParseHandler implements RecordHandler<FetchedPage> {
    private static final Logger log = LoggerFactory.getLogger(ParseHandler.class);

    private final PageProcessor processor;
    private final Executor pool;
    private final Transactions outputs;
    private final Producer<String, byte[]> producer;
    private final OutputRecords outputRecords;
    private final ParserMetrics metrics;
    private final DeadLetterPublisher deadLetters;
    private final FingerprintSet published;
    private final AtomicLong deadLettered = new AtomicLong();

    /**
     * A handler parsing on {@code pool} and sending on {@code producer}, at least once; {@code published}
     * remembers the acknowledged links ({@link FingerprintSet#withCapacity} 0 to publish every link of every
     * page).
     */
    public ParseHandler(PageProcessor processor, Executor pool, Producer<String, byte[]> producer,
                        CrawlTopics topics, ParserMetrics metrics, DeadLetterPublisher deadLetters,
                        FingerprintSet published) {
        this(processor, pool, producer == null ? null : Transactions.atLeastOnce(producer), topics, metrics,
                deadLetters, published);
    }

    /**
     * A handler parsing on {@code pool} and sending through {@code outputs}: exactly once, a page's outputs
     * are one group of the transaction, and {@code published} learns a link when its transaction commits.
     */
    public ParseHandler(PageProcessor processor, Executor pool, Transactions outputs,
                        CrawlTopics topics, ParserMetrics metrics, DeadLetterPublisher deadLetters,
                        FingerprintSet published) {
        if (processor == null || pool == null || outputs == null || topics == null || metrics == null
                || deadLetters == null || published == null) {
            throw new IllegalArgumentException(
                    "processor, pool, outputs, topics, metrics, deadLetters and published must not be null");
        }
        this.processor = processor;
        this.pool = pool;
        this.outputs = outputs;
        this.producer = outputs.producer();
        this.outputRecords = new OutputRecords(topics);
        this.metrics = metrics;
        this.deadLetters = deadLetters;
        this.published = published;
    }

    @Override
    public CompletionStage<?> handle(FetchedPage page, ConsumerRecord<String, byte[]> record, Claim claim) {
        CompletableFuture<Object> done = new CompletableFuture<>();
        try {
            pool.execute(() -> run(page, record, claim, done));
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(e);
        }
        return done;
    }

    @SuppressWarnings("try") // the MDC entries are the resource; the body never names it
    private void run(FetchedPage page, ConsumerRecord<String, byte[]> record, Claim claim,
                     CompletableFuture<Object> done) {
        if (!claim.isCurrent()) {
            done.completeExceptionally(new CancellationException(claim.partition() + " was revoked"));
            return;
        }
        CompletableFuture<?> outputs;
        try (LogContext context = record.key() == null ? LogContext.of(record)
                : LogContext.ofUrl(record.key(), record.topic(), record.partition(), record.offset())) {
            outputs = processOrDeadLetter(page, record, claim, done);
        } catch (Error e) {
            done.completeExceptionally(e);
            throw e;
        }
        completeWith(outputs, done);
    }

    /** Completes {@code done} as {@code outputs} completes; returns {@code outputs}. */
    private static CompletableFuture<?> completeWith(CompletableFuture<?> outputs, CompletableFuture<Object> done) {
        return outputs.whenComplete((v, error) -> {
            if (error != null) {
                done.completeExceptionally(error);
            } else {
                done.complete(v);
            }
        });
    }

    /** Pages this handler sent to the dead-letter topic because processing them threw. */
    public long deadLettered() {
        return deadLettered.get();
    }

    private CompletableFuture<?> processOrDeadLetter(FetchedPage page, ConsumerRecord<String, byte[]> record,
                                                     Claim claim, CompletableFuture<Object> done) {
        try {
            PageOutputs out = processor.process(page);
            // One group: a commit between a page's links and its record would commit some without its offset.
            // None once the claim ended (an aborted transaction): the page is parsed again, and its outputs
            // must not reach a transaction that commits without its offset. And the page is done inside the
            // group (exactly once, its sends complete as they are appended): a commit right after the group
            // must find its offset among those it commits, or it commits the outputs alone.
            return outputs.group(() -> completeWith(claim.isCurrent() ? publish(out)
                    : CompletableFuture.failedFuture(new CancellationException(claim.partition() + " was revoked")),
                    done));
        } catch (RuntimeException | StackOverflowError e) {
            // The processor already keeps pages whose parse fails; reaching here is a bug that would
            // recur on every redelivery, so the page goes to the dead letters instead of a rewind loop.
            log.error("processing {}-{}@{} failed; dead-lettering it", record.topic(), record.partition(),
                    record.offset(), e);
            deadLettered.incrementAndGet();
            return deadLetters.publish(record, e);
        }
    }

    private CompletableFuture<Void> publish(PageOutputs out) {
        if (out.render() != null) {
            // Acknowledged before the page's offset is committed, like any output: a crash parses it again.
            return Sends.send(producer, outputRecords.render(out.render())).thenRun(() -> { });
        }
        // Everything is encoded before anything is sent: a page whose record cannot be encoded is
        // dead-lettered with none of its outputs on the broker.
        List<CrawlRequest> requests = out.requests();
        long[] fingerprints = new long[requests.size()];
        List<ProducerRecord<String, byte[]>> links = unpublished(requests, fingerprints);
        // A meta refresh's target and a seed's move are sent every time, as a fetcher sends a 3xx's:
        // the target carries its hop count and seed flag, which an earlier link to the same URL lacks.
        ProducerRecord<String, byte[]> redirect = out.redirect() == null ? null : outputRecords.link(out.redirect());
        ProducerRecord<String, byte[]> moved = out.moved() == null ? null : outputRecords.scope(out.moved());
        ProducerRecord<String, byte[]> record = out.record() != null
                ? outputRecords.record(out.record()) : outputRecords.failure(out.failure());
        metrics.suppressed(requests.size() - links.size());

        List<CompletableFuture<?>> sends = new ArrayList<>(links.size() + 3);
        for (int i = 0; i < links.size(); i++) {
            sends.add(sendLink(links.get(i), fingerprints[i]));
        }
        if (redirect != null) {
            sends.add(Sends.send(producer, redirect));
        }
        if (moved != null) {
            // An output of this page like the others: acknowledged before its offset is committed, so a
            // crash parses the page again and the move is never lost (as a fetcher publishes a 3xx's).
            sends.add(Sends.send(producer, moved));
        }
        sends.add(Sends.send(producer, record));
        int sent = links.size() + (redirect == null ? 0 : 1);
        boolean recorded = out.record() != null;
        return Sends.all(sends).thenRun(() -> metrics.published(sent, recorded));
    }

    /**
     * The records of those {@code requests} not known as published, in order; the fingerprint of the
     * i-th goes to {@code fingerprints[i]} (0 when the set is off, which spares the hashing).
     */
    private List<ProducerRecord<String, byte[]>> unpublished(List<CrawlRequest> requests, long[] fingerprints) {
        List<ProducerRecord<String, byte[]>> links = new ArrayList<>(requests.size());
        for (CrawlRequest request : requests) {
            long fingerprint = published.enabled() ? LinkHash.of(request.url()) : 0;
            if (!published.contains(fingerprint)) {
                fingerprints[links.size()] = fingerprint;
                links.add(outputRecords.link(request));
            }
        }
        return links;
    }

    /**
     * Sends one link. Its fingerprint joins the set only once the broker has acknowledged it, and before
     * the returned stage completes, so it is there by the time the page's offset can be committed.
     */
    private CompletableFuture<?> sendLink(ProducerRecord<String, byte[]> link, long fingerprint) {
        return Sends.send(producer, link).whenComplete((metadata, error) -> {
            if (error == null) {
                // Exactly once, the link is in the transaction: an abort must not leave it remembered.
                outputs.afterCommit(() -> published.add(fingerprint));
            }
        });
    }
}
