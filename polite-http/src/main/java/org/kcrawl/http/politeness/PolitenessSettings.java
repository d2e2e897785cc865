package org.kcrawl.http.politeness;

import java.time.Duration;
import org.kcrawl.common.Checks;
import org.kcrawl.http.FetchSettings;

/**
 * Per-host, per-address and global limits of the {@link HostScheduler}, and how much of a host's
 * backlog it keeps in memory.
 *
 * @param rate requests per second per host
 * @param burst requests a rested host may receive back to back; 1 means the interval {@code 1/rate}
 *              is never beaten
 * @param perHost concurrent requests per host
 * @param concurrency concurrent requests over all hosts (the global in-flight cap)
 * @param maxCrawlDelay cap on a robots.txt Crawl-delay, so one file cannot park a host for hours
 * @param maxRetryAfter cap on a Retry-After pause of a host (and never more than {@link RetryAfter#MAX})
 * @param perAddress concurrent requests per resolved IP address, over all hosts behind it (shared
 *                   hosting)
 * @param maxQueueWait how far ahead a host's queue may reach: URLs that could not start within this
 *                     time at the host's current pace are parked outside memory instead
 * @param maxHostQueue URLs queued in memory per host, whatever its pace
 * @param adaptive the latency-aware throttle: each host's interval also follows its response time
 *                 ({@link AdaptiveThrottle}), never shorter than {@code 1/rate}
 * @param learnRates a host whose server refuses requests (429, 503) learns a rate below {@code rate}
 *                   ({@link LearnedRate}), and so does an address whose hosts are refused together; off, a
 *                   refusal only pauses the host for its Retry-After
 */
public record PolitenessSettings(double rate, int burst, int perHost, int concurrency, Duration maxCrawlDelay,
                                 Duration maxRetryAfter, int perAddress, Duration maxQueueWait,
                                 int maxHostQueue, boolean adaptive, boolean learnRates) {

    /** The settings' own bounds are their declarations' ({@link FetchSettings}); the rest are this record's. */
    public PolitenessSettings {
        FetchSettings.RATE.check(rate, "rate");
        FetchSettings.BURST.check(burst, "burst");
        FetchSettings.PER_HOST.check(perHost, "per_host");
        FetchSettings.CONCURRENCY.check(concurrency, "concurrency");
        FetchSettings.MAX_CRAWL_DELAY.check(Checks.notNull(maxCrawlDelay, "max_crawl_delay"), "max_crawl_delay");
        FetchSettings.MAX_RETRY_AFTER.check(Checks.notNull(maxRetryAfter, "max_retry_after"), "max_retry_after");
        if (perAddress < 1) {
            throw new IllegalArgumentException("perAddress must be >= 1 but was " + perAddress);
        }
        FetchSettings.MAX_HOLD.check(Checks.notNull(maxQueueWait, "max_hold"), "max_hold");
        FetchSettings.MAX_HOST_QUEUE.check(maxHostQueue, "max_host_queue");
    }

    /** Limits without the adaptive throttle, learning rates from refusals. */
    public PolitenessSettings(double rate, int burst, int perHost, int concurrency, Duration maxCrawlDelay,
                              Duration maxRetryAfter, int perAddress, Duration maxQueueWait, int maxHostQueue) {
        this(rate, burst, perHost, concurrency, maxCrawlDelay, maxRetryAfter, perAddress, maxQueueWait, maxHostQueue,
                false, true);
    }

    /** These limits with the adaptive throttle on or off. */
    public PolitenessSettings withAdaptive(boolean on) {
        return new PolitenessSettings(rate, burst, perHost, concurrency, maxCrawlDelay, maxRetryAfter, perAddress,
                maxQueueWait, maxHostQueue, on, learnRates);
    }

    /**
     * Limits without a per-address cap beyond the global one, queues reaching one minute ahead and
     * at most 1,000 URLs per host.
     */
    public PolitenessSettings(double rate, int burst, int perHost, int concurrency, Duration maxCrawlDelay,
                              Duration maxRetryAfter) {
        this(rate, burst, perHost, concurrency, maxCrawlDelay, maxRetryAfter, concurrency, Duration.ofMinutes(1),
                1_000);
    }

    /**
     * Defaults: 1 request/s, burst 1, 2 per host and 8 per address (the fetcher's defaults), 256
     * in total, Crawl-delay up to 30 s, Retry-After up to 10 min, queues reaching 10 s ahead, 1,000 per
     * host, no adaptive throttle, rates learned from refusals.
     */
    public static PolitenessSettings defaults() {
        return new PolitenessSettings(1.0, 1, 2, 256, Duration.ofSeconds(30), Duration.ofMinutes(10), 8, Duration.ofSeconds(10),
                1_000);
    }

    /** The cap on a Retry-After pause in nanoseconds: {@code maxRetryAfter}, at most {@link RetryAfter#MAX}. */
    public long maxRetryAfterNanos() {
        return Math.min(maxRetryAfter.toNanos(), RetryAfter.MAX.toNanos());
    }

    /** The interval between requests to one host implied by {@link #rate}, in nanoseconds. */
    public long intervalNanos() {
        return Math.max(1L, Math.round(1_000_000_000d / rate));
    }
}
