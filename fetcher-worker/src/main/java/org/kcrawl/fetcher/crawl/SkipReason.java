package org.kcrawl.fetcher.crawl;

import java.util.Locale;

/** Why a URL was deliberately not fetched. A bounded set, so it is safe as a metric tag. */
public enum SkipReason {
    /** Already fetched in this crawl, or already accepted in this session. */
    DUPLICATE,
    /** Disallowed by the host's robots.txt. */
    ROBOTS,
    /** The worker's page budget ({@code max_pages}) is used up. */
    MAX_PAGES,
    /** The host's page budget ({@code max_pages_per_host}) is used up in this assignment of its partition. */
    HOST_BUDGET,
    /** Deeper than {@code max_depth}. */
    MAX_DEPTH,
    /** A redirect target outside the crawl's scope. */
    OUT_OF_SCOPE;

    /** The lower-case tag value. */
    public String tag() {
        return name().toLowerCase(Locale.ROOT);
    }
}
