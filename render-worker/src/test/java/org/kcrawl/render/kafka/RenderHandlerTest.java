package org.kcrawl.render.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.kafka.ManualOwnership;
import org.kcrawl.common.kafka.OutputPublisher;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.message.FailureRecord;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.MalformedMessageException;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.common.redirect.RedirectScope;
import org.kcrawl.common.scope.ScopeMode;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.http.pipeline.ResponsePlanner;
import org.kcrawl.http.pipeline.RetryPolicy;
import org.kcrawl.http.politeness.FakeTime;
import org.kcrawl.http.politeness.HostScheduler;
import org.kcrawl.http.politeness.PolitenessSettings;
import org.kcrawl.http.politeness.ScriptedFetcher;
import org.kcrawl.http.robots.RobotsPolicy;
import org.kcrawl.http.robots.RobotsVerdict;
import org.kcrawl.render.browser.Browser;
import org.kcrawl.render.browser.Tab;
import org.kcrawl.render.browser.Tabs;
import org.kcrawl.render.page.RenderLimits;
import org.kcrawl.render.page.RequestRules;

/**
 * The render handler's way with a URL up to the browser, with no browser: fake time, a scripted HTTP client,
 * the mock producer, and tabs that never open. Whatever is not a 2xx HTML page is published as the fetcher
 * would publish it, robots.txt and not-before times hold as in the fetcher, and a page that gets no tab is
 * retried on the render topic.
 */
class RenderHandlerTest {
    private static final CrawlTopics TOPICS = new CrawlTopics("t");
    private static final String URL = "http://a.test/page";
    private static final Duration MAX_HOLD = Duration.ofSeconds(10);

    private final FakeTime time = new FakeTime();
    private final ManualOwnership owner = new ManualOwnership(TOPICS.render(), time::nanoTime);
    private final ScriptedFetcher http = new ScriptedFetcher(time);
    private final MockProducer<String, byte[]> producer = new MockProducer<>(true, null, new StringSerializer(),
            new ByteArraySerializer());
    private final RenderMetrics metrics = new RenderMetrics(new SimpleMeterRegistry());
    private final Map<String, RobotsVerdict> verdicts = new HashMap<>();
    private final NoTabs tabs = new NoTabs();
    private final RenderHandler handler;
    /** Work for the send thread, held while {@link #holdSends} (run at once otherwise). */
    private final List<Runnable> heldSends = new ArrayList<>();
    private boolean holdSends;
    private long offset;

    /** Tabs of a browser that is not there: every page asking for one is told so. */
    private static final class NoTabs implements Tabs {
        int asked;

        @Override
        public CompletableFuture<Tab> openTab() {
            asked++;
            return CompletableFuture.failedFuture(new IllegalStateException("no browser in this test"));
        }

        @Override
        public void hung(Browser browser, String why) {
            throw new AssertionError("no browser can hang here");
        }
    }

    RenderHandlerTest() {
        HostScheduler scheduler = new HostScheduler(PolitenessSettings.defaults(), time);
        RobotsPolicy robots = (url, claim) -> CompletableFuture.completedFuture(
                verdicts.getOrDefault(url, RobotsVerdict.allowed(null)));
        RedirectRules redirects = new RedirectRules(UnaryOperator.identity(), RedirectScope.sameHost(), 5);
        ResponsePlanner planner = new ResponsePlanner(
                new RetryPolicy(3, Duration.ofSeconds(1), Duration.ofMinutes(1), () -> 0.5), redirects);
        RenderServices services = new RenderServices(scheduler, robots, http, tabs,
                new OutputPublisher(producer, TOPICS, work -> {
                    if (holdSends) {
                        heldSends.add(work);
                    } else {
                        work.run();
                    }
                }), planner, redirects, metrics, time);
        handler = new RenderHandler(services, new RequestRules(ScopeMode.HOST, List.of("document", "script"), 100,
                1 << 20), RenderLimits.of(Duration.ofSeconds(30), 1 << 20), MAX_HOLD, 2, 2);
        owner.assign(handler, 0);
        // Let the first interval after the assignment pass, so first requests go out at once.
        time.advance(Duration.ofSeconds(2));
    }

