package org.kcrawl.fetcher.politeness;

import java.time.Duration;

/**
 * Per-host and global limits of the {@link HostScheduler}.
 *
 * @param rate requests per second per host
 * @param burst requests a rested host may receive back to back; 1 means the interval {@code 1/rate}
 *              is never beaten
 * @param perHost concurrent requests per host
 * @param concurrency concurrent requests over all hosts (the global in-flight cap)
 * @param maxCrawlDelay cap on a robots.txt Crawl-delay, so one file cannot park a host for hours
 * @param maxRetryAfter cap on a Retry-After pause of a host
 * @param maxSlowdown largest factor by which throttling (429/503) may stretch a host's interval
 */
public record PolitenessSettings(double rate, int burst, int perHost, int concurrency, Duration maxCrawlDelay,
                                 Duration maxRetryAfter, double maxSlowdown) {

    public PolitenessSettings {
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("rate must be a positive number of requests per second but was "
                    + rate);
        }
        if (burst < 1) {
            throw new IllegalArgumentException("burst must be >= 1 but was " + burst);
        }
        if (perHost < 1) {
            throw new IllegalArgumentException("perHost must be >= 1 but was " + perHost);
        }
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be >= 1 but was " + concurrency);
        }
        if (maxCrawlDelay == null || maxCrawlDelay.isNegative()) {
            throw new IllegalArgumentException("maxCrawlDelay must be >= 0");
        }
        if (maxRetryAfter == null || maxRetryAfter.isNegative()) {
            throw new IllegalArgumentException("maxRetryAfter must be >= 0");
        }
        if (!(maxSlowdown >= 1)) {
            throw new IllegalArgumentException("maxSlowdown must be >= 1 but was " + maxSlowdown);
        }
    }

    /** Defaults: 1 request/s, burst 1, 2 per host, 256 in total, Crawl-delay up to 30 s, Retry-After up to 10 min, slow-down up to 16x. */
    public static PolitenessSettings defaults() {
        return new PolitenessSettings(1.0, 1, 2, 256, Duration.ofSeconds(30), Duration.ofMinutes(10), 16.0);
    }

    /** The interval between requests to one host implied by {@link #rate}, in nanoseconds. */
    public long intervalNanos() {
        return Math.max(1L, Math.round(1_000_000_000d / rate));
    }
}
