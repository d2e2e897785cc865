package org.kcrawl.http.robots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.http.politeness.SchedulerView.interval;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.kafka.ManualOwnership;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.http.client.FetchException;
import org.kcrawl.http.politeness.FakeTime;
import org.kcrawl.http.politeness.HostScheduler;
import org.kcrawl.http.politeness.PolitenessSettings;
import org.kcrawl.http.politeness.ScriptedFetcher;

class RobotsRulesTest {
    private static final String ROBOTS = "http://a.test/robots.txt";
    private static final long SECOND = 1_000_000_000L;

    private final FakeTime time = new FakeTime();
    private final ScriptedFetcher fetcher = new ScriptedFetcher(time);
    private final HostScheduler scheduler = new HostScheduler(PolitenessSettings.defaults(), time);
    private final ManualOwnership owner = new ManualOwnership("t.urls", time::nanoTime);
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final RobotsRules rules = new RobotsRules(fetcher, scheduler, RobotsSettings.defaults(), time, registry);

    RobotsRulesTest() {
        owner.assign(0);
        time.advance(Duration.ofSeconds(5)); // buckets start full, so timings below are easy to read
    }

    private RobotsVerdict check(String url) {
        CompletableFuture<RobotsVerdict> f = rules.check(url, owner.claim(0));
        time.advance(Duration.ofMillis(1));
        assertThat(f).as("verdict for %s", url).isDone();
        return f.join();
    }

    @Test
    void rulesFromA200AreApplied() {
        fetcher.answer(ROBOTS, 200, "text/plain", "User-agent: *\nDisallow: /secret\n", Map.of());

        assertThat(check("http://a.test/page").status()).isEqualTo(RobotsVerdict.Status.ALLOWED);
        assertThat(check("http://a.test/secret/x").status()).isEqualTo(RobotsVerdict.Status.DISALLOWED);
        assertThat(fetcher.count(ROBOTS)).isEqualTo(1);
        assertThat(registry.counter("crawl.fetch.robots", "result", "rules").count()).isEqualTo(1);
    }

    @Test
    void a4xxAllowsEverything() {
        fetcher.answer(ROBOTS, 404, "text/html", "not found", Map.of());

        assertThat(check("http://a.test/anything").status()).isEqualTo(RobotsVerdict.Status.ALLOWED);
    }

    @Test
    void a5xxDisallowsForNowAndIsFetchedAgainAfterTheRetryTime() {
        fetcher.answer(ROBOTS, 503, "text/html", "busy", Map.of());

        RobotsVerdict v = check("http://a.test/page");

        assertThat(v.status()).isEqualTo(RobotsVerdict.Status.UNAVAILABLE);
        assertThat(v.retryAt()).isBetween(time.now().plusSeconds(59), time.now().plusSeconds(60));
        assertThat(check("http://a.test/other").status()).isEqualTo(RobotsVerdict.Status.UNAVAILABLE);
        assertThat(fetcher.count(ROBOTS)).isEqualTo(1);

        fetcher.answer(ROBOTS, 200, "text/plain", "User-agent: *\nDisallow: /other\n", Map.of());
        time.advance(Duration.ofSeconds(61));

        assertThat(check("http://a.test/page").status()).isEqualTo(RobotsVerdict.Status.ALLOWED);
        assertThat(check("http://a.test/other").status()).isEqualTo(RobotsVerdict.Status.DISALLOWED);
        assertThat(fetcher.count(ROBOTS)).isEqualTo(2);
    }

    @Test
    void a429IsAskedAgainAtTheHostsSlowerPaceAndAnswersOnceTheServerLetsItThrough() {
        fetcher.answer(ROBOTS, 429, "text/plain", "slow down", Map.of());
        CompletableFuture<RobotsVerdict> f = rules.check("http://a.test/page", owner.claim(0));
        assertThat(fetcher.count(ROBOTS)).as("asked at once, refused").isEqualTo(1);
        fetcher.answer(ROBOTS, 200, "text/plain", "User-agent: *\nDisallow: /secret\n", Map.of());

        time.advance(Duration.ofMillis(1_999));
        assertThat(f).as("the rate halved: the next request 2 s after the refused one").isNotDone();
        time.advance(Duration.ofMillis(1));

        assertThat(f).isDone();
        assertThat(f.join().status()).isEqualTo(RobotsVerdict.Status.ALLOWED);
        assertThat(fetcher.count(ROBOTS)).isEqualTo(2);
    }

