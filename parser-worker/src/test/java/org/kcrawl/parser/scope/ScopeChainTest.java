package org.kcrawl.parser.scope;

import org.kcrawl.common.scope.LinkCandidate;
import org.kcrawl.common.scope.LinkFilter;
import org.kcrawl.common.scope.PatternFilter;
import org.kcrawl.common.scope.RejectReason;
import org.kcrawl.common.scope.ScopeSettings;
import org.kcrawl.common.scope.SiteScopeFilter;
import org.kcrawl.common.scope.SourcePage;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kcrawl.common.scope.CrawlSites;
import org.kcrawl.common.scope.ScopeMode;
import org.kcrawl.common.scope.SiteScope;
import org.kcrawl.parser.html.DiscoveredLink;

class ScopeChainTest {
    private static final SourcePage SOURCE = SourcePage.of("http://www.example.co.uk/section/page", 1);

    private static DiscoveredLink link(String url) {
        return new DiscoveredLink(url, DiscoveredLink.Kind.ANCHOR, false);
    }

    private static ScopeSettings settings(ScopeMode mode) {
        return new ScopeSettings(mode, 5, 2048, 3, 500, List.of(), List.of());
    }

    private static boolean accepted(ScopeChain chain, SourcePage source, String url) {
        return chain.apply(source, List.of(link(url))).accepted().contains(url);
    }

    @ParameterizedTest(name = "{0} from {1}: {2}")
    @CsvSource({
            "http://www.example.co.uk/other, http://www.example.co.uk/, true",
            "https://www.example.co.uk/secure, http://www.example.co.uk/, true",
            "http://shop.example.co.uk/, http://www.example.co.uk/, false",
            "http://www.example.co.uk:8080/, http://www.example.co.uk/, false",
            "http://127.0.0.1:8081/a, http://127.0.0.1:8080/, false",
            "http://127.0.0.1:8080/a, http://127.0.0.1:8080/, true",
            "http://localhost/a, http://127.0.0.1/, false",
    })
    void hostScopeKeepsTheSourcePagesHost(String url, String source, boolean expected) {
        ScopeChain chain = ScopeChain.of(settings(ScopeMode.HOST));
        assertThat(accepted(chain, SourcePage.of(source, 0), url)).isEqualTo(expected);
    }

    @Test
    void seedSitesAreInScopeFromAnyPageButOthersAreNot() {
        ScopeChain host = ScopeChain.of(new ScopeSettings(ScopeMode.HOST, 5, 2048, 3, 500, List.of(), List.of(),
                java.util.Set.of("a.example.org", "127.0.0.11:8080")));
        SourcePage onA = SourcePage.of("http://a.example.org/x", 0);
        assertThat(accepted(host, onA, "http://127.0.0.11:8080/p/1")).isTrue();
        assertThat(accepted(host, SourcePage.of("http://127.0.0.11:8080/", 0), "https://a.example.org/")).isTrue();
        assertThat(accepted(host, onA, "http://127.0.0.12:8080/p/1")).isFalse();
        assertThat(accepted(host, onA, "http://b.example.org/")).isFalse();

        ScopeChain domain = ScopeChain.of(new ScopeSettings(ScopeMode.DOMAIN, 5, 2048, 3, 500, List.of(), List.of(),
                java.util.Set.of("www.example.org")));
        SourcePage elsewhere = SourcePage.of("http://www.other.net/", 0);
        assertThat(accepted(domain, elsewhere, "http://shop.example.org/")).isTrue();
        assertThat(accepted(domain, elsewhere, "http://example.com/")).isFalse();
    }