    @Test
    void aPageThatIsNotHtmlIsPublishedAsFetchedWithoutATab() {
        http.answer(URL, 200, "application/pdf", "%PDF-1.4", Map.of());

        CompletableFuture<?> done = handle(seed(URL));
        time.advance(Duration.ofSeconds(1));

        assertThat(done).isCompleted();
        assertThat(pages()).singleElement().satisfies(p -> {
            assertThat(p.requestedUrl()).isEqualTo(URL);
            assertThat(p.rendered()).isFalse();
            assertThat(p.contentType()).isEqualTo("application/pdf");
        });
        assertThat(sent(TOPICS.pages()).get(0).key()).isEqualTo("a.test");
        assertThat(tabs.asked).isZero();
        assertThat(metrics.pagesCount()).isEqualTo(1);
        assertThat(metrics.renderedCount()).isZero();
    }

    @Test
    void aNotFoundIsAFailureRecordAndNoTabIsAskedFor() {
        http.answer(URL, 404, "text/html", "<p>gone</p>", Map.of());

        CompletableFuture<?> done = handle(seed(URL));
        time.advance(Duration.ofSeconds(1));

        assertThat(done).isCompleted();
        assertThat(failures()).singleElement().satisfies(f -> {
            assertThat(f.url()).isEqualTo(URL);
            assertThat(f.reason()).isEqualTo(FailureReason.HTTP_4XX);
        });
        assertThat(pages()).isEmpty();
        assertThat(tabs.asked).isZero();
        assertThat(metrics.outcomes().failures()).isEqualTo(1);
    }

    @Test
    void anUnavailableServerIsRetriedOnTheRenderTopicUnderItsKey() {
        http.answer(URL, 503, "text/html", "", Map.of());
        Instant asked = time.now();

        CompletableFuture<?> done = handle(seed(URL));
        time.advance(Duration.ofSeconds(1));

        assertThat(done).isCompleted();
        assertThat(sent(TOPICS.render())).singleElement().satisfies(r -> {
            assertThat(r.key()).isEqualTo("a.test");
            CrawlRequest retry = decode(r.value(), CrawlRequest.class);
            assertThat(retry.attempt()).isEqualTo(2);
            assertThat(retry.notBefore()).as("backed off from the attempt").isAfter(asked);
        });
        assertThat(sent(TOPICS.urls())).as("a retry stays with the render workers").isEmpty();
        assertThat(metrics.outcomes().retries()).isEqualTo(1);
    }

    @Test
    void aRedirectPublishesItsPageAndItsTargetBackThroughTheFetchers() {
        http.answer(URL, 301, "text/html", "", Map.of("location", "http://a.test/moved"));

        CompletableFuture<?> done = handle(seed(URL));
        time.advance(Duration.ofSeconds(1));

        assertThat(done).isCompleted();
        assertThat(pages()).singleElement().satisfies(p -> assertThat(p.redirectTo()).isEqualTo("http://a.test/moved"));
        assertThat(sent(TOPICS.urls())).singleElement().satisfies(r -> {
            assertThat(r.key()).isEqualTo("a.test");
            assertThat(decode(r.value(), CrawlRequest.class).url()).isEqualTo("http://a.test/moved");
        });
        assertThat(tabs.asked).isZero();
    }

    @Test
    void anHtmlPageThatGetsNoTabIsRetriedAsACrashedRender() {
        http.answer(URL, 200, "text/html; charset=utf-8", "<html><body>hi</body></html>", Map.of());

        CompletableFuture<?> done = handle(seed(URL));
        time.advance(Duration.ofSeconds(1));

        assertThat(done).isCompleted();
        assertThat(tabs.asked).isEqualTo(1);
        assertThat(pages()).as("the page is rendered or not published").isEmpty();
        assertThat(sent(TOPICS.render())).singleElement()
                .satisfies(r -> assertThat(decode(r.value(), CrawlRequest.class).attempt()).isEqualTo(2));
        assertThat(metrics.outcomes().retries()).isEqualTo(1);
    }

