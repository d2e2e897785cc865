package org.kcrawl.common.scope;


/**
 * Keeps links within the crawl's scope, as {@link SiteScope} judges it: the one judgement the
 * fetchers also apply to redirect targets. Thread-safe.
 */
public final class SiteScopeFilter implements LinkFilter {
    private final SiteScope scope;

    /** A filter judging by {@code scope}. */
    public SiteScopeFilter(SiteScope scope) {
        if (scope == null) {
            throw new IllegalArgumentException("scope must not be null");
        }
        this.scope = scope;
    }

    @Override
    public RejectReason reason() {
        return RejectReason.OUT_OF_SCOPE;
    }

    @Override
    public boolean accepts(LinkCandidate candidate) {
        return scope.allows(candidate.source().parsed(), candidate.parsed());
    }
}