    @ParameterizedTest(name = "{0} from {1}: {2}")
    @CsvSource({
            "http://shop.example.co.uk/, http://www.example.co.uk/, true",
            "https://example.co.uk:8443/, http://www.example.co.uk/, true",
            "http://other.co.uk/, http://www.example.co.uk/, false",
            "http://alice.github.io/, http://bob.github.io/, false",
            "http://a.example.com/, http://b.example.com/, true",
            "http://example.com/, http://example.org/, false",
            "http://127.0.0.1:9000/, http://127.0.0.1:8080/, true",
            "http://127.0.0.2/, http://127.0.0.1/, false",
    })
    void domainScopeKeepsTheRegisteredDomain(String url, String source, boolean expected) {
        ScopeChain chain = ScopeChain.of(settings(ScopeMode.DOMAIN));
        assertThat(accepted(chain, SourcePage.of(source, 0), url)).isEqualTo(expected);
    }

    @Test
    void anyScopeAcceptsOtherHosts() {
        ScopeChain chain = ScopeChain.of(settings(ScopeMode.ANY));
        assertThat(accepted(chain, SOURCE, "http://elsewhere.example.net/")).isTrue();
    }

    @Test
    void linksOfAPageAtMaxDepthAreTooDeep() {
        ScopeChain chain = ScopeChain.of(settings(ScopeMode.HOST));
        String url = "http://www.example.co.uk/deeper";
        assertThat(accepted(chain, SourcePage.of("http://www.example.co.uk/", 4), url)).isTrue();
        ScopeResult r = chain.apply(SourcePage.of("http://www.example.co.uk/", 5), List.of(link(url)));
        assertThat(r.accepted()).isEmpty();
        assertThat(r.rejected()).containsExactlyEntriesOf(Map.of(RejectReason.MAX_DEPTH, 1));
    }

