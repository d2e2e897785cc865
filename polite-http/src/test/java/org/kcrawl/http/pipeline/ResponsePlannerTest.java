package org.kcrawl.http.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.message.ScopeSite;
import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.common.redirect.RedirectScope;
import org.kcrawl.common.scope.CrawlSites;
import org.kcrawl.common.scope.ScopeSettings;
import org.kcrawl.http.client.FetchException;
import org.kcrawl.http.client.HttpResult;
import org.kcrawl.http.robots.RobotsUnreachable;

class ResponsePlannerTest {
    private static final String URL = "http://a.test/dir/page";
    private final Instant now = Instant.parse("2030-01-01T00:00:00Z");
    private final ResponsePlanner planner = new ResponsePlanner(
            new RetryPolicy(3, Duration.ofSeconds(1), Duration.ofMinutes(1), () -> 0.5), RedirectRules.defaults(5));
    private final CrawlRequest request = CrawlRequest.seed(URL, now);

    private static HttpResult result(int status, Map<String, String> headers) {
        return new HttpResult(URL, status, headers, "text/html", new byte[] {'x'}, false, 5, "127.0.0.1");
    }

    private PublishPlan plan(int status) {
        return planner.forResponse(request, result(status, Map.of()), now);
    }

    private FailureReason failed(PublishPlan p) {
        assertThat(p).isInstanceOf(PublishPlan.Fail.class);
        return ((PublishPlan.Fail) p).failure().reason();
    }

    private static RobotsUnreachable refused(Instant since, Instant retryAt, boolean givenUp) {
        return new RobotsUnreachable(FailureReason.CONNECT, "connect", "http://a.test/robots.txt: cannot connect",
                since, 1, retryAt, givenUp);
    }

    @Test
    void aUrlWhoseRobotsTxtIsUnreachableRetriesWhenTheFileIsFetchedAgainAndCountsTheNetworkReason() {
        PublishPlan p = planner.forRobotsUnavailable(request, refused(now, now.plusSeconds(2), false), now);

        assertThat(p).isInstanceOf(PublishPlan.Retry.class);
        assertThat(((PublishPlan.Retry) p).reason()).isEqualTo(FailureReason.CONNECT);
        assertThat(((PublishPlan.Retry) p).next().notBefore()).isEqualTo(now.plusSeconds(2));
    }

    @Test
    void aUrlWhoseAttemptsAreSpentFailsWithTheNetworkReasonAndTheRobotsTxtInTheDetail() {
        CrawlRequest last = request.retry(now).retry(now);

        PublishPlan p = planner.forRobotsUnavailable(last, refused(now, now.plusSeconds(2), false), now);

        assertThat(failed(p)).isEqualTo(FailureReason.CONNECT);
        assertThat(((PublishPlan.Fail) p).failure().detail()).startsWith("robots.txt unreachable: http://a.test/robots.txt")
                .endsWith("(attempt 3 of 3)");
    }

    @Test
    void aUrlOfAHostGivenUpOnFailsAtOnce() {
        PublishPlan p = planner.forRobotsUnavailable(request, refused(now.minusSeconds(8), now.plusSeconds(2), true), now);

        assertThat(failed(p)).isEqualTo(FailureReason.CONNECT);
        assertThat(((PublishPlan.Fail) p).failure().detail()).contains("given up");
    }

    @Test
    void successfulAndOddStatusesArePages() {
        for (int status : new int[] {200, 203, 204, 299, 101, 304, 300, 699}) {
            assertThat(plan(status)).as("status %d", status).isInstanceOf(PublishPlan.Page.class);
        }
    }

    @Test
    void clientErrorsFailExcept408And429() {
        for (int status : new int[] {400, 401, 403, 404, 410, 451, 499}) {
            assertThat(failed(plan(status))).as("status %d", status).isEqualTo(FailureReason.HTTP_4XX);
        }
        assertThat(plan(408)).isInstanceOf(PublishPlan.Retry.class);
        assertThat(plan(429)).isInstanceOf(PublishPlan.Refused.class);
    }

    @Test
    void serverErrorsAreRetriedThenFail() {
        assertThat(plan(500)).isInstanceOf(PublishPlan.Retry.class);
        PublishPlan.Retry retry = (PublishPlan.Retry) plan(502);
        assertThat(retry.reason()).isEqualTo(FailureReason.HTTP_5XX);
        assertThat(retry.next().notBefore()).isEqualTo(now.plusMillis(500));

        CrawlRequest last = request.retry(now).retry(now);
        PublishPlan p = planner.forResponse(last, result(503, Map.of()), now);
        assertThat(failed(p)).isEqualTo(FailureReason.HTTP_5XX);
        assertThat(((PublishPlan.Fail) p).failure().status()).isEqualTo(503);
    }

