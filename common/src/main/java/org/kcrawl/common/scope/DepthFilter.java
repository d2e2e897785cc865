package org.kcrawl.common.scope;

/** Rejects links deeper than the maximum depth (seeds are depth 0). */
public final class DepthFilter implements LinkFilter {
    private final int maxDepth;

    public DepthFilter(int maxDepth) {
        if (maxDepth < 0) {
            throw new IllegalArgumentException("maxDepth must be >= 0 but was " + maxDepth);
        }
        this.maxDepth = maxDepth;
    }

    @Override
    public RejectReason reason() {
        return RejectReason.MAX_DEPTH;
    }

    @Override
    public boolean accepts(LinkCandidate candidate) {
        return candidate.depth() <= maxDepth;
    }
}
