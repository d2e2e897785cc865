package org.kcrawl.common.scope;

import java.util.ArrayList;
import java.util.List;

/**
 * The crawl's one judgement of whether a URL is crawled, whatever led to it: a link a parser found, a
 * sitemap's entry, a redirect or refresh the fetcher or parser follows. Built from the crawl's
 * {@link ScopeSettings} over its live {@link CrawlSites}: URL length first (it bounds the cost of
 * everything after it), then site scope, depth, repeated segments, deny and allow patterns. Thread-safe.
 */
public final class UrlScope {
    private final List<LinkFilter> filters;
    /** The same without the site scope: what a seed's redirect meets, which may lead to any site. */
    private final List<LinkFilter> anySite;

    private UrlScope(List<LinkFilter> filters) {
        this.filters = List.copyOf(filters);
        this.anySite = filters.stream().filter(f -> !(f instanceof SiteScopeFilter)).toList();
    }

    /** The judgement of {@code settings} over {@code sites}, to which the settings' seed sites are added. */
    public static UrlScope of(ScopeSettings settings, CrawlSites sites) {
        if (settings == null || sites == null) {
            throw new IllegalArgumentException("settings and sites must not be null");
        }
        settings.seedSites().forEach(sites::add);
        List<LinkFilter> filters = new ArrayList<>();
        filters.add(new UrlLengthFilter(settings.maxUrlLength()));
        if (settings.mode() != ScopeMode.ANY) {
            filters.add(new SiteScopeFilter(new SiteScope(settings.mode(), sites)));
        }
        filters.add(new DepthFilter(settings.maxDepth()));
        filters.add(new RepeatedSegmentsFilter(settings.maxRepeatedSegments()));
        if (!settings.denyPatterns().isEmpty()) {
            filters.add(PatternFilter.deny(settings.denyPatterns()));
        }
        if (!settings.allowPatterns().isEmpty()) {
            filters.add(PatternFilter.allow(settings.allowPatterns()));
        }
        return new UrlScope(filters);
    }

    /** A judgement by {@code rules} alone, in their order (for a test's own rules). */
    public static UrlScope over(List<LinkFilter> rules) {
        if (rules == null) {
            throw new IllegalArgumentException("rules must not be null");
        }
        return new UrlScope(rules);
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
     * As {@link #judge}, but on any site: every rule except the site scope, for a seed's redirect, which is
     * followed to another site (the seed moves) but not into a denied, too long or trap-like URL.
     */
    public RejectReason judgeOnAnySite(LinkCandidate candidate) {
        return judge(anySite, candidate);
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
