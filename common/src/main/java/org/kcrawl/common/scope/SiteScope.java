package org.kcrawl.common.scope;

import org.kcrawl.common.url.HttpUrl;

/**
 * The crawl's one scope judgement: may a URL reached from a page be crawled? Parsers ask it of every
 * link they find, fetchers of every redirect target, so a URL is in scope or not whoever produces it.
 *
 * <p>In host scope a URL is in scope on the page's own site or on one of the crawl's sites; in domain
 * scope, in the page's registered domain or in one of the crawl's sites' domains; in any scope, always.
 * The crawl's sites ({@link CrawlSites}) grow while the crawl runs (a seed that redirects elsewhere
 * brings its target's site in), so the judgement reads them live.
 */
public final class SiteScope {
    private final ScopeMode mode;
    private final CrawlSites sites;

    /** The scope of {@code mode} over {@code sites}, which it reads live and never changes. */
    public SiteScope(ScopeMode mode, CrawlSites sites) {
        if (mode == null || sites == null) {
            throw new IllegalArgumentException("mode and sites must not be null");
        }
        this.mode = mode;
        this.sites = sites;
    }

    /** Host, domain or any. */
    public ScopeMode mode() {
        return mode;
    }

    /** The crawl's sites this scope reads. */
    public CrawlSites sites() {
        return sites;
    }

    /** True when {@code target} may be crawled, reached from the page at {@code source}. */
    public boolean allows(HttpUrl source, HttpUrl target) {
        return switch (mode) {
            case ANY -> true;
            case HOST -> SiteKey.same(target, source) || sites.containsSite(SiteKey.of(target));
            case DOMAIN -> {
                String domain = RegisteredDomain.of(target.host());
                yield domain.equals(RegisteredDomain.of(source.host())) || sites.containsDomain(domain);
            }
        };
    }

    /**
     * True when {@code target} is in scope from any page: under one of the crawl's sites (or their
     * domains), or in any scope. A seed that redirects to a URL this is false for moves the crawl.
     */
    public boolean coversEverywhere(HttpUrl target) {
        return switch (mode) {
            case ANY -> true;
            case HOST -> sites.containsSite(SiteKey.of(target));
            case DOMAIN -> sites.containsDomain(RegisteredDomain.of(target.host()));
        };
    }

    @Override
    public String toString() {
        return "SiteScope[" + mode.wireName() + ", " + sites.size() + " sites]";
    }
}
