package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.http.politeness.SchedulerView.inFlight;
import static org.kcrawl.http.politeness.SchedulerView.interval;
import static org.kcrawl.http.politeness.SchedulerView.queued;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.kafka.OutputPublisher;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.message.FailureRecord;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.SchemaVersions;
import org.kcrawl.common.message.ScopeSite;
import org.kcrawl.common.redirect.RedirectScope;
import org.kcrawl.common.url.UrlFingerprint;
import org.kcrawl.http.client.FetchException;
import org.kcrawl.http.politeness.PolitenessSettings;
import org.kcrawl.common.message.SeenMarkers;

class FetchHandlerTest {
    private static final String URL = "http://a.test/page";
    private static final long SECOND = 1_000_000_000L;

    private static Throwable failureOf(CompletableFuture<?> f) {
        try {
            f.get();
            throw new AssertionError("expected a failed stage");
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (CancellationException e) {
            return e;
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aPageIsPublishedThenItsSeenMarkerAndTheStageWaitsForBothAcks() {
        HandlerFixture.Options o = new HandlerFixture.Options();
        o.autoAck = false;
        HandlerFixture f = new HandlerFixture(o);

        CompletableFuture<?> stage = f.handle(f.seed(URL));
        f.time.advance(Duration.ofSeconds(1));

        assertThat(f.pages()).hasSize(1);
        FetchedPage page = f.pages().get(0);
        assertThat(page.requestedUrl()).isEqualTo(URL);
        assertThat(page.finalUrl()).isEqualTo(URL);
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.redirectTo()).isNull();
        assertThat(f.sent(HandlerFixture.TOPICS.pages()).get(0).key()).isEqualTo("a.test");
        assertThat(f.sent(HandlerFixture.TOPICS.seen())).as("no marker before the page is acknowledged").isEmpty();

        assertThat(f.producer.completeNext()).isTrue(); // the page
        assertThat(stage).isNotDone();
        List<ProducerRecord<String, byte[]>> markers = f.sent(HandlerFixture.TOPICS.seen());
        assertThat(markers).hasSize(1);
        assertThat(markers.get(0).partition()).isEqualTo(0);
        assertThat(markers.get(0).key()).isEqualTo(SeenMarkers.key(UrlFingerprint.of(URL)));
        assertThat(markers.get(0).value()).isNotNull();

        assertThat(f.producer.completeNext()).isTrue(); // the marker
        assertThat(stage).isCompleted();
        assertThat(f.seen.isCompleted(0, UrlFingerprint.of(URL))).isTrue();
        assertThat(f.metrics.pages()).isEqualTo(1);
        assertThat(f.outcome("page", "none")).isEqualTo(1);
    }

    @Test
    void aFailedOutputFailsTheStageAndWritesNoMarker() {
        HandlerFixture.Options o = new HandlerFixture.Options();
        o.autoAck = false;
        HandlerFixture f = new HandlerFixture(o);

        CompletableFuture<?> stage = f.handle(f.seed(URL));
        f.time.advance(Duration.ofSeconds(1));
        f.producer.errorNext(new org.apache.kafka.common.errors.TimeoutException("broker away"));

        assertThat(failureOf(stage)).hasMessageContaining("broker away");
        assertThat(f.sent(HandlerFixture.TOPICS.seen())).isEmpty();
        assertThat(f.seen.isCompleted(0, UrlFingerprint.of(URL))).isFalse();
    }

    @Test
    void duplicatesAreCountedSkipsAndARetryTakesTheClaimOnlyFromTheAttemptThatPublishedIt() {
        HandlerFixture f = new HandlerFixture(optionsWithoutRobots());
        java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        f.fetcher.script(URL, u -> CompletableFuture.completedFuture(calls.incrementAndGet() == 1
                ? new org.kcrawl.http.client.HttpResult(u, 500, Map.of(), "text/html", new byte[0],
                        false, 5, "127.0.0.1")
                : new org.kcrawl.http.client.HttpResult(u, 200, Map.of(), "text/html", new byte[0], false, 5,
                        "127.0.0.1")));
        f.fetcher.holdResponses();
        CrawlRequest first = f.seed(URL);

        CompletableFuture<?> a = f.handle(first);
        assertThat(f.handle(f.seed(URL))).isCompleted();
        // A retry published in an earlier session, read while this first attempt is in flight: one of
        // the two copies must go, or the URL is fetched twice.
        assertThat(f.handle(first.retry(f.time.now()))).isCompleted();
        assertThat(f.outcome("skip", "duplicate")).isEqualTo(2);

        f.fetcher.release(); // 500: the first attempt publishes its retry and hands the claim over
        assertThat(a).isCompleted();
        CrawlRequest published = f.requests().get(0);
        assertThat(published.attempt()).isEqualTo(2);
        CompletableFuture<?> retry = f.handle(published);
        assertThat(f.handle(published)).as("a second copy of the retry").isCompleted();
        f.time.advance(Duration.ofSeconds(3));
        assertThat(retry).isCompleted();

        assertThat(f.handle(first.retry(f.time.now()))).isCompleted();
        assertThat(f.outcome("skip", "duplicate")).isEqualTo(4);
        assertThat(f.fetcher.count(URL)).isEqualTo(2);
        assertThat(f.pages()).hasSize(1);
    }

    @Test
    void urlsCompletedInAnEarlierSessionAreSkipped() {
        HandlerFixture f = new HandlerFixture();
        f.history.put(1, new Long2IntOpenHashMap(new long[] {UrlFingerprint.of(URL)}, new int[] {1}));
        f.assign(1);

        CompletableFuture<?> stage = f.handle(f.seed(URL), 1);

        assertThat(stage).isCompleted();
        assertThat(f.outcome("skip", "duplicate")).isEqualTo(1);
        f.time.advance(Duration.ofSeconds(5));
        assertThat(f.fetcher.count(URL)).isZero();
    }

    @Test
    void thePageBudgetSkipsUrlsPastIt() {
        HandlerFixture.Options o = new HandlerFixture.Options();
        o.settings = new HandlerSettings(5, 2, Duration.ofMinutes(1), ParkingTiers.defaults());
        HandlerFixture f = new HandlerFixture(o);

        f.handle(f.seed("http://a.test/1"));
        f.handle(f.seed("http://a.test/2"));
        CompletableFuture<?> third = f.handle(f.seed("http://a.test/3"));

        assertThat(third).isCompleted();
        assertThat(f.outcome("skip", "max_pages")).isEqualTo(1);
        f.time.advance(Duration.ofSeconds(5));
        assertThat(f.pages()).extracting(FetchedPage::requestedUrl)
                .containsExactly("http://a.test/1", "http://a.test/2");
    }

    @Test
    void urlsDeeperThanTheLimitAreSkipped() {
        HandlerFixture f = new HandlerFixture();
        CrawlRequest deep = CrawlRequest.discovered("http://a.test/deep", 6, "http://a.test/", f.time.now());

        assertThat(f.handle(deep)).isCompleted();

        assertThat(f.outcome("skip", "max_depth")).isEqualTo(1);
    }

    @Test
    void robotsDisallowedUrlsAreCountedSkipsAndRobotsIsTheHostsFirstRequest() {
        HandlerFixture f = new HandlerFixture();
        f.fetcher.answer("http://a.test/robots.txt", 200, "text/plain", "User-agent: *\nDisallow: /private\n", Map.of());

        CompletableFuture<?> denied = f.handle(f.seed("http://a.test/private/x"));
        CompletableFuture<?> allowed = f.handle(f.seed(URL));
        f.time.advance(Duration.ofSeconds(2));

        assertThat(denied).isCompleted();
        assertThat(allowed).isCompleted();
        assertThat(f.outcome("skip", "robots")).isEqualTo(1);
        assertThat(f.fetcher.requests()).containsExactly("http://a.test/robots.txt", URL);
        long robotsAt = f.fetcher.timesOf("http://a.test/robots.txt").get(0);
        assertThat(f.fetcher.timesOf(URL)).containsExactly(robotsAt + SECOND);
    }

    @Test
    void anUnreachableRobotsTxtTurnsIntoARetryAfterItsRetryTime() {
        HandlerFixture f = new HandlerFixture();
        f.fetcher.answer("http://a.test/robots.txt", 500, "text/html", "oops", Map.of());

        CompletableFuture<?> stage = f.handle(f.seed(URL));
        f.time.advance(Duration.ofMillis(10));

        assertThat(stage).isCompleted();
        List<CrawlRequest> republished = f.parked(1);
        assertThat(republished).as("a minute is past the hold time: the one-minute tier").hasSize(1);
        assertThat(republished.get(0).attempt()).isEqualTo(2);
        assertThat(republished.get(0).notBefore()).isAfterOrEqualTo(f.time.now().plusSeconds(59));
        assertThat(f.outcome("retry", "robots_unavailable")).isEqualTo(1);
        assertThat(f.fetcher.count(URL)).isZero();
    }

    @Test
    void aNotBeforeTimeIsWaitedForOnATimer() {
        HandlerFixture f = new HandlerFixture(optionsWithoutRobots());
        CrawlRequest later = f.seed(URL).retry(f.time.now().plusSeconds(10));

        CompletableFuture<?> stage = f.handle(later);
        f.time.advance(Duration.ofSeconds(9));
        assertThat(f.fetcher.count(URL)).isZero();
        assertThat(f.handler.waiting()).isEqualTo(1);

        f.time.advance(Duration.ofSeconds(1));

        assertThat(f.fetcher.count(URL)).isEqualTo(1);
        assertThat(stage).isCompleted();
        assertThat(f.handler.waiting()).isZero();
    }

    @Test
    void aDistantNotBeforeIsParkedAtOnceInTheTierThatFitsAndItsClaimReleased() {
        HandlerFixture f = new HandlerFixture(optionsWithoutRobots());
        Instant inTwoHours = f.time.now().plus(Duration.ofHours(2));
        CrawlRequest parkedOne = new CrawlRequest(SchemaVersions.CURRENT, URL, 1, "http://a.test/", f.time.now(), 1, 0,
                inTwoHours);

        CompletableFuture<?> stage = f.handle(parkedOne);

        assertThat(stage).as("nothing waits in memory, so the offset is not pinned").isCompleted();
        assertThat(f.requests()).isEmpty();
        List<ProducerRecord<String, byte[]>> tier = f.sent(HandlerFixture.TOPICS.parked(3));
        assertThat(tier).hasSize(1);
        assertThat(HandlerFixture.decode(tier.get(0).value(), CrawlRequest.class)).isEqualTo(parkedOne);
        assertThat(tier.get(0).key()).isEqualTo("a.test");
        assertThat(new String(tier.get(0).headers().lastHeader(OutputPublisher.PARTITION_HEADER).value(),
                java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("0");
        assertThat(f.outcome("parked", "none")).isEqualTo(1);
        assertThat(f.fetcher.count(URL)).isZero();
        f.handle(f.seed(URL)); // as the parked copy comes back: it must not be a duplicate of itself
        assertThat(f.fetcher.count(URL)).isEqualTo(1);
        assertThat(f.outcome("skip", "duplicate")).isZero();
    }

    @Test
    void aWaitGoesToTheLongestTierThatDoesNotOvershootIt() {
        HandlerFixture f = new HandlerFixture(optionsWithoutRobots());
        CrawlRequest in15Minutes = f.seed(URL).retry(f.time.now().plus(Duration.ofMinutes(15)));

        assertThat(f.handle(in15Minutes)).isCompleted();

        assertThat(f.sent(HandlerFixture.TOPICS.parked(2))).as("the 10 min tier: it will not overshoot").hasSize(1);
        assertThat(f.sent(HandlerFixture.TOPICS.parked(1))).isEmpty();
        assertThat(f.sent(HandlerFixture.TOPICS.parked(3))).isEmpty();
    }

    @Test
    void aHostsBacklogPastTheHorizonIsParkedAtItsPaceAndNotKeptInMemory() {
        HandlerFixture.Options o = optionsWithoutRobots();
        o.politeness = new PolitenessSettings(1, 1, 1, 10, Duration.ofSeconds(30), Duration.ofMinutes(10), 10,
                Duration.ofSeconds(5), 1_000);
        HandlerFixture f = new HandlerFixture(o);
        f.fetcher.holdResponses();

        List<CompletableFuture<?>> stages = new java.util.ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            stages.add(f.handle(f.seed("http://a.test/" + i)));
        }

        // One in flight, then a queue reaching 5 s ahead at 1/s: /2 at +1 s ... /6 at +5 s.
        assertThat(inFlight(f.scheduler, "a.test")).isEqualTo(1);
        assertThat(queued(f.scheduler, "a.test")).isEqualTo(5);
        assertThat(stages.subList(6, 10)).allSatisfy(s -> assertThat(s).isCompleted());
        List<CrawlRequest> parked = f.requests();
        assertThat(parked).extracting(CrawlRequest::url)
                .containsExactly("http://a.test/7", "http://a.test/8", "http://a.test/9", "http://a.test/10");
        Instant now = f.time.now();
        assertThat(parked).extracting(CrawlRequest::notBefore).containsExactly(now.plusSeconds(6),
                now.plusSeconds(7), now.plusSeconds(8), now.plusSeconds(9));
        assertThat(f.handler.waiting() + f.scheduler.counts().queued()).isEqualTo(5);
    }

    /**
     * A URL parked past its host's horizon keeps its {@code max_pages} unit for its copy. It used to give it
     * back: later URLs took it, the copy came back over budget and was skipped, and the turn kept for it in
     * the host's line passed with no request (a {@code --max-pages 15} crawl of a host at 1/s took 22 s).
     */
    @Test
    void aParkedUrlKeepsItsPageUnitForItsCopyAndLaterUrlsAreTheOnesSkipped() {
        HandlerFixture f = slowHostWithABudgetOf8();

        for (int i = 1; i <= 12; i++) {
            f.handle(f.seed("http://a.test/" + i));
        }
        // /1 on the wire, /2../6 queued, /7 and /8 parked with their units; /9../12 past the budget.
        List<CrawlRequest> parked = f.requests();
        assertThat(parked).extracting(CrawlRequest::url).containsExactly("http://a.test/7", "http://a.test/8");
        assertThat(f.outcome("skip", "max_pages")).isEqualTo(4);

        f.time.advance(Duration.ofSeconds(7));
        parked.forEach(f::handle);
        f.time.advance(Duration.ofSeconds(5));

        assertThat(f.outcome("skip", "max_pages")).as("the copies came back within the budget").isEqualTo(4);
        assertThat(f.pages()).extracting(FetchedPage::requestedUrl).containsExactly("http://a.test/1",
                "http://a.test/2", "http://a.test/3", "http://a.test/4", "http://a.test/5", "http://a.test/6",
                "http://a.test/7", "http://a.test/8");
        assertThat(f.handler.admitted()).isEqualTo(8);
    }

    /** The units parked URLs keep go back when their partition is revoked: their copies are the next owner's. */
    @Test
    void aRevokeGivesBackTheUnitsItsParkedAndQueuedUrlsHeld() {
        HandlerFixture f = slowHostWithABudgetOf8();
        f.fetcher.holdResponses();
        for (int i = 1; i <= 8; i++) {
            f.handle(f.seed("http://a.test/" + i));
        }
        // /1 on the wire, /2../6 queued for their turn, /7 and /8 parked with their units.
        assertThat(f.requests()).hasSize(2);
        assertThat(f.handler.admitted()).isEqualTo(8);

        f.revoke(0);

        assertThat(f.handler.admitted()).as("only the URL on the wire, which is fetched, keeps its unit")
                .isEqualTo(1);
        f.assign(0);
        for (int i = 9; i <= 16; i++) {
            f.handle(f.seed("http://b.test/" + i));
        }
        assertThat(f.handler.admitted()).as("the budget's 7 other units, once each").isEqualTo(8);
        assertThat(f.outcome("skip", "max_pages")).isEqualTo(1);
    }

    @Test
    void aLongRetryAfterHandsTheQueuedBacklogBackToBeParkedAfterThePause() {
        HandlerFixture.Options o = optionsWithoutRobots();
        o.politeness = new PolitenessSettings(1, 1, 1, 10, Duration.ofSeconds(30), Duration.ofHours(1), 10,
                Duration.ofMinutes(1), 1_000);
        HandlerFixture f = new HandlerFixture(o);
        f.fetcher.answer("http://a.test/1", 429, "text/html", "slow down", Map.of("retry-after", "3600"));
        f.fetcher.holdResponses();
        List<CompletableFuture<?>> stages = new java.util.ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            stages.add(f.handle(f.seed("http://a.test/" + i)));
        }
        assertThat(queued(f.scheduler, "a.test")).isEqualTo(3);

        f.fetcher.release(); // the 429 with an hour's Retry-After

        assertThat(queued(f.scheduler, "a.test")).as("nothing waits an hour in memory").isZero();
        assertThat(stages).allSatisfy(s -> assertThat(s).isCompleted());
        List<CrawlRequest> tier2 = f.sent(HandlerFixture.TOPICS.parked(3)).stream()
                .map(r -> HandlerFixture.decode(r.value(), CrawlRequest.class)).toList();
        assertThat(tier2).extracting(CrawlRequest::url)
                .containsExactlyInAnyOrder("http://a.test/1", "http://a.test/2", "http://a.test/3", "http://a.test/4");
        Instant pauseEnds = f.time.now().plus(Duration.ofHours(1));
        assertThat(tier2).allSatisfy(r -> assertThat(r.notBefore()).isAfterOrEqualTo(pauseEnds));
        CrawlRequest refused = tier2.stream().filter(r -> r.url().equals("http://a.test/1")).findFirst().orElseThrow();
        assertThat(refused.attempt()).as("the refused one counts no attempt").isEqualTo(1);
        assertThat(refused.refusedSince()).isEqualTo(f.time.now());
    }

    @Test
    void aRedirectPublishesThePageAndTheTargetAsANewUrl() {
        HandlerFixture f = new HandlerFixture(optionsWithoutRobots());
        f.fetcher.answer(URL, 301, null, "", Map.of("location", "/moved?x=1#frag"));

        CompletableFuture<?> stage = f.handle(f.seed(URL));

        assertThat(stage).isCompleted();
        FetchedPage page = f.pages().get(0);
        assertThat(page.status()).isEqualTo(301);
        assertThat(page.redirectTo()).isEqualTo("http://a.test/moved?x=1");
        CrawlRequest next = f.requests().get(0);
        assertThat(next.url()).isEqualTo("http://a.test/moved?x=1");
        assertThat(next.hops()).isEqualTo(1);
        assertThat(next.depth()).isEqualTo(0);
        assertThat(next.sourceUrl()).isEqualTo(URL);
        assertThat(f.sent(HandlerFixture.TOPICS.urls()).get(0).key()).isEqualTo("a.test");
        assertThat(f.sent(HandlerFixture.TOPICS.seen())).hasSize(1);
        assertThat(f.outcome("redirect", "none")).isEqualTo(1);
        assertThat(f.fetcher.count("http://a.test/moved?x=1")).as("never followed inline").isZero();
    }

    @Test
    void redirectTargetsGoThroughTheNormalizerAndTheScope() {
        HandlerFixture.Options o = optionsWithoutRobots();
        o.normalizer = u -> u.replace("HTTP://B.TEST", "http://b.test");
        HandlerFixture f = new HandlerFixture(o);
        f.fetcher.answer(URL, 302, null, "", Map.of("location", "HTTP://B.TEST/x"));

        f.handle(CrawlRequest.discovered(URL, 1, "http://a.test/", f.time.now()));

        assertThat(f.pages().get(0).redirectTo()).isEqualTo("http://b.test/x");
        assertThat(f.requests()).isEmpty();
        assertThat(f.sent(HandlerFixture.TOPICS.scope())).isEmpty();
        assertThat(f.outcome("skip", "out_of_scope")).isEqualTo(1);
        assertThat(f.outcome("redirect", "none")).isEqualTo(1);
    }

    @Test
    void aSeedThatRedirectsToAnotherHostPublishesItsSiteBeforeItsSeenMarker() {
        HandlerFixture f = new HandlerFixture(optionsWithoutRobots());
        f.fetcher.answer(URL, 301, null, "", Map.of("location", "http://www.a.test/"));

        CompletableFuture<?> stage = f.handle(f.seed(URL));

        assertThat(stage).isCompleted();
        assertThat(f.requests()).singleElement().satisfies(r -> {
            assertThat(r.url()).isEqualTo("http://www.a.test/");
            assertThat(r.seed()).isTrue();
        });
        List<ProducerRecord<String, byte[]>> scope = f.sent(HandlerFixture.TOPICS.scope());
        assertThat(scope).singleElement().satisfies(r -> {
            assertThat(r.key()).isEqualTo("www.a.test");
            ScopeSite site = HandlerFixture.decode(r.value(), ScopeSite.class);
            assertThat(site.cause()).isEqualTo(ScopeSite.Cause.SEED_REDIRECT);
            assertThat(site.url()).isEqualTo("http://www.a.test/");
            assertThat(site.sourceUrl()).isEqualTo(URL);
        });
        List<String> order = f.producer.history().stream().map(ProducerRecord::topic).toList();
        assertThat(order.indexOf(HandlerFixture.TOPICS.scope())).isLessThan(order.indexOf(HandlerFixture.TOPICS.seen()));
        assertThat(f.outcome("redirect", "none")).isEqualTo(1);
        assertThat(f.outcome("skip", "out_of_scope")).isZero();
    }

    @Test
    void anyScopeFollowsOtherHostsKeyedByTheTargetHost() {
        HandlerFixture.Options o = optionsWithoutRobots();
        o.scope = RedirectScope.any();
        HandlerFixture f = new HandlerFixture(o);
        f.fetcher.answer(URL, 307, null, "", Map.of("location", "https://b.test/y"));

        f.handle(f.seed(URL));

        assertThat(f.requests()).extracting(CrawlRequest::url).containsExactly("https://b.test/y");
        assertThat(f.sent(HandlerFixture.TOPICS.urls()).get(0).key()).isEqualTo("b.test");
        assertThat(f.sent(HandlerFixture.TOPICS.urls()).get(0).partition()).isNull();
    }

    @Test
    void aRedirectToItselfOrPastTheHopLimitIsAFailure() {
        HandlerFixture f = new HandlerFixture(optionsWithoutRobots());
        f.fetcher.answer(URL, 301, null, "", Map.of("location", URL + "#top"));
        f.fetcher.answer("http://a.test/far", 301, null, "", Map.of("location", "/further"));

        f.handle(f.seed(URL));
        CrawlRequest fifthHop = new CrawlRequest(SchemaVersions.CURRENT, "http://a.test/far", 0, URL, f.time.now(), 1,
                5, null);
        f.handle(fifthHop);
        f.time.advance(Duration.ofSeconds(2));

        assertThat(f.failures()).extracting(FailureRecord::reason)
                .containsExactly(FailureReason.REDIRECT_LIMIT, FailureReason.REDIRECT_LIMIT);
        assertThat(f.failures()).extracting(FailureRecord::status).containsExactly(301, 301);
        assertThat(f.requests()).isEmpty();
        assertThat(f.pages()).isEmpty();
    }

    @Test
    void a404IsAFailureWithItsStatus() {
        HandlerFixture f = new HandlerFixture(optionsWithoutRobots());
        f.fetcher.answer(URL, 404, "text/html", "gone", Map.of());

        f.handle(f.seed(URL));

        FailureRecord failure = f.failures().get(0);
        assertThat(failure.reason()).isEqualTo(FailureReason.HTTP_4XX);
        assertThat(failure.status()).isEqualTo(404);
        assertThat(failure.attempts()).isEqualTo(1);
        assertThat(f.sent(HandlerFixture.TOPICS.failures()).get(0).key()).isEqualTo(URL);
        assertThat(f.sent(HandlerFixture.TOPICS.seen())).hasSize(1);
        assertThat(f.metrics.outcomes().failures()).isEqualTo(1);
    }

    @Test
    void a503WithALongRetryAfterRefusesTheUrlForNowCountingNoAttemptParkedUntilThePauseEnds() {
        HandlerFixture f = new HandlerFixture(optionsWithoutRobots());
        f.fetcher.answer(URL, 503, "text/html", "busy", Map.of("retry-after", "30"));

        CompletableFuture<?> stage = f.handle(f.seed(URL));

        assertThat(stage).isCompleted();
        assertThat(f.failures()).isEmpty();
        assertThat(f.sent(HandlerFixture.TOPICS.seen())).as("a refusal is not terminal").isEmpty();
        CrawlRequest again = f.parked(0).get(0);
        assertThat(again.attempt()).isEqualTo(1);
        assertThat(again.refusedSince()).isEqualTo(f.time.now());
        assertThat(again.notBefore()).as("the host's pause, past the hold").isAfterOrEqualTo(f.time.now().plusSeconds(30));
        ProducerRecord<String, byte[]> record = f.sent(HandlerFixture.TOPICS.parked(0)).get(0);
        assertThat(new String(record.headers().lastHeader(OutputPublisher.PARTITION_HEADER).value(),
                java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("0");
        assertThat(record.key()).isEqualTo("a.test");
        assertThat(interval(f.scheduler, "a.test")).isEqualTo(Duration.ofSeconds(2));
        assertThat(f.outcome("parked", "none")).isEqualTo(1);
        assertThat(f.metrics.outcomes().retries()).as("no failed attempt").isZero();
        assertThat(f.metrics.outcomes().refusals()).isEqualTo(1);
        assertThat(f.metrics.registry().counter("crawl.fetch.refusals").count()).isEqualTo(1);
    }

    @Test
    void aRefusedUrlWaitsInItsHostsLineAndIsFetchedOnceTheServerLetsItThrough() {
        HandlerFixture f = new HandlerFixture(optionsWithoutRobots());
        f.fetcher.answer(URL, 429, "text/html", "slow down", Map.of());
        CompletableFuture<?> stage = f.handle(f.seed(URL));
        assertThat(stage).as("still in line").isNotDone();
        f.fetcher.answer(URL, 200, "text/html", "<html></html>", Map.of());

        f.time.advance(Duration.ofSeconds(2));

        assertThat(stage).isCompleted();
        assertThat(f.requests()).as("nothing went back through the urls topic").isEmpty();
        assertThat(f.pages()).hasSize(1);
        assertThat(f.fetcher.timesOf(URL)).hasSize(2);
        assertThat(f.fetcher.timesOf(URL).get(1) - f.fetcher.timesOf(URL).get(0)).as("at the halved rate")
                .isEqualTo(2_000_000_000L);
        assertThat(f.failures()).isEmpty();
        assertThat(f.metrics.outcomes().refusals()).isEqualTo(1);
    }

    @Test
    void aUrlRefusedForTenMinutesFailsAsRateLimited() {
        HandlerFixture f = new HandlerFixture(optionsWithoutRobots());
        f.fetcher.answer(URL, 429, "text/html", "slow down", Map.of());
        CrawlRequest longRefused = f.seed(URL).refused(f.time.now().minus(Duration.ofMinutes(10)), null);

        f.handle(longRefused);
        f.time.advance(Duration.ofSeconds(1));

        FailureRecord failure = f.failures().get(0);
        assertThat(failure.reason()).isEqualTo(FailureReason.RATE_LIMITED);
        assertThat(failure.status()).isEqualTo(429);
        assertThat(failure.attempts()).isEqualTo(1);
        assertThat(f.outcome("failure", "rate_limited")).isEqualTo(1);
    }

    @Test
    void theLastAttemptEndsAsAFailure() {
        HandlerFixture f = new HandlerFixture(optionsWithoutRobots());
        f.fetcher.answer(URL, 500, "text/html", "broken", Map.of());
        CrawlRequest third = f.seed(URL).retry(f.time.now()).retry(f.time.now());

        f.handle(third);

        FailureRecord failure = f.failures().get(0);
        assertThat(failure.reason()).isEqualTo(FailureReason.HTTP_5XX);
        assertThat(failure.attempts()).isEqualTo(3);
        assertThat(failure.status()).isEqualTo(500);
        assertThat(f.requests()).isEmpty();
    }

    @Test
    void transientErrorsAreRetriedAndPermanentOnesFailAtOnce() {
        HandlerFixture f = new HandlerFixture(optionsWithoutRobots());
        f.fetcher.fail("http://a.test/slow", new FetchException(FailureReason.TIMEOUT, "read timed out"));
        f.fetcher.fail("http://b.test/tls", new FetchException(FailureReason.TLS, "bad certificate"));

        f.handle(f.seed("http://a.test/slow"));
        f.handle(f.seed("http://b.test/tls"));

        assertThat(f.requests()).extracting(CrawlRequest::attempt).containsExactly(2);
        assertThat(f.failures()).extracting(FailureRecord::reason).containsExactly(FailureReason.TLS);
        assertThat(f.failures().get(0).detail()).contains("bad certificate");
    }

    @Test
    void aBugInAStepBecomesAnInternalFailureRecord() {
        HandlerFixture.Options o = optionsWithoutRobots();
        o.normalizer = u -> {
            throw new IllegalStateException("normalizer bug");
        };
        HandlerFixture f = new HandlerFixture(o);
        f.fetcher.answer(URL, 301, null, "", Map.of("location", "/x"));

        CompletableFuture<?> stage = f.handle(f.seed(URL));

        assertThat(stage).isCompleted();
        assertThat(f.failures()).extracting(FailureRecord::reason).containsExactly(FailureReason.INTERNAL);
        assertThat(f.failures().get(0).detail()).contains("normalizer bug");
    }

    @Test
    void revokingCancelsQueuedUrlsAndDropsResultsOfInFlightOnes() {
        HandlerFixture f = new HandlerFixture(optionsWithoutRobots());
        f.fetcher.holdResponses();
        CompletableFuture<?> inFlight = f.handle(f.seed("http://a.test/1"));
        CompletableFuture<?> queued = f.handle(f.seed("http://a.test/2"));
        CompletableFuture<?> waiting = f.handle(f.seed("http://a.test/3").retry(f.time.now().plusSeconds(8)));

        f.revoke(0);

        assertThat(failureOf(queued)).isInstanceOf(CancellationException.class);
        assertThat(failureOf(waiting)).isInstanceOf(CancellationException.class);
        assertThat(f.seen.owns(0)).isFalse();
        f.fetcher.release();
        assertThat(failureOf(inFlight)).isInstanceOf(CancellationException.class);
        f.time.advance(Duration.ofSeconds(30));
        assertThat(f.producer.history()).as("nothing published for a partition we no longer own").isEmpty();
        assertThat(f.fetcher.requests()).containsExactly("http://a.test/1");
        assertThat(f.scheduler.counts().inFlight()).isZero();
    }

    /** One host at 1/s with a 5 s horizon, one in flight, and a max_pages budget of 8. */
    private static HandlerFixture slowHostWithABudgetOf8() {
        HandlerFixture.Options o = optionsWithoutRobots();
        o.politeness = new PolitenessSettings(1, 1, 1, 10, Duration.ofSeconds(30), Duration.ofMinutes(10), 10,
                Duration.ofSeconds(5), 1_000);
        o.settings = new HandlerSettings(5, 8, Duration.ofMinutes(1), ParkingTiers.defaults());
        return new HandlerFixture(o);
    }

    private static HandlerFixture.Options optionsWithoutRobots() {
        HandlerFixture.Options o = new HandlerFixture.Options();
        o.robots = false;
        return o;
    }
}