    @Test
    void rejectsOverlongUrls() {
        ScopeChain chain = ScopeChain.of(new ScopeSettings(ScopeMode.ANY, 5, 64, 3, 500, List.of(), List.of()));
        ScopeResult r = chain.apply(SOURCE, List.of(link("http://www.example.co.uk/" + "x".repeat(40)),
                link("http://www.example.co.uk/short")));
        assertThat(r.accepted()).containsExactly("http://www.example.co.uk/short");
        assertThat(r.rejected()).containsExactlyEntriesOf(Map.of(RejectReason.URL_TOO_LONG, 1));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({
            "/a/a/a, true",
            "/a/a/a/a, false",
            "/a/b/a/b/a/b/a/b/, false",
            "/cal/2024/01/01/01/, true",
            "/x/y/x/y/x/y/, true",
            "/img/img/img/img.png, true",
            "/p?x=a/a/a/a/a, true",
    })
    void rejectsRepeatedPathSegments(String path, boolean expected) {
        ScopeChain chain = ScopeChain.of(settings(ScopeMode.HOST));
        assertThat(accepted(chain, SOURCE, "http://www.example.co.uk" + path)).isEqualTo(expected);
    }

    @Test
    void appliesDenyThenAllowPatterns() {
        ScopeChain chain = ScopeChain.of(new ScopeSettings(ScopeMode.ANY, 5, 2048, 3, 500,
                List.of("^https?://[^/]+/(docs|blog)/"), List.of("\\.(?i:pdf|zip)$", "[?&]print=")));
        ScopeResult r = chain.apply(SOURCE, List.of(
                link("http://www.example.co.uk/docs/a"),
                link("http://www.example.co.uk/docs/a.PDF"),
                link("http://www.example.co.uk/blog/b?print=1"),
                link("http://www.example.co.uk/shop/c")));
        assertThat(r.accepted()).containsExactly("http://www.example.co.uk/docs/a");
        assertThat(r.rejected()).containsExactlyInAnyOrderEntriesOf(Map.of(
                RejectReason.DENIED, 2, RejectReason.NOT_ALLOWED, 1));
    }

    @Test
    void capsOutlinksPerPageCountingOnlyAcceptedLinks() {
        ScopeChain chain = ScopeChain.of(new ScopeSettings(ScopeMode.HOST, 5, 2048, 3, 3, List.of(), List.of()));
        List<DiscoveredLink> links = new ArrayList<>();
        links.add(new DiscoveredLink("http://www.example.co.uk/nf", DiscoveredLink.Kind.ANCHOR, true));
        links.add(link("http://elsewhere.example/"));
        for (int i = 0; i < 6; i++) {
            links.add(link("http://www.example.co.uk/p" + i));
        }
        ScopeResult r = chain.apply(SOURCE, links);
        assertThat(r.accepted()).containsExactly(
                "http://www.example.co.uk/p0", "http://www.example.co.uk/p1", "http://www.example.co.uk/p2");
        assertThat(r.rejected()).containsExactlyInAnyOrderEntriesOf(Map.of(
                RejectReason.NOFOLLOW, 1, RejectReason.OUT_OF_SCOPE, 1, RejectReason.MAX_OUTLINKS, 3));
        assertThat(r.rejectedCount()).isEqualTo(5);
    }

    @Test
    void aFilterThatThrowsRejectsTheLinkAndTheChainGoesOn() {
        LinkFilter broken = new LinkFilter() {
            @Override
            public RejectReason reason() {
                return RejectReason.DENIED;
            }

            @Override
            public boolean accepts(LinkCandidate candidate) {
                if (candidate.url().contains("boom")) {
                    throw new IllegalStateException("filter bug");
                }
                return true;
            }
        };
        ScopeChain chain = new ScopeChain(List.of(broken,
                new SiteScopeFilter(new SiteScope(ScopeMode.HOST, new CrawlSites()))), 100);
        ScopeResult r = chain.apply(SOURCE, List.of(
                link("http://www.example.co.uk/boom"), link("http://www.example.co.uk/fine"),
                link("http://www.example.co.uk/boom2")));
        assertThat(r.accepted()).containsExactly("http://www.example.co.uk/fine");
        assertThat(r.rejected()).containsExactlyEntriesOf(Map.of(RejectReason.FILTER_ERROR, 2));
        assertThat(chain.filterErrors()).isEqualTo(2);
    }

    @Test
    void aRegexThatOverflowsTheStackRejectsInsteadOfKillingTheThread() {
        ScopeChain chain = new ScopeChain(List.of(PatternFilter.deny(List.of("^http://x/(a|b)*c"))), 100);
        String url = "http://x/" + "a".repeat(200_000);
        ScopeResult r = chain.apply(SourcePage.of("http://x/", 0), List.of(link(url)));
        assertThat(r.accepted()).isEmpty();
        assertThat(r.rejected()).containsExactlyEntriesOf(Map.of(RejectReason.FILTER_ERROR, 1));
    }

    @Test
    void rejectAllCountsEveryLinkUnderOneReason() {
        ScopeResult r = ScopeChain.rejectAll(List.of(link("http://a.example/"), link("http://b.example/")),
                RejectReason.ERROR_STATUS);
        assertThat(r.accepted()).isEmpty();
        assertThat(r.rejected()).containsExactlyEntriesOf(Map.of(RejectReason.ERROR_STATUS, 2));
        assertThat(ScopeChain.rejectAll(List.of(), RejectReason.NOFOLLOW).rejected()).isEmpty();
    }

    @Test
    void refusesInvalidPatternsNamingTheSetting() {
        assertThatThrownBy(() -> ScopeChain.of(new ScopeSettings(ScopeMode.ANY, 5, 2048, 3, 10,
                List.of(), List.of("([unclosed"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("deny_patterns").hasMessageContaining("([unclosed");
    }

    @Test
    void sitesAddedWhileTheCrawlRunsAreInScopeFromThenOn() {
        CrawlSites sites = new CrawlSites();
        ScopeChain chain = ScopeChain.of(new ScopeSettings(ScopeMode.HOST, 5, 2048, 3, 500, List.of(), List.of(),
                java.util.Set.of("127.0.0.1:8000")), sites);
        SourcePage seedHost = SourcePage.of("http://127.0.0.1:8000/about", 1);

        assertThat(sites.containsSite("127.0.0.1:8000")).as("configured seed sites join the live ones").isTrue();
        assertThat(accepted(chain, seedHost, "http://localhost:8000/a")).isFalse();
        sites.add("localhost:8000");
        assertThat(accepted(chain, seedHost, "http://localhost:8000/a")).isTrue();
    }
}
