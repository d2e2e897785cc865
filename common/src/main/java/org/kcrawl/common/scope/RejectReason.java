package org.kcrawl.common.scope;

import java.util.Locale;

/** Why a discovered link was not published. A bounded set, so it is safe as a metric tag. */
public enum RejectReason {
    /** The link carried {@code rel=nofollow}, or the page said nofollow (meta robots or X-Robots-Tag). */
    NOFOLLOW,
    /** The page had a non-2xx status; links of error pages are not followed. */
    ERROR_STATUS,
    /** Not http or https ({@code mailto:}, {@code javascript:}, {@code data:}, {@code tel:}, ...). */
    SCHEME,
    /** The link could not be resolved or normalized into a usable URL. */
    INVALID_URL,
    /** Longer than the maximum URL length. */
    URL_TOO_LONG,
    /** Outside the crawl's scope (another host or registered domain). */
    OUT_OF_SCOPE,
    /** Deeper than the maximum depth. */
    MAX_DEPTH,
    /** A path segment repeats too often, the signature of a spider trap. */
    REPEATED_SEGMENTS,
    /** Matched a deny pattern. */
    DENIED,
    /** Allow patterns are configured and none matched. */
    NOT_ALLOWED,
    /** Beyond the maximum number of outlinks taken from one page. */
    MAX_OUTLINKS,
    /** A filter threw while judging the link: the chain fails closed and rejects it. */
    FILTER_ERROR,
    /**
     * The page refreshes to another URL (a meta refresh the crawl follows as a redirect): like a 3xx's,
     * its links are not followed; its target is, and the target's own links.
     */
    REFRESH;

    /** The lower-case metric tag value, for example {@code out_of_scope}. */
    public String tag() {
        return name().toLowerCase(Locale.ROOT);
    }
}