    @Test
    void aRobotsTxtRefusedTooOftenInARowIsUnreachableAsRateLimited() {
        fetcher.answer(ROBOTS, 429, "text/plain", "slow down", Map.of());

        CompletableFuture<RobotsVerdict> f = rules.check("http://a.test/page", owner.claim(0));
        time.advance(Duration.ofMinutes(5));

        assertThat(f).isDone();
        RobotsVerdict v = f.join();
        assertThat(v.status()).isEqualTo(RobotsVerdict.Status.UNAVAILABLE);
        assertThat(v.unreachable().cause()).isEqualTo(FailureReason.RATE_LIMITED);
        assertThat(fetcher.count(ROBOTS)).isEqualTo(1 + RobotsFetch.REFUSALS_ASKED_AGAIN);
        List<Long> times = fetcher.timesOf(ROBOTS);
        for (int i = 2; i < times.size(); i++) {
            assertThat(times.get(i) - times.get(i - 1)).as("each refusal slows the host further")
                    .isGreaterThan(times.get(i - 1) - times.get(i - 2));
        }
    }

    @Test
    void aLongRetryAfterOnRobotsTxtMakesItUnreachableAtOnce() {
        fetcher.answer(ROBOTS, 503, "text/plain", "maintenance", Map.of("retry-after", "3600"));

        RobotsVerdict v = check("http://a.test/page");

        assertThat(v.unreachable().cause()).isEqualTo(FailureReason.RATE_LIMITED);
        assertThat(fetcher.count(ROBOTS)).isEqualTo(1);
    }

    @Test
    void aNetworkFailureIsUnreachable() {
        fetcher.fail(ROBOTS, new FetchException(FailureReason.CONNECT, "connection refused"));

        assertThat(check("http://a.test/page").status()).isEqualTo(RobotsVerdict.Status.UNAVAILABLE);
    }

    @Test
    void anUnreachableFileSaysWhyInTheNetworksOwnTerms() {
        fetcher.fail(ROBOTS, new FetchException(FailureReason.CONNECT, "cannot connect to a.test:80", null,
                new java.net.ConnectException("Connection refused")));

        RobotsUnreachable why = check("http://a.test/page").unreachable();

        assertThat(why.cause()).isEqualTo(FailureReason.CONNECT);
        assertThat(why.brief()).isEqualTo("connect");
        assertThat(why.detail()).contains(ROBOTS).contains("cannot connect to a.test:80")
                .contains("Connection refused");
        assertThat(why.failures()).isEqualTo(1);
        assertThat(why.givenUp()).isFalse();
        assertThat(rules.unreachable("http://a.test/other")).contains(why);
        assertThat(rules.unreachable("http://b.test/")).isEmpty();
    }

    @Test
    void aServerErrorIsRobotsUnavailableWithItsStatus() {
        fetcher.answer(ROBOTS, 503, "text/html", "busy", Map.of());

        RobotsUnreachable why = check("http://a.test/page").unreachable();

        assertThat(why.cause()).isEqualTo(FailureReason.ROBOTS_UNAVAILABLE);
        assertThat(why.brief()).isEqualTo("HTTP 503");
    }

    @Test
    void failuresInARowMakeOneStreakThatAFetchedFileEnds() {
        fetcher.fail(ROBOTS, new FetchException(FailureReason.DNS, "cannot resolve a.test"));
        RobotsUnreachable first = check("http://a.test/page").unreachable();
        time.advance(Duration.ofSeconds(61));

        RobotsUnreachable second = check("http://a.test/page").unreachable();

        assertThat(second.failures()).isEqualTo(2);
        assertThat(second.since()).isEqualTo(first.since());
        assertThat(second.retryAt()).isAfter(first.retryAt());

        fetcher.answer(ROBOTS, 404, "text/html", "none", Map.of());
        time.advance(Duration.ofSeconds(61));
        assertThat(check("http://a.test/page").status()).isEqualTo(RobotsVerdict.Status.ALLOWED);
        assertThat(rules.unreachable("http://a.test/page")).isEmpty();
    }

    @Test
    void withAGiveUpTimeTheVerdictGivesUpOnceTheNextTryWouldComeTooLate() {
        RobotsRules impatient = new RobotsRules(fetcher, scheduler,
                RobotsSettings.defaults().withUnreachable(Duration.ofSeconds(2), Duration.ofSeconds(5)), time,
                registry);
        fetcher.fail(ROBOTS, new FetchException(FailureReason.CONNECT, "refused"));
        List<RobotsUnreachable> streak = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            CompletableFuture<RobotsVerdict> f = impatient.check("http://a.test/page", owner.claim(0));
            time.advance(Duration.ofSeconds(2)); // the file's retry time, and the host's rate allows it
            streak.add(f.join().unreachable());
        }

