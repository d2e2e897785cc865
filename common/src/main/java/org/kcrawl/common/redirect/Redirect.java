package org.kcrawl.common.redirect;

import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.ScopeSite;

/**
 * What {@link RedirectRules#follow} makes of one redirect, whoever found it: the fetcher (a 3xx
 * Location, a {@code Refresh} header) or the parser (a meta refresh).
 */
public sealed interface Redirect {

    /**
     * Followed: the redirecting page gets its record saying where it points; {@code next} is the
     * target as a new URL (same depth, one more hop, a seed when the source is one), or null when the
     * target is out of scope; {@code moved} is the site a seed moved to (to publish on the crawl's
     * scope topic with the page's other outputs), or null when the crawl's scope covers it already.
     */
    record Follow(String target, CrawlRequest next, ScopeSite moved) implements Redirect {}

    /**
     * Not followed, because it points back at its source or is one hop past {@code max_redirect_hops}:
     * the redirecting URL ends as a {@code redirect_limit} failure saying so ({@code detail}).
     */
    record Limit(String detail) implements Redirect {}
}
