package org.kcrawl.common.redirect;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.ScopeSite;
import org.kcrawl.common.scope.CrawlSites;
import org.kcrawl.common.scope.ScopeMode;
import org.kcrawl.common.scope.ScopeSettings;

/** The one rule every redirect is followed by, whichever worker meets it. */
class RedirectRulesTest {
    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");
    private final RedirectRules rules = new RedirectRules(UnaryOperator.identity(),
            RedirectScope.of(ScopeSettings.defaults(), CrawlSites.of(List.of("a.test"))), 3,
            Duration.ofSeconds(100));

    @Test
    void aRefreshIsARedirectWhenItLeadsElsewhereWithinTheDelay() {
        String page = "http://a.test/";
        assertThat(rules.isRedirect(new Refresh(0, "http://a.test/home"), page)).isTrue();
        assertThat(rules.isRedirect(new Refresh(100, "http://a.test/home"), page)).as("up to the limit").isTrue();
        assertThat(rules.isRedirect(new Refresh(101, "http://a.test/home"), page)).as("slower").isFalse();
        assertThat(rules.isRedirect(new Refresh(300, "http://a.test/home"), page)).isFalse();
        assertThat(rules.isRedirect(new Refresh(0, page), page)).as("to the page itself: a reload").isFalse();
        assertThat(rules.isRedirect(new Refresh(0, null), page)).as("no URL: a reload").isFalse();
        assertThat(rules.isRedirect(null, page)).isFalse();
    }

    @Test
    void aFractionalLimitCountsWholeSeconds() {
        RedirectRules instant = new RedirectRules(UnaryOperator.identity(), RedirectScope.any(), 3,
                Duration.ofMillis(500));
        assertThat(instant.isRedirect(new Refresh(0, "http://b.test/"), "http://a.test/")).isTrue();
        assertThat(instant.isRedirect(new Refresh(1, "http://b.test/"), "http://a.test/")).isFalse();
    }

    @Test
    void followsToTheSameDepthWithOneMoreHop() {
        CrawlRequest link = CrawlRequest.discovered("http://a.test/old", 2, "http://a.test/", NOW);

        Redirect.Follow follow = (Redirect.Follow) rules.follow(link, "http://a.test/new", NOW);

        assertThat(follow.target()).isEqualTo("http://a.test/new");
        assertThat(follow.next().depth()).isEqualTo(2);
        assertThat(follow.next().hops()).isEqualTo(1);
        assertThat(follow.next().sourceUrl()).isEqualTo("http://a.test/old");
        assertThat(follow.next().seed()).isFalse();
        assertThat(follow.moved()).isNull();
    }

    @Test
    void aPagesRedirectOutOfScopeIsRecordedButNotCrawled() {
        CrawlRequest link = CrawlRequest.discovered("http://a.test/old", 1, "http://a.test/", NOW);

        Redirect.Follow follow = (Redirect.Follow) rules.follow(link, "http://b.test/", NOW);

        assertThat(follow.target()).isEqualTo("http://b.test/");
        assertThat(follow.next()).isNull();
        assertThat(follow.moved()).isNull();
    }

    @Test
    void aSeedsRedirectIsFollowedAnywhereAndMovesTheCrawl() {
        CrawlRequest seed = CrawlRequest.seed("http://a.test/", NOW);

        Redirect.Follow away = (Redirect.Follow) rules.follow(seed, "http://www.b.test/home", NOW);
        Redirect.Follow home = (Redirect.Follow) rules.follow(seed, "https://a.test/", NOW);

        assertThat(away.next().seed()).isTrue();
        assertThat(away.moved()).isEqualTo(ScopeSite.seedRedirect("www.b.test", "http://www.b.test/home",
                "http://a.test/", NOW));
        assertThat(home.next().seed()).isTrue();
        assertThat(home.moved()).as("a.test is one of the crawl's sites already").isNull();
    }

    @Test
    void loopsAndHopsPastTheLimitEnd() {
        CrawlRequest third = new CrawlRequest(1, "http://a.test/3", 0, "http://a.test/2", NOW, 1, 3, null, true);
        CrawlRequest second = new CrawlRequest(1, "http://a.test/2", 0, "http://a.test/1", NOW, 1, 2, null, true);

        assertThat(rules.follow(third, "http://a.test/4", NOW)).isEqualTo(
                new Redirect.Limit("more than 3 redirects; the last one pointed to http://a.test/4"));
        assertThat(rules.follow(second, "http://a.test/2", NOW)).isEqualTo(
                new Redirect.Limit("redirect loop: http://a.test/2 points to itself"));
        assertThat(rules.follow(second, "http://a.test/3", NOW)).isInstanceOf(Redirect.Follow.class);
    }

    @Test
    void aRedirectTargetMeetsTheSameRulesAsALinkDenyLengthAndTrapsForSeedsToo() {
        ScopeSettings parsers = new ScopeSettings(ScopeMode.HOST, 5, 64, 2, 500, List.of(),
                List.of("/private/"));
        RedirectRules scoped = new RedirectRules(UnaryOperator.identity(),
                RedirectScope.of(parsers, CrawlSites.of(List.of("a.test"))), 3, Duration.ofSeconds(100));
        CrawlRequest link = CrawlRequest.discovered("http://a.test/old", 1, "http://a.test/", NOW);
        CrawlRequest seed = CrawlRequest.seed("http://a.test/", NOW);

        for (CrawlRequest from : List.of(link, seed)) {
            assertThat(((Redirect.Follow) scoped.follow(from, "http://a.test/private/x", NOW)).next())
                    .as("denied, from %s", from.url()).isNull();
            assertThat(((Redirect.Follow) scoped.follow(from, "http://a.test/" + "x".repeat(60), NOW)).next())
                    .as("longer than max_url_length").isNull();
            assertThat(((Redirect.Follow) scoped.follow(from, "http://a.test/a/b/a/b/a/", NOW)).next())
                    .as("a segment three times").isNull();
            assertThat(((Redirect.Follow) scoped.follow(from, "http://a.test/public", NOW)).next())
                    .as("in scope").isNotNull();
        }
        assertThat(((Redirect.Follow) scoped.follow(seed, "http://b.test/private/x", NOW)).next())
                .as("a seed's redirect goes to any site, but not into a denied URL").isNull();
        assertThat(((Redirect.Follow) scoped.follow(seed, "http://b.test/home", NOW)).next()).isNotNull();
    }
}