    @Test
    void aUrlRobotsTxtDisallowsIsACountedSkipWithNoRequestAndNoOutput() {
        verdicts.put(URL, new RobotsVerdict(RobotsVerdict.Status.DISALLOWED, null, null, null));

        CompletableFuture<?> done = handle(seed(URL));
        time.advance(Duration.ofSeconds(1));

        assertThat(done).isCompleted();
        assertThat(http.count(URL)).isZero();
        assertThat(producer.history()).isEmpty();
        assertThat(metrics.outcomes().counter("skip", "robots").count()).isEqualTo(1);
    }

    @Test
    void aUrlWaitsInMemoryForANearNotBeforeTimeAndIsParkedForAFarOne() {
        CompletableFuture<?> near = handle(seed(URL).withNotBefore(time.now().plusSeconds(5)));
        CompletableFuture<?> far = handle(seed("http://b.test/").withNotBefore(time.now().plus(MAX_HOLD).plusSeconds(1)));

        assertThat(far).as("parked at once").isCompleted();
        assertThat(sent(TOPICS.render())).singleElement().satisfies(r -> {
            assertThat(r.key()).isEqualTo("b.test");
            assertThat(decode(r.value(), CrawlRequest.class).notBefore()).isAfter(time.now().plus(MAX_HOLD));
        });
        time.advance(Duration.ofSeconds(4));
        assertThat(http.count(URL)).as("held until its time").isZero();
        assertThat(near).isNotDone();

        time.advance(Duration.ofSeconds(2));
        assertThat(http.count(URL)).isEqualTo(1);
        assertThat(near).isCompleted();
        assertThat(http.count("http://b.test/")).isZero();
    }

    @Test
    void aUrlHeldForItsTimeIsLeftToTheNextOwnerWhenItsPartitionIsRevoked() {
        CompletableFuture<?> held = handle(seed(URL).withNotBefore(time.now().plusSeconds(5)));

        owner.revoke(handler, 0);
        time.advance(Duration.ofSeconds(6));

        assertThat(held).isCompletedExceptionally();
        assertThat(held.handle((v, e) -> e).join()).isInstanceOf(CancellationException.class);
        assertThat(http.count(URL)).isZero();
        assertThat(producer.history()).isEmpty();
    }

    /**
     * A URL whose partition is revoked while its outputs wait for the send thread sends nothing: its outputs go
     * out as one group and only while the partition is owned, so none can land in a transaction that commits
     * without the URL's offset (the next owner renders it again).
     */
    @Test
    void outputsWaitingForTheSendThreadWhenThePartitionIsRevokedAreNotSent() {
        http.answer(URL, 200, "application/pdf", "%PDF-1.4", Map.of());
        holdSends = true;

        CompletableFuture<?> done = handle(seed(URL));
        time.advance(Duration.ofSeconds(1));
        assertThat(heldSends).as("the page's send waits for the send thread").isNotEmpty();
        owner.revoke(handler, 0);
        List.copyOf(heldSends).forEach(Runnable::run);

        assertThat(producer.history()).isEmpty();
        assertThat(done).isCompletedExceptionally();
        assertThat(done.handle((v, e) -> e).join()).isInstanceOf(CancellationException.class);
    }

    private CrawlRequest seed(String url) {
        return CrawlRequest.seed(url, time.now());
    }

    private CompletableFuture<?> handle(CrawlRequest request) {
        ConsumerRecord<String, byte[]> record = new ConsumerRecord<>(TOPICS.render(), 0, offset++,
                HostKey.of(request.url()), MessageCodec.get().encode(request));
        return handler.handle(request, record, owner.claim(0)).toCompletableFuture();
    }

    private List<ProducerRecord<String, byte[]>> sent(String topic) {
        List<ProducerRecord<String, byte[]>> out = new ArrayList<>();
        for (ProducerRecord<String, byte[]> r : producer.history()) {
            if (r.topic().equals(topic)) {
                out.add(r);
            }
        }
        return out;
    }

    private List<FetchedPage> pages() {
        return sent(TOPICS.pages()).stream().map(r -> decode(r.value(), FetchedPage.class)).toList();
    }

    private List<FailureRecord> failures() {
        return sent(TOPICS.failures()).stream().map(r -> decode(r.value(), FailureRecord.class)).toList();
    }

    private static <T> T decode(byte[] bytes, Class<T> type) {
        try {
            return MessageCodec.get().decode(bytes, type);
        } catch (MalformedMessageException e) {
            throw new AssertionError(e);
        }
    }
}
