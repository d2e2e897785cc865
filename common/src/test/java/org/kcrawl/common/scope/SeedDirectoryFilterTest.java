package org.kcrawl.common.scope;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.ScopeSite;
import org.kcrawl.common.redirect.Redirect;
import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.common.redirect.RedirectScope;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.url.HttpUrl;
import org.kcrawl.common.url.InvalidUrlException;

/** {@code no_parent}: the crawl stays under its seeds' directories, as {@code wget --no-parent}. */
class SeedDirectoryFilterTest {
    private static final Instant NOW = Instant.parse("2026-12-06T20:00:00Z");

    private static ScopeSettings noParent(ScopeMode mode) {
        ScopeSettings d = ScopeSettings.defaults();
        return new ScopeSettings(mode, d.maxDepth(), d.maxUrlLength(), d.maxRepeatedSegments(), d.maxOutlinks(),
                List.of(), List.of(), java.util.Set.of(), true);
    }

    private static CrawlSites seeds(String... urls) {
        CrawlSites sites = new CrawlSites();
        for (String url : urls) {
            sites.addSeed(url);
        }
        return sites;
    }

    private static RejectReason judge(UrlScope scope, String source, String target) {
        try {
            return scope.judge(new LinkCandidate(target, HttpUrl.parse(target), 1, SourcePage.of(source, 0)));
        } catch (InvalidUrlException e) {
            throw new AssertionError(e);
        }
    }

    @ParameterizedTest(name = "{1} with seed {0}: {2}")
    @CsvSource({
            "http://h.test/docs/, http://h.test/docs/, true",
            "http://h.test/docs/, http://h.test/docs/a/b.html?x=1, true",
            "http://h.test/docs/index.html, http://h.test/docs/guide, true",
            "http://h.test/docs/, http://h.test/, false",
            "http://h.test/docs/, http://h.test/docs, false",
            "http://h.test/docs/, http://h.test/docsx/, false",
            "http://h.test/docs/, http://h.test/other/docs/, false",
            "http://h.test/docs/, https://h.test/docs/a, true",
            "http://h.test/docs, http://h.test/anything/at/all, true",
            "http://h.test/, http://h.test/x/y, true",
            "http://h.test:8080/docs/, http://h.test/docs/a, false",
    })
    void aUrlIsInScopeUnderItsSeedsDirectory(String seed, String url, boolean inScope) {
        UrlScope scope = UrlScope.of(noParent(ScopeMode.ANY), seeds(seed));

        assertThat(judge(scope, seed, url)).isEqualTo(inScope ? null : RejectReason.OUT_OF_SCOPE);
    }

    @Test
    void severalSeedsOpenEachOnesDirectoryOnItsOwnSite() {
        UrlScope scope = UrlScope.of(noParent(ScopeMode.ANY),
                seeds("http://h.test/a/", "http://h.test/b/page.html", "http://g.test/c/"));

        assertThat(judge(scope, "http://h.test/a/", "http://h.test/b/x")).isNull();
        assertThat(judge(scope, "http://h.test/a/", "http://h.test/a/y")).isNull();
        assertThat(judge(scope, "http://h.test/a/", "http://g.test/c/z")).as("scope any: g.test's seed dir").isNull();
        assertThat(judge(scope, "http://h.test/a/", "http://h.test/c/z")).isEqualTo(RejectReason.OUT_OF_SCOPE);
        assertThat(judge(scope, "http://h.test/a/", "http://g.test/a/z")).isEqualTo(RejectReason.OUT_OF_SCOPE);
        assertThat(judge(scope, "http://h.test/a/", "http://k.test/a/")).as("a site without a seed")
                .isEqualTo(RejectReason.OUT_OF_SCOPE);
    }

    @Test
    void withoutNoParentTheDirectoriesDoNotMatter() {
        UrlScope scope = UrlScope.of(ScopeSettings.defaults(), seeds("http://h.test/docs/"));

        assertThat(judge(scope, "http://h.test/docs/", "http://h.test/other")).isNull();
    }

    @Test
    void aConfiguredSeedSiteIsAllOfIt() {
        ScopeSettings d = ScopeSettings.defaults();
        ScopeSettings settings = new ScopeSettings(ScopeMode.HOST, d.maxDepth(), d.maxUrlLength(),
                d.maxRepeatedSegments(), d.maxOutlinks(), List.of(), List.of(), java.util.Set.of("h.test"), true);

        assertThat(judge(UrlScope.of(settings, new CrawlSites()), "http://h.test/", "http://h.test/x/y")).isNull();
    }

    @Test
    void aSeedsRedirectIsFollowedOutOfItsDirectoryAndBringsItsTargetsDirectoryIn() {
        CrawlSites sites = seeds("http://h.test/docs/");
        RedirectRules rules = new RedirectRules(UnaryOperator.identity(), RedirectScope.of(noParent(ScopeMode.HOST),
                sites), 3);
        CrawlRequest seed = CrawlRequest.seed("http://h.test/docs/", NOW);

        Redirect.Follow moved = (Redirect.Follow) rules.follow(seed, "http://h.test/v2/docs/", NOW);
        Redirect.Follow within = (Redirect.Follow) rules.follow(seed, "http://h.test/docs/index.html", NOW);
        Redirect.Follow pageOut = (Redirect.Follow) rules.follow(
                new CrawlRequest(1, "http://h.test/docs/a", 1, "http://h.test/docs/", NOW, 1, 0, null),
                "http://h.test/other/", NOW);

        assertThat(moved.next()).as("a seed's redirect is followed wherever it leads").isNotNull();
        assertThat(moved.moved()).as("the seed moved to another directory of its site")
                .isEqualTo(ScopeSite.seedRedirect("h.test", "http://h.test/v2/docs/", "http://h.test/docs/", NOW));
        assertThat(within.moved()).as("still under the seed's directory").isNull();
        assertThat(pageOut.next()).as("another page's redirect must stay under").isNull();

        sites.addSeed(moved.moved().url()); // as the scope topic brings it back
        assertThat(judge(UrlScope.of(noParent(ScopeMode.HOST), sites), "http://h.test/v2/docs/",
                "http://h.test/v2/docs/page")).isNull();
    }

    @Test
    void theScopeTopicKeepsOneRecordPerSiteAtTheRootAndOnePerDirectoryBelowIt() {
        List<ScopeSite> entries = ScopeRecords.seedSites(List.of("http://h.test/", "http://h.test/x",
                "http://h.test/docs/a", "http://h.test/docs/b", "http://h.test/blog/", "http://g.test:8080/c/d/e"), NOW);

        assertThat(entries).extracting(ScopeSite::url).containsExactly("http://h.test/", "http://h.test/docs/a",
                "http://h.test/blog/", "http://g.test:8080/c/d/e");
        CrawlTopics topics = new CrawlTopics("crawl");
        assertThat(entries).extracting(e -> ScopeRecords.of(topics, e).key())
                .containsExactly("h.test", "h.test/docs/", "h.test/blog/", "g.test:8080/c/d/");
    }
}