    @Test
    void aRefusalIsTheSameAttemptAgainAfterItsRetryAfterAndAServerErrorsRetryAfterIsNoRefusal() {
        Map<String, String> wait = Map.of("retry-after", "120");
        for (int status : new int[] {429, 503}) {
            PublishPlan.Refused refused = (PublishPlan.Refused) planner.forResponse(request, result(status, wait), now);
            assertThat(refused.next().notBefore()).as("status %d", status).isEqualTo(now.plusSeconds(120));
            assertThat(refused.next().attempt()).as("no attempt counted").isEqualTo(1);
            assertThat(refused.next().refusedSince()).isEqualTo(now);
        }
        assertThat(((PublishPlan.Retry) planner.forResponse(request, result(500, wait), now)).next().notBefore())
                .as("a 500's Retry-After is no refusal").isEqualTo(now.plusMillis(500));
        PublishPlan.Retry plain503 = (PublishPlan.Retry) planner.forResponse(request, result(503, Map.of()), now);
        assertThat(plain503.reason()).as("a 503 without Retry-After is a server error").isEqualTo(FailureReason.HTTP_5XX);
    }

    @Test
    void aRefusalWithoutRetryAfterWaitsOnlyForItsHostsPace() {
        PublishPlan.Refused refused = (PublishPlan.Refused) plan(429);

        assertThat(refused.next().notBefore()).isNull();
        assertThat(refused.next().attempt()).isEqualTo(1);
    }

    @Test
    void aRefusedUrlFailsAsRateLimitedOnceRefusedForTheGiveUpTimeAndNotBefore() {
        CrawlRequest refusedBefore = request.refused(now.minus(Duration.ofMinutes(10)).plusSeconds(1), null);
        PublishPlan.Refused again = (PublishPlan.Refused) planner.forResponse(refusedBefore, result(429, Map.of()), now);
        assertThat(again.next().refusedSince()).as("since its first refusal")
                .isEqualTo(now.minus(Duration.ofMinutes(10)).plusSeconds(1));

        PublishPlan p = planner.forResponse(again.next(), result(429, Map.of()), now.plusSeconds(1));

        assertThat(failed(p)).isEqualTo(FailureReason.RATE_LIMITED);
        assertThat(((PublishPlan.Fail) p).failure().status()).isEqualTo(429);
        assertThat(((PublishPlan.Fail) p).failure().detail()).startsWith("HTTP 429 (refused since");
    }

    @Test
    void refusalsCountNoAttemptEvenAfterFailedOnes() {
        CrawlRequest third = request.retry(now).retry(now);

        PublishPlan.Refused refused = (PublishPlan.Refused) planner.forResponse(third, result(429, Map.of()), now);

        assertThat(refused.next().attempt()).isEqualTo(3);
        assertThat(((PublishPlan.Retry) planner.forResponse(request.refused(now, null), result(500, Map.of()), now)).next()
                .refusedSince()).as("a failed attempt ends a run of refusals").isNull();
    }

    @Test
    void aHugeRetryAfterIsCutToTheCap() {
        ResponsePlanner capped = new ResponsePlanner(new RetryPolicy(3, Duration.ofSeconds(1), Duration.ofMinutes(1),
                Duration.ofMinutes(10), () -> 0.5), RedirectRules.defaults(5));

        PublishPlan.Refused refused = (PublishPlan.Refused) capped.forResponse(request, result(429,
                Map.of("retry-after", "99999999")), now);

        assertThat(refused.next().notBefore()).isEqualTo(now.plus(Duration.ofMinutes(10)));
    }

    @Test
    void aUrlWhoseRobotsTxtWasRefusedIsRefusedWithItUntilItsOwnDeadline() {
        RobotsUnreachable file = new RobotsUnreachable(FailureReason.RATE_LIMITED, "HTTP 429",
                "http://a.test/robots.txt refused 5 times in a row (HTTP 429)", now.minusSeconds(60), 5,
                now.plusSeconds(2), true);

        PublishPlan.Refused refused = (PublishPlan.Refused) planner.forRobotsUnavailable(request, file, now);
        assertThat(refused.next().notBefore()).as("when the file is fetched again").isEqualTo(now.plusSeconds(2));
        assertThat(refused.next().attempt()).isEqualTo(1);

        PublishPlan late = planner.forRobotsUnavailable(request.refused(now.minus(Duration.ofMinutes(11)), null), file, now);
        assertThat(failed(late)).isEqualTo(FailureReason.RATE_LIMITED);
    }

