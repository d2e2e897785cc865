package org.kcrawl.common.redirect;

import java.util.List;
import org.kcrawl.common.scope.CrawlSites;
import org.kcrawl.common.scope.LinkCandidate;
import org.kcrawl.common.scope.ScopeMode;
import org.kcrawl.common.scope.ScopeSettings;
import org.kcrawl.common.scope.SourcePage;
import org.kcrawl.common.scope.UrlScope;
import org.kcrawl.common.url.HttpUrl;
import org.kcrawl.common.url.InvalidUrlException;

/**
 * Which redirect and refresh targets may be crawled: the crawl's {@link UrlScope}, the same judgement the
 * parsers apply to the links they find (site scope, URL length, repeated segments, deny and allow
 * patterns), so a URL is in scope or not whether a link or a redirect led to it. Depth is not judged
 * here: a target is fetched at its source's depth, which the fetcher checked when it took the source.
 */
public final class RedirectScope {
    private final UrlScope rules;

    private RedirectScope(UrlScope rules) {
        this.rules = rules;
    }

    /** Redirect targets judged by {@code settings} over the crawl's live {@code sites}. */
    public static RedirectScope of(ScopeSettings settings, CrawlSites sites) {
        if (settings == null || sites == null) {
            throw new IllegalArgumentException("settings and sites must not be null");
        }
        return new RedirectScope(UrlScope.of(settings, sites));
    }

    /** Only targets on the source's site: host scope without crawl sites (a fetcher told no scope). */
    public static RedirectScope sameHost() {
        return of(ScopeSettings.defaults(), new CrawlSites());
    }

    /** Any target: no site scope, no patterns, only the default URL length and repeated-segment limits. */
    public static RedirectScope any() {
        ScopeSettings d = ScopeSettings.defaults();
        return of(new ScopeSettings(ScopeMode.ANY, Integer.MAX_VALUE, d.maxUrlLength(), d.maxRepeatedSegments(),
                d.maxOutlinks(), List.of(), List.of()), new CrawlSites());
    }

    /**
     * True when {@code target} (absolute, normalized) is in scope for a redirect from {@code source}. A
     * rule that fails (a pathological pattern) refuses the target, as the parsers' chain does.
     */
    public boolean allows(String source, String target) {
        return allows(source, target, false);
    }

    /**
     * As {@link #allows(String, String)}; with {@code anySite} (a seed's redirect, which moves the crawl)
     * the target may be on any site but meets every other rule.
     */
    public boolean allows(String source, String target, boolean anySite) {
        LinkCandidate candidate = new LinkCandidate(target, parse(target), 0, new SourcePage(source, parse(source), 0));
        try {
            return (anySite ? rules.judgeOnAnySite(candidate) : rules.judge(candidate)) == null;
        } catch (RuntimeException | StackOverflowError e) {
            return false;
        }
    }

    /**
     * True when {@code target} is in scope from any page already, so a seed redirecting there does not
     * move the crawl: it is on one of the crawl's sites (or their domains), or the scope is any; with
     * {@code no_parent}, under one of the seeds' directories ({@link UrlScope#coversEverywhere}).
     */
    public boolean coversEverywhere(String target) {
        return rules.coversEverywhere(parse(target));
    }

    private static HttpUrl parse(String url) {
        try {
            return HttpUrl.parse(url);
        } catch (InvalidUrlException e) {
            throw new IllegalArgumentException("not a valid URL: " + url + " (" + e.getMessage() + ")", e);
        }
    }
}
