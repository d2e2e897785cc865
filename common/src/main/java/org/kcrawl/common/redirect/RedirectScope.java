package org.kcrawl.common.redirect;

import org.kcrawl.common.scope.CrawlSites;
import org.kcrawl.common.scope.ScopeMode;
import org.kcrawl.common.scope.SiteScope;
import org.kcrawl.common.url.HttpUrl;
import org.kcrawl.common.url.InvalidUrlException;

/**
 * Which redirect targets may be crawled: the crawl's {@link SiteScope}, the same judgement the parsers
 * apply to the links they find, so a URL is in scope or not whether a link or a redirect led to it.
 */
public final class RedirectScope {
    private final SiteScope scope;

    private RedirectScope(SiteScope scope) {
        this.scope = scope;
    }

    /** Redirect targets judged by {@code scope}. */
    public static RedirectScope of(SiteScope scope) {
        if (scope == null) {
            throw new IllegalArgumentException("scope must not be null");
        }
        return new RedirectScope(scope);
    }

    /** Only targets on the source's site: host scope without crawl sites (a fetcher told no scope). */
    public static RedirectScope sameHost() {
        return of(new SiteScope(ScopeMode.HOST, new CrawlSites()));
    }

    /** Any target. */
    public static RedirectScope any() {
        return of(new SiteScope(ScopeMode.ANY, new CrawlSites()));
    }

    /** The judgement behind this scope. */
    public SiteScope scope() {
        return scope;
    }

    /** True when {@code target} (absolute, normalized) is in scope for a redirect from {@code source}. */
    public boolean allows(String source, String target) {
        return scope.allows(parse(source), parse(target));
    }

    /**
     * True when {@code target} is in scope from any page already, so a seed redirecting there does not
     * move the crawl: it is on one of the crawl's sites (or their domains), or the scope is any.
     */
    public boolean coversEverywhere(String target) {
        return scope.coversEverywhere(parse(target));
    }

    private static HttpUrl parse(String url) {
        try {
            return HttpUrl.parse(url);
        } catch (InvalidUrlException e) {
            throw new IllegalArgumentException("not a valid URL: " + url + " (" + e.getMessage() + ")", e);
        }
    }
}
