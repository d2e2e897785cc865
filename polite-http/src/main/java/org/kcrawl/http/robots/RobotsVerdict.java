package org.kcrawl.http.robots;

import java.time.Duration;
import java.time.Instant;

/**
 * Whether robots.txt lets the crawler fetch one URL.
 *
 * @param status the answer
 * @param crawlDelay the host's Crawl-delay (capped), null when it sets none
 * @param unreachable for {@link Status#UNAVAILABLE}: why, and when robots.txt will be tried again; null
 *                    otherwise
 * @param sitemaps the host's robots.txt {@code Sitemap:} URLs, shared by every verdict of one cached
 *                 file and taken by at most one of them ({@link SitemapOffer#none()} when there are none)
 */
public record RobotsVerdict(Status status, Duration crawlDelay, RobotsUnreachable unreachable,
                            SitemapOffer sitemaps) {

    /** The possible answers. */
    public enum Status {
        /** Fetch it. */
        ALLOWED,
        /** robots.txt disallows it: a counted skip. */
        DISALLOWED,
        /** robots.txt is unreachable (5xx, network): disallowed for now, ask again after {@code retryAt}. */
        UNAVAILABLE
    }

    public RobotsVerdict {
        if (status == null) {
            throw new IllegalArgumentException("status must not be null");
        }
        if ((status == Status.UNAVAILABLE) != (unreachable != null)) {
            throw new IllegalArgumentException("unreachable is required when robots.txt is unavailable, and only then");
        }
        if (sitemaps == null) {
            sitemaps = SitemapOffer.none();
        }
    }

    /** Allowed, with the host's Crawl-delay if any. */
    public static RobotsVerdict allowed(Duration crawlDelay) {
        return new RobotsVerdict(Status.ALLOWED, crawlDelay, null, SitemapOffer.none());
    }

    /** Unavailable for the time being, as {@code unreachable} says. */
    public static RobotsVerdict unavailable(RobotsUnreachable unreachable) {
        return new RobotsVerdict(Status.UNAVAILABLE, null, unreachable, SitemapOffer.none());
    }

    /** For {@link Status#UNAVAILABLE}: when robots.txt will be tried again; null otherwise. */
    public Instant retryAt() {
        return unreachable == null ? null : unreachable.retryAt();
    }
}