        // Failures at 0, 2 and 4 s: retries at 2 and 4 s are within 5 s of the first, the one at 6 s is not.
        assertThat(streak).extracting(RobotsUnreachable::givenUp).containsExactly(false, false, true);
        assertThat(streak).extracting(RobotsUnreachable::failures).containsExactly(1, 2, 3);
        assertThat(fetcher.count(ROBOTS)).isEqualTo(3);
    }

    @Test
    void withoutAGiveUpTimeAStreakNeverGivesUp() {
        fetcher.fail(ROBOTS, new FetchException(FailureReason.CONNECT, "refused"));
        for (int i = 0; i < 5; i++) {
            assertThat(check("http://a.test/page").unreachable().givenUp()).isFalse();
            time.advance(Duration.ofSeconds(61));
        }
    }

    @Test
    void aBlockedAddressIsLeftToThePageFetchToReport() {
        fetcher.fail(ROBOTS, new FetchException(FailureReason.BLOCKED_ADDRESS, "loopback"));

        assertThat(check("http://a.test/page").status()).isEqualTo(RobotsVerdict.Status.ALLOWED);
    }

    @Test
    void redirectsAreFollowedPolitelyUpToFive() {
        fetcher.answer(ROBOTS, 301, null, "", Map.of("location", "/r1"));
        for (int i = 1; i < 5; i++) {
            fetcher.answer("http://a.test/r" + i, 302, null, "", Map.of("location", "/r" + (i + 1)));
        }
        fetcher.answer("http://a.test/r5", 200, "text/plain", "User-agent: *\nDisallow: /no\n", Map.of());

        CompletableFuture<RobotsVerdict> f = rules.check("http://a.test/no/x", owner.claim(0));
        time.advance(Duration.ofSeconds(6));

        assertThat(f.join().status()).isEqualTo(RobotsVerdict.Status.DISALLOWED);
        List<Long> times = List.of(fetcher.timesOf(ROBOTS).get(0), fetcher.timesOf("http://a.test/r1").get(0),
                fetcher.timesOf("http://a.test/r5").get(0));
        // Every hop is a request to the host, one interval apart (and once, less than one more to the host's
        // place in the interval).
        assertThat(times.get(1) - times.get(0)).isEqualTo(SECOND);
        assertThat(times.get(2) - times.get(0)).isBetween(5 * SECOND, 6 * SECOND - 1);
    }

    @Test
    void aSixthRedirectMeansUnavailableAndAllowsAll() {
        fetcher.answer(ROBOTS, 301, null, "", Map.of("location", "/r1"));
        for (int i = 1; i <= 6; i++) {
            fetcher.answer("http://a.test/r" + i, 302, null, "", Map.of("location", "/r" + (i + 1)));
        }

        CompletableFuture<RobotsVerdict> f = rules.check("http://a.test/x", owner.claim(0));
        time.advance(Duration.ofSeconds(10));

        assertThat(f.join().status()).isEqualTo(RobotsVerdict.Status.ALLOWED);
        assertThat(fetcher.count("http://a.test/r6")).isZero();
    }

    @Test
    void concurrentChecksShareOneFetchAndTheRobotsRequestIsTheHostsFirst() {
        fetcher.holdResponses();
        CompletableFuture<RobotsVerdict> a = rules.check("http://a.test/1", owner.claim(0));
        CompletableFuture<RobotsVerdict> b = rules.check("http://a.test/2", owner.claim(0));
        time.advance(Duration.ofMillis(10));
        fetcher.release();

        assertThat(a.join().status()).isEqualTo(RobotsVerdict.Status.ALLOWED);
        assertThat(b.join().status()).isEqualTo(RobotsVerdict.Status.ALLOWED);
        assertThat(fetcher.requests()).containsExactly(ROBOTS);
        assertThat(interval(scheduler, "a.test")).isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void crawlDelayReachesTheScheduler() {
        fetcher.answer(ROBOTS, 200, "text/plain", "User-agent: *\nCrawl-delay: 7\n", Map.of());

        RobotsVerdict v = check("http://a.test/page");

        assertThat(v.crawlDelay()).isEqualTo(Duration.ofSeconds(7));
        assertThat(interval(scheduler, "a.test")).isEqualTo(Duration.ofSeconds(7));
    }

    @Test
    void rulesExpireAfterTheirTtl() {
        check("http://a.test/page");
        time.advance(Duration.ofHours(23));
        check("http://a.test/page");
        assertThat(fetcher.count(ROBOTS)).isEqualTo(1);

        time.advance(Duration.ofHours(2));
        check("http://a.test/page");

        assertThat(fetcher.count(ROBOTS)).isEqualTo(2);
    }

    @Test
    void originsAreSeparateBySchemeAndPortButShareTheHostsPoliteness() {
        Claim claim = owner.claim(0);
        List<CompletableFuture<RobotsVerdict>> all = List.of(rules.check("http://a.test/page", claim),
                rules.check("http://a.test:8080/page", claim), rules.check("https://a.test/page", claim));
        time.advance(Duration.ofSeconds(5));

        assertThat(all).allSatisfy(f -> assertThat(f.join().status()).isEqualTo(RobotsVerdict.Status.ALLOWED));
        assertThat(fetcher.requests()).containsExactly(ROBOTS, "http://a.test:8080/robots.txt",
                "https://a.test/robots.txt");
        long first = fetcher.timesOf(ROBOTS).get(0);
        assertThat(fetcher.timesOf("https://a.test/robots.txt")).singleElement()
                .satisfies(t -> assertThat(t - first).isBetween(2 * SECOND, 3 * SECOND - 1));
    }

    @Test
    void revokingThePartitionCancelsAQueuedRobotsFetch() throws Exception {
        Claim claim = owner.claim(0);
        scheduler.submit(new org.kcrawl.http.politeness.HostTask() {
            @Override public String host() { return "a.test"; }
            @Override public Claim claim() { return claim; }
            @Override public void start(org.kcrawl.http.politeness.Permit permit) { }
            @Override public void cancel(String why) { }
        }, null); // holds the host's only slot... and the next token
        CompletableFuture<RobotsVerdict> f = rules.check("http://a.test/page", claim);

        owner.revoke(0);
        scheduler.partitionsRevoked(List.of(0));

        assertThat(f).isCompletedExceptionally();
        try {
            f.get();
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(CancellationException.class);
        }
        assertThat(fetcher.count(ROBOTS)).isZero();
    }

    @Test
    void cachedRulesStayWithinTheirBytesHoweverManyHostsHaveLargeFiles() {
        long budget = 4L * 1024 * 1024;
        RobotsRules bounded = new RobotsRules(fetcher, scheduler, RobotsSettings.defaults().withCache(100_000, budget),
                time, registry);
        // 3,000 rules of about 60 characters: about 400 KiB of rules per host, under the 500 KiB parse limit.
        StringBuilder file = new StringBuilder("User-agent: *\n");
        for (int i = 0; i < 3_000; i++) {
            file.append("Disallow: /private/section-").append(i).append("/a-rather-long-path-segment/x\n");
        }
        int hosts = 40;
        for (int h = 0; h < hosts; h++) {
            fetcher.answer("http://h" + h + ".test/robots.txt", 200, "text/plain", file.toString(), Map.of());
            CompletableFuture<RobotsVerdict> f = bounded.check(
                    "http://h" + h + ".test/private/section-7/a-rather-long-path-segment/x/y", owner.claim(0));
            time.advance(Duration.ofMillis(1));
            assertThat(f.join().status()).isEqualTo(RobotsVerdict.Status.DISALLOWED);
        }

        // Each host's rules retain far more than the budget's share: only some hosts fit.
        assertThat(bounded.cachedOrigins()).as("hosts whose rules are cached").isPositive()
                .isLessThanOrEqualTo(budget / (3_000L * 60));
        assertThat(bounded.cachedBytes()).isLessThanOrEqualTo(budget);
        // A host whose rules were evicted is asked again, within its politeness, and its rules still hold.
        time.advance(Duration.ofSeconds(5));
        CompletableFuture<RobotsVerdict> again = bounded.check(
                "http://h0.test/private/section-7/a-rather-long-path-segment/x/y", owner.claim(0));
        time.advance(Duration.ofMillis(1));
        assertThat(again.join().status()).isEqualTo(RobotsVerdict.Status.DISALLOWED);
        assertThat(fetcher.count("http://h0.test/robots.txt")).isEqualTo(2);
    }

    @Test
    void theHostCapStillHoldsForSmallFiles() {
        RobotsRules bounded = new RobotsRules(fetcher, scheduler,
                RobotsSettings.defaults().withCache(10, RobotsSettings.DEFAULT_CACHE_BYTES), time, registry);
        for (int h = 0; h < 50; h++) {
            fetcher.answer("http://s" + h + ".test/robots.txt", 200, "text/plain", "User-agent: *\nDisallow: /x\n",
                    Map.of());
            CompletableFuture<RobotsVerdict> f = bounded.check("http://s" + h + ".test/y", owner.claim(0));
            time.advance(Duration.ofMillis(1));
            assertThat(f.join().status()).isEqualTo(RobotsVerdict.Status.ALLOWED);
        }
        assertThat(bounded.cachedOrigins()).isLessThanOrEqualTo(10);
    }

    @Test
    void ignoringRobotsAllowsWithoutFetching() {
        assertThat(RobotsPolicy.ignore().check("http://a.test/x", owner.claim(0)).join().status())
                .isEqualTo(RobotsVerdict.Status.ALLOWED);
        assertThat(fetcher.requests()).isEmpty();
    }
}
