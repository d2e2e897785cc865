package org.kcrawl.fetcher.robots;

import java.time.Duration;
import java.time.Instant;

/**
 * Whether robots.txt lets the crawler fetch one URL.
 *
 * @param status the answer
 * @param crawlDelay the host's Crawl-delay (capped), null when it sets none
 * @param retryAt for {@link Status#UNAVAILABLE}: when robots.txt will be tried again; null otherwise
 */
public record RobotsVerdict(Status status, Duration crawlDelay, Instant retryAt) {

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
        if (status == Status.UNAVAILABLE && retryAt == null) {
            throw new IllegalArgumentException("retryAt is required when robots.txt is unavailable");
        }
    }

    /** Allowed, with the host's Crawl-delay if any. */
    public static RobotsVerdict allowed(Duration crawlDelay) {
        return new RobotsVerdict(Status.ALLOWED, crawlDelay, null);
    }
}
