package org.kcrawl.common.scope;

import java.util.ArrayList;
import java.util.List;
import org.kcrawl.common.url.HttpUrl;

/**
 * The crawl's one judgement of whether a URL is crawled, whatever led to it: a link a parser found, a
 * sitemap's entry, a redirect or refresh the fetcher or parser follows. Built from the crawl's
 * {@link ScopeSettings} over its live {@link CrawlSites}: URL length first (it bounds the cost of
 * everything after it), then site scope, the seeds' directories (with {@code no_parent}), depth, repeated
 * segments, deny and allow patterns. Thread-safe.
 */
public final class UrlScope {
    private final List<LinkFilter> filters;
    /**
     * The same without the site scope and the seeds' directories: what a seed's redirect meets, which may
     * lead anywhere (the seed moves there).
     */
    private final List<LinkFilter> anySite;
    /** Where the crawl is from any page; null for a judgement by a test's own rules. */
    private final SiteScope sites;
    private final boolean noParent;

    private UrlScope(List<LinkFilter> filters, SiteScope sites, boolean noParent) {
        this.filters = List.copyOf(filters);
        this.anySite = filters.stream()
                .filter(f -> !(f instanceof SiteScopeFilter) && !(f instanceof SeedDirectoryFilter)).toList();
        this.sites = sites;
        this.noParent = noParent;
    }

    /** The judgement of {@code settings} over {@code sites}, to which the settings' seed sites are added. */
    public static UrlScope of(ScopeSettings settings, CrawlSites sites) {
        if (settings == null || sites == null) {
            throw new IllegalArgumentException("settings and sites must not be null");
        }
        for (String site : settings.seedSites()) {
            sites.add(site);
            sites.addSeed("http://" + site + "/"); // a site named without a seed URL: all of it
        }
        SiteScope siteScope = new SiteScope(settings.mode(), sites);
        List<LinkFilter> filters = new ArrayList<>();
        filters.add(new UrlLengthFilter(settings.maxUrlLength()));
        if (settings.mode() != ScopeMode.ANY) {
            filters.add(new SiteScopeFilter(siteScope));
        }
        if (settings.noParent()) {
            filters.add(new SeedDirectoryFilter(sites));
        }
        filters.add(new DepthFilter(settings.maxDepth()));
        filters.add(new RepeatedSegmentsFilter(settings.maxRepeatedSegments()));
        if (!settings.denyPatterns().isEmpty()) {
            filters.add(PatternFilter.deny(settings.denyPatterns()));
        }
        if (!settings.allowPatterns().isEmpty()) {
            filters.add(PatternFilter.allow(settings.allowPatterns()));
        }
        return new UrlScope(filters, siteScope, settings.noParent());
    }

    /** A judgement by {@code rules} alone, in their order (for a test's own rules). */
    public static UrlScope over(List<LinkFilter> rules) {
        if (rules == null) {
            throw new IllegalArgumentException("rules must not be null");
        }
        return new UrlScope(rules, null, false);
    }

    /**
     * Why {@code candidate} is not crawled, or null when it is. A rule that throws (a bug, or a
     * pathological pattern that overflows the stack) ends the judgement with a {@link RuleFailure} naming
     * it: the caller decides how a failing rule fails (closed, as every caller does).
     */
    public RejectReason judge(LinkCandidate candidate) {
        return judge(filters, candidate);
    }

    /**
     * As {@link #judge}, but anywhere: every rule except the site scope and the seeds' directories, for a
     * seed's redirect, which is followed to another site or directory (the seed moves) but not into a denied,
     * too long or trap-like URL.
     */
    public RejectReason judgeOnAnySite(LinkCandidate candidate) {
        return judge(anySite, candidate);
    }

    /**
     * True when {@code target} is where the crawl is from any page already, so a seed redirecting there does
     * not move the crawl: on one of the crawl's sites (or their domains), or anywhere in any scope; with
     * {@code no_parent}, under one of the seeds' directories.
     */
    public boolean coversEverywhere(HttpUrl target) {
        if (sites == null) {
            throw new IllegalStateException("a judgement by a test's own rules knows no crawl sites");
        }
        return noParent ? sites.sites().underSeedDirectory(target) : sites.coversEverywhere(target);
    }

    private static RejectReason judge(List<LinkFilter> rules, LinkCandidate candidate) {
        for (LinkFilter rule : rules) {
            boolean accepts;
            try {
                accepts = rule.accepts(candidate);
            } catch (RuntimeException | StackOverflowError e) {
                // A stack overflow is local to this call (a regular expression's recursion), so it is
                // survivable here, and only here is it known which rule caused it.
                throw new RuleFailure(rule, e);
            }
            if (!accepts) {
                return rule.reason();
            }
        }
        return null;
    }

    /** A rule threw while judging a URL. */
    public static final class RuleFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient LinkFilter rule;

        RuleFailure(LinkFilter rule, Throwable cause) {
            super("scope rule " + rule.getClass().getName() + " failed: " + cause, cause);
            this.rule = rule;
        }

        /** The rule that threw. */
        public LinkFilter rule() {
            return rule;
        }
    }
}
