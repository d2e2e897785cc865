package org.kcrawl.http.politeness;

import java.util.Locale;

/**
 * Which limit keeps a host's next queued request from starting right now. A bounded set, so it is
 * safe as a metric tag ({@code cap}); {@link SchedulerCounts#heldHosts} counts the hosts per value.
 */
public enum HeldBy {
    /** Ready to start, but the global in-flight cap ({@code concurrency}) is full. */
    CONCURRENCY,
    /** The host has {@code per_host} requests in flight. */
    PER_HOST,
    /** The host's IP address has {@code per_address} requests in flight, over all hosts behind it. */
    PER_ADDRESS,
    /**
     * Waiting for its next start time at the configured {@code rate}, which counts from the moment the
     * previous request was written (so also while that write is under way: a connection being set up).
     */
    RATE,
    /**
     * Waiting for its next start time, which the host itself has pushed past what {@code rate} allows:
     * a robots.txt Crawl-delay longer than the rate's interval, or (with the adaptive throttle) its slow
     * answers.
     */
    HOST_DELAY,
    /**
     * Waiting for its next start time, which its server's refusals (429, 503) have pushed past what
     * {@code rate} allows: the rate the host, or its IP address, learned from them, or a Retry-After pause.
     */
    SERVER_LIMIT;

    /** The lower-case tag value. */
    public String tag() {
        return name().toLowerCase(Locale.ROOT);
    }
}
