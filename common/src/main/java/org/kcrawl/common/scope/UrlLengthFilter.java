package org.kcrawl.common.scope;

/** Rejects URLs longer than a maximum; endlessly growing URLs are a common trap. */
public final class UrlLengthFilter implements LinkFilter {
    private final int maxLength;

    public UrlLengthFilter(int maxLength) {
        if (maxLength < 16) {
            throw new IllegalArgumentException("maxLength must be >= 16 but was " + maxLength);
        }
        this.maxLength = maxLength;
    }

    @Override
    public RejectReason reason() {
        return RejectReason.URL_TOO_LONG;
    }

    @Override
    public boolean accepts(LinkCandidate candidate) {
        return candidate.url().length() <= maxLength;
    }
}
