package org.kcrawl.fetcher.politeness;

import java.util.Locale;

/**
 * Which limit keeps a host's next queued request from starting right now. A bounded set, so it is
 * safe as a metric tag ({@code cap}); {@link HostScheduler#heldHosts} counts the hosts per value.
 */
public enum HeldBy {
    /** Ready to start, but the global in-flight cap ({@code concurrency}) is full. */
    CONCURRENCY,
    /** The host has {@code per_host} requests in flight. */
    PER_HOST,
    /** The host's IP address has {@code per_address} requests in flight, over all hosts behind it. */
    PER_ADDRESS,
    /**
     * Waiting for its next start time at the configured {@code rate} (or, on first contact, for the
     * answer of its one cold request).
     */
    RATE,
    /**
     * Waiting for its next start time, which the host itself has pushed past what {@code rate} allows:
     * a robots.txt Crawl-delay longer than the rate's interval, or a slow-down after 429 or 503.
     */
    HOST_DELAY;

    /** The lower-case tag value. */
    public String tag() {
        return name().toLowerCase(Locale.ROOT);
    }
}