    @Test
    void redirectsResolveRelativeLocations() {
        PublishPlan p = planner.forResponse(request, result(302, Map.of("location", "../other?q=1#x")), now);

        PublishPlan.Redirect r = (PublishPlan.Redirect) p;
        assertThat(r.page().redirectTo()).isEqualTo("http://a.test/other?q=1");
        assertThat(r.next().url()).isEqualTo("http://a.test/other?q=1");
    }

    @Test
    void aRelativeLocationAgainstAnEmptyPathStaysOnTheHost() {
        CrawlRequest root = CrawlRequest.seed("http://a.test", now);
        HttpResult r = new HttpResult("http://a.test", 301, Map.of("location", "home"), null, null, false, 1, "x");

        PublishPlan.Redirect p = (PublishPlan.Redirect) planner.forResponse(root, r, now);

        assertThat(p.next().url()).isEqualTo("http://a.test/home");
    }

    @Test
    void aSeedThatRedirectsToAnotherHostMovesTheCrawlThere() {
        PublishPlan.Redirect r = (PublishPlan.Redirect) planner.forResponse(request,
                result(301, Map.of("location", "http://www.a.test/")), now);

        assertThat(r.next().url()).isEqualTo("http://www.a.test/");
        assertThat(r.next().seed()).as("the target is a seed too").isTrue();
        assertThat(r.next().hops()).isEqualTo(1);
        assertThat(r.moved()).isEqualTo(ScopeSite.seedRedirect("www.a.test", "http://www.a.test/", URL, now));

        // seed -> http://www.a.test/ -> https://www.b.test/: the second hop moves it again.
        PublishPlan.Redirect second = (PublishPlan.Redirect) planner.forResponse(r.next(),
                result(302, Map.of("location", "https://www.b.test/en/")), now);
        assertThat(second.next().seed()).isTrue();
        assertThat(second.next().hops()).isEqualTo(2);
        assertThat(second.moved().site()).isEqualTo("www.b.test");
        assertThat(second.moved().sourceUrl()).isEqualTo("http://www.a.test/");
    }

    @Test
    void aSeedRedirectWithinTheCrawlsSitesMovesNothing() {
        CrawlSites sites = CrawlSites.of(List.of("a.test", "www.a.test"));
        ResponsePlanner scoped = new ResponsePlanner(new RetryPolicy(3, Duration.ofSeconds(1), Duration.ofMinutes(1),
                () -> 0.5), new RedirectRules(u -> u, RedirectScope.of(ScopeSettings.defaults(), sites), 5));

        PublishPlan.Redirect https = (PublishPlan.Redirect) scoped.forResponse(request,
                result(301, Map.of("location", "https://a.test/dir/page")), now);
        PublishPlan.Redirect www = (PublishPlan.Redirect) scoped.forResponse(request,
                result(301, Map.of("location", "http://www.a.test/")), now);

        assertThat(https.next().url()).isEqualTo("https://a.test/dir/page");
        assertThat(https.moved()).isNull();
        assertThat(www.next().url()).isEqualTo("http://www.a.test/");
        assertThat(www.moved()).isNull();
    }

    @Test
    void redirectsOfPagesAndSitemapsKeepTheirScope() {
        CrawlRequest link = CrawlRequest.discovered(URL, 1, "http://a.test/", now);
        CrawlRequest sitemap = CrawlRequest.discovered("http://a.test/sitemap.xml", 0, "http://a.test/robots.txt", now);

        PublishPlan.Redirect fromLink = (PublishPlan.Redirect) planner.forResponse(link,
                result(301, Map.of("location", "http://b.test/")), now);
        PublishPlan.Redirect fromSitemap = (PublishPlan.Redirect) planner.forResponse(sitemap,
                result(301, Map.of("location", "http://b.test/sitemap.xml")), now);
        PublishPlan.Redirect sameHost = (PublishPlan.Redirect) planner.forResponse(link,
                result(301, Map.of("location", "/moved")), now);

        assertThat(fromLink.next()).isNull();
        assertThat(fromLink.moved()).isNull();
        assertThat(fromSitemap.next()).as("a sitemap is at depth 0 but is no seed").isNull();
        assertThat(fromSitemap.moved()).isNull();
        assertThat(sameHost.next().url()).isEqualTo("http://a.test/moved");
        assertThat(sameHost.next().seed()).isFalse();
    }

    @Test
    void aSeedsRedirectsStopAtTheHopLimitToo() {
        CrawlRequest fifth = new CrawlRequest(1, "http://x.test/", 0, "http://w.test/", now, 1, 5, null, true);
        PublishPlan p = planner.forResponse(fifth, result(301, Map.of("location", "http://y.test/")), now);
        assertThat(failed(p)).isEqualTo(FailureReason.REDIRECT_LIMIT);
    }

