package org.kcrawl.parser.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.kafka.DeadLetterPublisher;
import org.kcrawl.common.kafka.ManualOwnership;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.message.FailureRecord;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.PageRecord;
import org.kcrawl.common.message.ScopeSite;
import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.parser.dedup.FingerprintSet;
import org.kcrawl.parser.html.PageParser;
import org.kcrawl.parser.pipeline.PageProcessor;
import org.kcrawl.parser.pipeline.ParserMetrics;
import org.kcrawl.parser.scope.ScopeChain;
import org.kcrawl.common.scope.ScopeSettings;
import org.kcrawl.parser.sitemap.SitemapParser;
import org.kcrawl.parser.testing.Pages;
import org.slf4j.MDC;

/**
 * The handler's contract with the poll loop, against Kafka's own {@link MockProducer} so that each
 * acknowledgement can be given (or refused) one at a time.
 */
class ParseHandlerTest {
    private static final CrawlTopics TOPICS = new CrawlTopics("unit");
    private static final String HTML = "<title>T</title><a href=/a>a</a><a href=/b>b</a><a href=/a>dup</a>";

    private final MockProducer<String, byte[]> producer =
            new MockProducer<>(false, null, new StringSerializer(), new ByteArraySerializer());
    private final ParserMetrics metrics = new ParserMetrics(new SimpleMeterRegistry());
    private final ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
            new ArrayBlockingQueue<>(1));
    private final CountDownLatch release = new CountDownLatch(1);
    /** The poll loop's ownership: the partitions these tests read pages from are owned. */
    private final ManualOwnership owner = new ManualOwnership(TOPICS.pages());

    private final ParseHandler handler = new ParseHandler(
            new PageProcessor(PageParser.defaults(), SitemapParser.defaults(), ScopeChain.of(ScopeSettings.defaults()),
                    RedirectRules.defaults(5), metrics, Clock.systemUTC(), System::nanoTime),
            pool, producer, TOPICS, metrics, new DeadLetterPublisher(producer, TOPICS.deadLetters()),
            FingerprintSet.withCapacity(FingerprintSet.MIN_CAPACITY));

    /** Keeps the parse thread's MDC at each send: sends happen while the page is being processed. */
    private final List<Map<String, String>> mdcAtSend = new CopyOnWriteArrayList<>();
    private final MockProducer<String, byte[]> watchedProducer =
            new MockProducer<>(true, null, new StringSerializer(), new ByteArraySerializer()) {
                @Override
                public synchronized Future<RecordMetadata> send(ProducerRecord<String, byte[]> record,
                                                                Callback callback) {
                    Map<String, String> mdc = MDC.getCopyOfContextMap();
                    mdcAtSend.add(mdc == null ? Map.of() : mdc);
                    return super.send(record, callback);
                }
            };

    /** A handler on the watched producer whose processing throws after the parse when {@code broken}. */
    private ParseHandler watchedHandler(boolean broken) {
        Clock clock = broken ? new Clock() {
            @Override
            public ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                throw new IllegalStateException("clock broken");
            }
        } : Clock.systemUTC();
        return new ParseHandler(new PageProcessor(PageParser.defaults(), SitemapParser.defaults(),
                ScopeChain.of(ScopeSettings.defaults()), RedirectRules.defaults(5), metrics, clock, System::nanoTime),
                pool, watchedProducer, TOPICS, metrics, new DeadLetterPublisher(watchedProducer, TOPICS.deadLetters()),
                FingerprintSet.withCapacity(FingerprintSet.MIN_CAPACITY));
    }

    private Map<String, String> mdcOnThePool() throws Exception {
        CompletableFuture<Map<String, String>> mdc = new CompletableFuture<>();
        pool.execute(() -> mdc.complete(MDC.getCopyOfContextMap() == null ? Map.of() : MDC.getCopyOfContextMap()));
        return mdc.get(5, TimeUnit.SECONDS);
    }

    @BeforeEach
    void own() {
        owner.assign(0, 1, 2, 3, 4);
    }

    @AfterEach
    void shutdown() {
        release.countDown();
        pool.shutdownNow();
    }

    /** Hands {@code page} to {@code h} as the poll loop does: read at {@code offset} of {@code partition}, owned. */
    private CompletableFuture<?> handle(ParseHandler h, FetchedPage page, int partition, long offset) {
        ConsumerRecord<String, byte[]> record = new ConsumerRecord<>(TOPICS.pages(), partition, offset, "site.example",
                MessageCodec.get().encode(page));
        return h.handle(page, record, owner.claim(partition)).toCompletableFuture();
    }

    private void blockThePool() {
        pool.execute(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    @Test
    void completesOnlyWhenEveryOutputIsAcknowledged() throws Exception {
        FetchedPage page = Pages.html("http://site.example/", HTML);

        CompletableFuture<?> stage = handle(handler, page, 0, 7);

        await().atMost(Duration.ofSeconds(5)).until(() -> producer.history().size() == 3);
        List<ProducerRecord<String, byte[]>> sent = producer.history();
        assertThat(sent).extracting(ProducerRecord::topic)
                .containsExactly(TOPICS.urls(), TOPICS.urls(), TOPICS.records());
        assertThat(sent).extracting(ProducerRecord::key)
                .containsExactly("site.example", "site.example", "http://site.example/");
        CrawlRequest first = MessageCodec.get().decode(sent.get(0).value(), CrawlRequest.class);
        assertThat(first.url()).isEqualTo("http://site.example/a");
        assertThat(first.depth()).isEqualTo(2);
        assertThat(first.sourceUrl()).isEqualTo("http://site.example/");
        PageRecord record = MessageCodec.get().decode(sent.get(2).value(), PageRecord.class);
        assertThat(record.title()).isEqualTo("T");

        assertThat(producer.completeNext()).isTrue();
        assertThat(producer.completeNext()).isTrue();
        assertThat(stage).as("two of three acknowledged").isNotDone();
        assertThat(producer.completeNext()).isTrue();
        await().atMost(Duration.ofSeconds(5)).until(stage::isDone);
        assertThat(stage).isCompleted();
        assertThat(metrics.linksPublished()).isEqualTo(2);
        assertThat(metrics.recordsPublished()).isEqualTo(1);
    }

    @Test
    void aScriptShellUnderRenderAutoGoesToTheRenderTopicAloneKeyedByHostAndCompletesOnItsAcknowledgement()
            throws Exception {
        ParseHandler rendering = new ParseHandler(
                new PageProcessor(PageParser.defaults(), SitemapParser.defaults(), ScopeChain.of(ScopeSettings.defaults()),
                        RedirectRules.defaults(5), metrics, Clock.systemUTC(), System::nanoTime, true),
                pool, producer, TOPICS, metrics, new DeadLetterPublisher(producer, TOPICS.deadLetters()),
                FingerprintSet.withCapacity(FingerprintSet.MIN_CAPACITY));
        FetchedPage shell = Pages.html("http://site.example/app", "<title>Loading</title><script src=/app.js></script>"
                + "<div id=root></div>");

        CompletableFuture<?> stage = handle(rendering, shell, 0, 4);

        await().atMost(Duration.ofSeconds(5)).until(() -> producer.history().size() == 1);
        ProducerRecord<String, byte[]> sent = producer.history().get(0);
        assertThat(sent.topic()).isEqualTo(TOPICS.render());
        assertThat(sent.key()).isEqualTo("site.example");
        assertThat(MessageCodec.get().decode(sent.value(), CrawlRequest.class)).isEqualTo(shell.request());
        assertThat(stage).as("not acknowledged yet").isNotDone();
        assertThat(producer.completeNext()).isTrue();
        await().atMost(Duration.ofSeconds(5)).until(stage::isDone);
        assertThat(stage).isCompleted();
        assertThat(producer.history()).as("no record, no link").hasSize(1);
        assertThat(metrics.recordsPublished()).isZero();
    }

    @Test
    void aSeedsMetaRefreshPublishesItsTargetAndTheMoveBeforeThePageCompletes() throws Exception {
        FetchedPage seed = new FetchedPage(2, "http://site.example/", "http://site.example/", 200, Map.of(),
                "text/html", "<meta http-equiv=refresh content='0; url=http://www.site.example/'><a href=/a>a</a>"
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8), Instant.now(), 3, 0, false, null, 0, true);

        CompletableFuture<?> stage = handle(handler, seed, 0, 3);

        await().atMost(Duration.ofSeconds(5)).until(() -> producer.history().size() == 3);
        List<ProducerRecord<String, byte[]>> sent = producer.history();
        assertThat(sent).extracting(ProducerRecord::topic)
                .containsExactly(TOPICS.urls(), TOPICS.scope(), TOPICS.records());
        CrawlRequest target = MessageCodec.get().decode(sent.get(0).value(), CrawlRequest.class);
        assertThat(target.url()).isEqualTo("http://www.site.example/");
        assertThat(target.seed()).isTrue();
        assertThat(target.hops()).isEqualTo(1);
        assertThat(target.depth()).isZero();
        ScopeSite moved = MessageCodec.get().decode(sent.get(1).value(), ScopeSite.class);
        assertThat(moved.site()).isEqualTo("www.site.example");
        assertThat(moved.sourceUrl()).isEqualTo("http://site.example/");
        assertThat(MessageCodec.get().decode(sent.get(2).value(), PageRecord.class).redirectTo())
                .isEqualTo("http://www.site.example/");

        assertThat(producer.completeNext()).isTrue();
        assertThat(producer.completeNext()).isTrue();
        assertThat(stage).as("the record not acknowledged yet").isNotDone();
        assertThat(producer.completeNext()).isTrue();
        await().atMost(Duration.ofSeconds(5)).until(stage::isDone);
        assertThat(stage).isCompleted();
        assertThat(metrics.linksPublished()).isEqualTo(1);
        assertThat(metrics.recordsPublished()).isEqualTo(1);
    }

    @Test
    void aMetaRefreshOneHopTooManyPublishesAFailureInsteadOfARecord() throws Exception {
        FetchedPage last = new FetchedPage(2, "http://site.example/5", "http://site.example/5", 200, Map.of(),
                "text/html", "<meta http-equiv=refresh content='0; url=/6'>".getBytes(
                        java.nio.charset.StandardCharsets.UTF_8), Instant.now(), 3, 1, false, null, 5, false);

        CompletableFuture<?> stage = handle(handler, last, 0, 4);

        await().atMost(Duration.ofSeconds(5)).until(() -> producer.history().size() == 1);
        ProducerRecord<String, byte[]> sent = producer.history().get(0);
        assertThat(sent.topic()).isEqualTo(TOPICS.failures());
        assertThat(sent.key()).isEqualTo("http://site.example/5");
        FailureRecord failure = MessageCodec.get().decode(sent.value(), FailureRecord.class);
        assertThat(failure.reason()).isEqualTo(FailureReason.REDIRECT_LIMIT);
        assertThat(failure.depth()).isEqualTo(1);
        producer.completeNext();
        await().atMost(Duration.ofSeconds(5)).until(stage::isDone);
        assertThat(stage).isCompleted();
        assertThat(metrics.recordsPublished()).isZero();
    }

    @Test
    void aRefusedSendFailsTheStageSoThePartitionIsRewound() {
        FetchedPage page = Pages.html("http://site.example/", HTML);
        CompletableFuture<?> stage = handle(handler, page, 0, 1);

        await().atMost(Duration.ofSeconds(5)).until(() -> producer.history().size() == 3);
        producer.completeNext();
        producer.errorNext(new org.apache.kafka.common.errors.TimeoutException("broker gone"));
        producer.completeNext();

        await().atMost(Duration.ofSeconds(5)).until(stage::isDone);
        assertThat(stage).isCompletedExceptionally();
        assertThat(metrics.recordsPublished()).isZero();
    }

    @Test
    void linksWhoseSendsFailedArePublishedAgainWhenTheRewoundPageIsParsedAgain() {
        FingerprintSet published = FingerprintSet.withCapacity(FingerprintSet.MIN_CAPACITY);
        ParseHandler handler = handlerOn(producer, published);
        FetchedPage page = Pages.html("http://site.example/", HTML);

        CompletableFuture<?> failed = handle(handler, page, 0, 1);
        await().atMost(Duration.ofSeconds(5)).until(() -> producer.history().size() == 3);
        producer.errorNext(new org.apache.kafka.common.errors.TimeoutException("broker gone"));
        producer.errorNext(new org.apache.kafka.common.errors.TimeoutException("broker gone"));
        producer.completeNext();
        await().atMost(Duration.ofSeconds(5)).until(failed::isDone);
        assertThat(failed).isCompletedExceptionally();

        CompletableFuture<?> again = handle(handler, page, 0, 1);
        await().atMost(Duration.ofSeconds(5)).until(() -> producer.history().size() == 6);
        assertThat(urlsSent(3, 6)).containsExactly("http://site.example/a", "http://site.example/b");
        acknowledgeAll();
        await().atMost(Duration.ofSeconds(5)).until(again::isDone);
        assertThat(again).isCompleted();
        assertThat(metrics.linksSuppressed()).isZero();

        CompletableFuture<?> third = handle(handler, page, 0, 2);
        await().atMost(Duration.ofSeconds(5)).until(() -> producer.history().size() == 7);
        acknowledgeAll();
        await().atMost(Duration.ofSeconds(5)).until(third::isDone);
        assertThat(producer.history().get(6).topic()).as("only the record: both links are on the broker")
                .isEqualTo(TOPICS.records());
        assertThat(metrics.linksSuppressed()).isEqualTo(2);
        assertThat(metrics.linksPublished()).isEqualTo(2);
    }

    @Test
    void aRewoundPageSkipsOnlyTheLinksTheBrokerAcknowledged() {
        ParseHandler handler = handlerOn(producer, FingerprintSet.withCapacity(FingerprintSet.MIN_CAPACITY));
        FetchedPage page = Pages.html("http://site.example/", HTML);

        CompletableFuture<?> failed = handle(handler, page, 0, 1);
        await().atMost(Duration.ofSeconds(5)).until(() -> producer.history().size() == 3);
        producer.completeNext(); // /a is on the broker
        producer.errorNext(new org.apache.kafka.common.errors.TimeoutException("broker gone")); // /b is not
        producer.completeNext();
        await().atMost(Duration.ofSeconds(5)).until(failed::isDone);

        CompletableFuture<?> again = handle(handler, page, 0, 1);
        await().atMost(Duration.ofSeconds(5)).until(() -> producer.history().size() == 5);
        acknowledgeAll();
        await().atMost(Duration.ofSeconds(5)).until(again::isDone);

        assertThat(urlsSent(3, 5)).containsExactly("http://site.example/b");
        assertThat(producer.history().get(4).topic()).isEqualTo(TOPICS.records());
        assertThat(metrics.linksSuppressed()).isEqualTo(1);
    }

    @Test
    void aLinkWhoseSendIsNotYetAcknowledgedIsPublishedByAnotherPageToo() {
        ParseHandler handler = handlerOn(producer, FingerprintSet.withCapacity(FingerprintSet.MIN_CAPACITY));
        FetchedPage first = Pages.html("http://site.example/", "<a href=/a>a</a>");
        FetchedPage second = Pages.html("http://site.example/other", "<a href=/a>a</a>");

        CompletableFuture<?> one = handle(handler, first, 0, 1);
        await().atMost(Duration.ofSeconds(5)).until(() -> producer.history().size() == 2);
        CompletableFuture<?> two = handle(handler, second, 0, 2);
        await().atMost(Duration.ofSeconds(5)).until(() -> producer.history().size() == 4);
        acknowledgeAll();
        await().atMost(Duration.ofSeconds(5)).until(() -> one.isDone() && two.isDone());

        assertThat(urlsSent(0, 4)).containsExactly("http://site.example/a", "http://site.example/a");
        assertThat(metrics.linksSuppressed()).isZero();
    }

    @Test
    void withTheSetOffEveryPagePublishesEveryLink() throws Exception {
        ParseHandler handler = handlerOn(watchedProducer, FingerprintSet.withCapacity(0));
        FetchedPage page = Pages.html("http://site.example/", HTML);

        handle(handler, page, 0, 1).get(5, TimeUnit.SECONDS);
        handle(handler, page, 0, 2).get(5, TimeUnit.SECONDS);

        assertThat(watchedProducer.history()).extracting(ProducerRecord::topic).containsExactly(
                TOPICS.urls(), TOPICS.urls(), TOPICS.records(), TOPICS.urls(), TOPICS.urls(), TOPICS.records());
        assertThat(metrics.linksSuppressed()).isZero();
    }

    private ParseHandler handlerOn(MockProducer<String, byte[]> target, FingerprintSet published) {
        return new ParseHandler(new PageProcessor(PageParser.defaults(), SitemapParser.defaults(),
                ScopeChain.of(ScopeSettings.defaults()), RedirectRules.defaults(5), metrics, Clock.systemUTC(),
                System::nanoTime),
                pool, target, TOPICS, metrics, new DeadLetterPublisher(target, TOPICS.deadLetters()), published);
    }

    private void acknowledgeAll() {
        while (producer.completeNext()) {
            // the next pending send is acknowledged
        }
    }

    /** The URLs of the crawl requests among sends {@code from} (inclusive) to {@code to}. */
    private List<String> urlsSent(int from, int to) {
        return producer.history().subList(from, to).stream()
                .filter(r -> r.topic().equals(TOPICS.urls()))
                .map(r -> decode(r.value()).url())
                .toList();
    }

    private static CrawlRequest decode(byte[] value) {
        try {
            return MessageCodec.get().decode(value, CrawlRequest.class);
        } catch (org.kcrawl.common.message.MalformedMessageException e) {
            throw new AssertionError("an undecodable crawl request was sent", e);
        }
    }

    @Test
    void neverBlocksThePollThreadWhenThePoolIsFull() {
        blockThePool();
        FetchedPage page = Pages.html("http://site.example/", HTML);
        CompletionStage<?> queued = handle(handler, page, 0, 1);

        long start = System.nanoTime();
        CompletableFuture<?> refused = handle(handler, page, 0, 2);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));

        assertThat(refused).isCompletedExceptionally();
        assertThat(refused).failsWithin(Duration.ZERO).withThrowableOfType(ExecutionException.class)
                .withCauseInstanceOf(RejectedExecutionException.class);
        assertThat(queued.toCompletableFuture()).isNotDone();
    }

    @Test
    void aPageWhoseProcessingThrowsIsDeadLetteredAndCounted() throws Exception {
        ParseHandler broken = watchedHandler(true);
        FetchedPage page = Pages.html("http://site.example/", HTML);

        CompletableFuture<?> stage = handle(broken, page, 2, 9);

        stage.get(5, TimeUnit.SECONDS);
        assertThat(watchedProducer.history()).extracting(ProducerRecord::topic).containsExactly(TOPICS.deadLetters());
        assertThat(broken.deadLettered()).isEqualTo(1);
        assertThat(metrics.recordsPublished()).isZero();
    }

    @Test
    void theParseThreadsMdcNamesThePageWhileItIsProcessedAndOnlyThen() throws Exception {
        FetchedPage page = Pages.html("http://site.example/", HTML);
        Map<String, String> expected = Map.of("topic", TOPICS.pages(), "partition", "2", "offset", "9",
                "host", "site.example");

        handle(watchedHandler(false), page, 2, 9).get(5, TimeUnit.SECONDS);
        handle(watchedHandler(true), page, 2, 9).get(5, TimeUnit.SECONDS);

        assertThat(watchedProducer.history()).extracting(ProducerRecord::topic)
                .containsExactly(TOPICS.urls(), TOPICS.urls(), TOPICS.records(), TOPICS.deadLetters());
        assertThat(mdcAtSend).hasSize(4).allSatisfy(mdc -> assertThat(mdc).containsAllEntriesOf(expected));
        assertThat(mdcOnThePool()).as("cleared after the page").doesNotContainKeys("topic", "partition", "offset",
                "host");
    }

    @Test
    void skipsQueuedPagesOfARevokedPartition() {
        blockThePool();
        FetchedPage page = Pages.html("http://site.example/", HTML);
        CompletableFuture<?> stage = handle(handler, page, 3, 1);

        owner.revoke(handler, 3);
        release.countDown();

        await().atMost(Duration.ofSeconds(5)).until(stage::isDone);
        assertThat(stage.isCancelled()).as("dropped, never completed").isTrue();
        assertThat(producer.history()).isEmpty();
        assertThat(metrics.pagesParsed()).isZero();
    }

    @Test
    void revokingOnePartitionLeavesOthersAlone() {
        blockThePool();
        FetchedPage page = Pages.html("http://site.example/", HTML);
        CompletableFuture<?> stage = handle(handler, page, 4, 1);

        owner.revoke(handler, 3);
        release.countDown();

        await().atMost(Duration.ofSeconds(5)).until(() -> producer.history().size() == 3);
        while (producer.completeNext()) {
            // acknowledge everything
        }
        await().atMost(Duration.ofSeconds(5)).until(stage::isDone);
        assertThat(stage).isCompleted();
    }
}
