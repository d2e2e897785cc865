package org.kcrawl.common.scope;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kcrawl.common.url.HttpUrl;
import org.kcrawl.common.url.InvalidUrlException;

class SiteScopeTest {

    private static HttpUrl url(String url) {
        try {
            return HttpUrl.parse(url);
        } catch (InvalidUrlException e) {
            throw new AssertionError(e);
        }
    }

    private static boolean allows(SiteScope scope, String source, String target) {
        return scope.allows(url(source), url(target));
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
            "https://www.example.co.uk:443/a, http://www.example.co.uk:80/, true",
            "https://www.example.co.uk:80/a, http://www.example.co.uk/, false",
            "http://WWW.Example.CO.UK/a, http://www.example.co.uk/, true",
    })
    void hostScopeKeepsTheSourcesSite(String target, String source, boolean expected) {
        assertThat(allows(new SiteScope(ScopeMode.HOST, new CrawlSites()), source, target)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} from {1}: {2}")
    @CsvSource({
            "http://shop.example.co.uk/, http://www.example.co.uk/, true",
            "https://example.co.uk:8443/, http://www.example.co.uk/, true",
            "http://other.co.uk/, http://www.example.co.uk/, false",
            "http://alice.github.io/, http://bob.github.io/, false",
            "http://127.0.0.1:9000/, http://127.0.0.1:8080/, true",
            "http://127.0.0.2/, http://127.0.0.1/, false",
    })
    void domainScopeKeepsTheSourcesRegisteredDomain(String target, String source, boolean expected) {
        assertThat(allows(new SiteScope(ScopeMode.DOMAIN, new CrawlSites()), source, target)).isEqualTo(expected);
    }

    @Test
    void theCrawlsSitesAreInScopeFromAnyPageAndTheirDomainsInDomainScope() {
        CrawlSites sites = CrawlSites.of(List.of("a.example.org", "127.0.0.11:8080"));
        SiteScope host = new SiteScope(ScopeMode.HOST, sites);
        assertThat(allows(host, "http://a.example.org/x", "http://127.0.0.11:8080/p/1")).isTrue();
        assertThat(allows(host, "http://elsewhere.net/", "https://a.example.org/")).isTrue();
        assertThat(allows(host, "http://a.example.org/x", "http://127.0.0.12:8080/p/1")).isFalse();
        assertThat(allows(host, "http://a.example.org/x", "http://b.example.org/")).isFalse();

        SiteScope domain = new SiteScope(ScopeMode.DOMAIN, sites);
        assertThat(allows(domain, "http://www.other.net/", "http://shop.example.org/")).isTrue();
        assertThat(allows(domain, "http://www.other.net/", "http://example.com/")).isFalse();
    }

    @Test
    void sitesAddedLaterCountAtOnce() {
        CrawlSites sites = new CrawlSites();
        SiteScope host = new SiteScope(ScopeMode.HOST, sites);
        assertThat(host.coversEverywhere(url("http://localhost:8000/"))).isFalse();
        assertThat(allows(host, "http://127.0.0.1:8000/", "http://localhost:8000/a")).isFalse();

        assertThat(sites.add("LocalHost:8000")).isTrue();
        assertThat(sites.add("localhost:8000")).isFalse();

        assertThat(host.coversEverywhere(url("http://localhost:8000/"))).isTrue();
        assertThat(allows(host, "http://127.0.0.1:8000/", "http://localhost:8000/a")).isTrue();
        assertThat(host.coversEverywhere(url("http://localhost:8001/"))).isFalse();
    }

    @Test
    void coversEverywhereFollowsTheMode() {
        CrawlSites sites = CrawlSites.of(List.of("www.example.org"));
        assertThat(new SiteScope(ScopeMode.HOST, sites).coversEverywhere(url("https://www.example.org/x"))).isTrue();
        assertThat(new SiteScope(ScopeMode.HOST, sites).coversEverywhere(url("https://example.org/"))).isFalse();
        assertThat(new SiteScope(ScopeMode.DOMAIN, sites).coversEverywhere(url("https://example.org/"))).isTrue();
        assertThat(new SiteScope(ScopeMode.DOMAIN, sites).coversEverywhere(url("https://example.net/"))).isFalse();
        assertThat(new SiteScope(ScopeMode.ANY, new CrawlSites()).coversEverywhere(url("https://x.test/"))).isTrue();
    }

    @Test
    void siteKeysKeepOnlyPortsThatAreNotTheDefault() {
        assertThat(SiteKey.of("HTTP://Example.ORG:80/a")).isEqualTo("example.org");
        assertThat(SiteKey.of("https://example.org:443/")).isEqualTo("example.org");
        assertThat(SiteKey.of("https://example.org:80/")).isEqualTo("example.org:80");
        assertThat(SiteKey.of("http://127.0.0.1:8000/")).isEqualTo("127.0.0.1:8000");
        assertThat(SiteKey.host("[::1]:8080")).isEqualTo("[::1]");
        assertThatThrownBy(() -> CrawlSites.of(List.of("not a site")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'not a site'");
    }

    @Test
    void registeredDomainsArePublicSuffixAware() {
        assertThat(RegisteredDomain.of("a.b.example.co.uk")).isEqualTo("example.co.uk");
        assertThat(RegisteredDomain.of("WWW.Example.COM")).isEqualTo("example.com");
        assertThat(RegisteredDomain.of("10.1.2.3")).isEqualTo("10.1.2.3");
        assertThat(RegisteredDomain.of("localhost")).isEqualTo("localhost");
    }

    @Test
    void parsesScopeModesLeniently() {
        assertThat(ScopeMode.fromWireName(" Domain ")).isEqualTo(ScopeMode.DOMAIN);
        assertThatThrownBy(() -> ScopeMode.fromWireName("planet"))
                .hasMessageContaining("[host, domain, any]").hasMessageContaining("planet");
    }
}