    @Test
    void unusableLocationsAreInvalidUrlFailures() {
        assertThat(failed(planner.forResponse(request, result(301, Map.of("location", "mailto:x@a.test")), now)))
                .isEqualTo(FailureReason.INVALID_URL);
        assertThat(failed(planner.forResponse(request, result(301, Map.of("location", "http://bad host/")), now)))
                .isEqualTo(FailureReason.INVALID_URL);
    }

    @Test
    void aRefreshHeaderThatLeadsElsewhereSoonIsPlannedAsA3xx() {
        CrawlRequest link = CrawlRequest.discovered(URL, 2, "http://a.test/", now);

        PublishPlan.Redirect r = (PublishPlan.Redirect) planner.forResponse(link,
                result(200, Map.of("refresh", "0; url=../home.html#top")), now);

        assertThat(r.page().status()).isEqualTo(200);
        assertThat(r.page().redirectTo()).isEqualTo("http://a.test/home.html");
        assertThat(r.next().url()).isEqualTo("http://a.test/home.html");
        assertThat(r.next().depth()).as("a redirect keeps the depth").isEqualTo(2);
        assertThat(r.next().hops()).isEqualTo(1);
        assertThat(r.moved()).isNull();
        assertThat(planner.forResponse(link, result(200, Map.of("refresh", "100;URL='/late'")), now))
                .as("up to max_refresh_delay").isInstanceOf(PublishPlan.Redirect.class);
    }

    @Test
    void aRefreshHeaderThatIsNoRedirectLeavesThePageAPage() {
        for (String refresh : new String[] {"300; url=/slow", "30", "0; url=/dir/page", "5; url=#top", "soon",
            "0; url=http://bad host/", "0; url=mailto:x@a.test"}) {
            PublishPlan p = planner.forResponse(request, result(200, Map.of("refresh", refresh)), now);
            assertThat(p).as(refresh).isInstanceOf(PublishPlan.Page.class);
            assertThat(((PublishPlan.Page) p).page().redirectTo()).isNull();
        }
    }

    @Test
    void aSeedsRefreshHeaderMovesTheCrawlAndCountsItsHopsWithThe3xxs() {
        PublishPlan.Redirect r = (PublishPlan.Redirect) planner.forResponse(request,
                result(200, Map.of("refresh", "1; url=http://www.b.test/")), now);
        assertThat(r.next().seed()).isTrue();
        assertThat(r.moved().site()).isEqualTo("www.b.test");

        CrawlRequest fifth = new CrawlRequest(1, "http://x.test/", 0, "http://w.test/", now, 1, 5, null, true);
        PublishPlan p = planner.forResponse(fifth, result(200, Map.of("refresh", "0; url=http://y.test/")), now);
        assertThat(failed(p)).isEqualTo(FailureReason.REDIRECT_LIMIT);
        assertThat(((PublishPlan.Fail) p).failure().status()).isEqualTo(200);
    }

    @Test
    void aLocationWinsOverARefreshAndAnErrorIsAnErrorWhateverItsRefresh() {
        PublishPlan.Redirect r = (PublishPlan.Redirect) planner.forResponse(request,
                result(301, Map.of("location", "/by-location", "refresh", "0; url=/by-refresh")), now);
        assertThat(r.next().url()).isEqualTo("http://a.test/by-location");
        assertThat(failed(planner.forResponse(request, result(404, Map.of("refresh", "0; url=/home")), now)))
                .isEqualTo(FailureReason.HTTP_4XX);
    }

    @Test
    void aPageCarriesItsRequestsHopsAndSeedFlagForTheParser() {
        CrawlRequest hop = new CrawlRequest(1, "http://x.test/", 0, "http://w.test/", now, 1, 2, null, true);
        PublishPlan.Page p = (PublishPlan.Page) planner.forResponse(hop, result(200, Map.of()), now);
        assertThat(p.page().hops()).isEqualTo(2);
        assertThat(p.page().seed()).isTrue();
        assertThat(p.page().request().redirectTo("http://x.test/next", now).hops()).isEqualTo(3);
    }

    @Test
    void fetchErrorsAreSortedByTheirReason() {
        PublishPlan timeout = planner.forError(request, new CompletionException(
                new FetchException(FailureReason.TIMEOUT, "idle")), now);
        assertThat(timeout).isInstanceOf(PublishPlan.Retry.class);
        assertThat(failed(planner.forError(request, new FetchException(FailureReason.TOO_LARGE, "big"), now)))
                .isEqualTo(FailureReason.TOO_LARGE);
        assertThat(failed(planner.forError(request, new FetchException(FailureReason.BLOCKED_ADDRESS, "10/8"), now)))
                .isEqualTo(FailureReason.BLOCKED_ADDRESS);
        assertThat(failed(planner.forError(request, new IllegalStateException("bug"), now)))
                .isEqualTo(FailureReason.INTERNAL);
    }
}
