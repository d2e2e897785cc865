package org.kcrawl.fetcher.politeness;

/**
 * When a host may receive its next request: a token bucket (kept as a theoretical arrival time, the
 * GCRA form, so the whole state is a few longs), stretched by Crawl-delay and by throttling.
 *
 * <p>A request may start at {@code t} when {@code t >= tat - (burst - 1) * interval}; starting it
 * moves {@code tat} to {@code max(tat, t) + interval}. This is exactly a bucket of {@code burst}
 * tokens refilled at one per interval. While a Crawl-delay or a slow-down is in force the burst is
 * 1, because both mean "leave this much time between requests".
 *
 * <p>Not thread-safe: guarded by the {@link HostScheduler}'s lock.
 */
final class HostPace {
    /** How long an idle, throttled host remembers its slow-down before it may be forgotten. */
    static final long SLOW_MEMORY_NANOS = 600_000_000_000L;

    private final long baseInterval;
    private final int burst;
    private final long maxCrawlDelay;
    private final long maxRetryAfter;
    private final double maxSlowdown;

    private long tat;
    private long lastStart;
    private long pausedUntil;
    private long crawlDelay;
    private double slowdown = 1.0;

    /** A host whose bucket is empty at {@code emptyAt}: its first request may start one interval later. */
    HostPace(PolitenessSettings settings, long emptyAt) {
        this.baseInterval = settings.intervalNanos();
        this.burst = settings.burst();
        this.maxCrawlDelay = settings.maxCrawlDelay().toNanos();
        this.maxRetryAfter = settings.maxRetryAfter().toNanos();
        this.maxSlowdown = settings.maxSlowdown();
        this.tat = emptyAt + (long) burst * baseInterval;
        this.lastStart = emptyAt;
        this.pausedUntil = emptyAt;
    }

    /** The current interval between request starts. */
    long interval() {
        long base = Math.max(baseInterval, crawlDelay);
        return slowdown == 1.0 ? base : (long) Math.min(base * slowdown, (double) (Long.MAX_VALUE / 4));
    }

    private int effectiveBurst() {
        return crawlDelay > baseInterval || slowdown > 1.0 ? 1 : burst;
    }

    /** The earliest time the next request may start. */
    long eligibleAt() {
        return Math.max(pausedUntil, tokenAt());
    }

    /**
     * True when the host itself, not the configured rate, sets when the next request may start: a
     * Retry-After pause outlasts the next token, or a Crawl-delay or a slow-down stretches the interval
     * beyond the rate's.
     */
    boolean hostSetsPace() {
        return crawlDelay > baseInterval || slowdown > 1.0 || pausedUntil - tokenAt() > 0;
    }

    private long tokenAt() {
        return tat - (effectiveBurst() - 1) * interval();
    }

    /** Takes a token for a request starting at {@code now} (which must be eligible). */
    void consume(long now) {
        tat = Math.max(tat, now) + interval();
        lastStart = now;
    }

    /**
     * Treats the bucket as emptied at {@code t}: used when the host's partition is (re)assigned,
     * because another fetcher may have talked to the host until then.
     */
    void emptyAt(long t) {
        tat = Math.max(tat, t + (long) effectiveBurst() * interval());
        lastStart = Math.max(lastStart, t);
    }

    /** Applies a robots.txt Crawl-delay (capped); a longer delay also spaces the very next request. */
    void crawlDelay(long nanos) {
        long capped = Math.max(0, Math.min(nanos, maxCrawlDelay));
        if (capped == crawlDelay) {
            return;
        }
        crawlDelay = capped;
        respace();
    }

    /** The host answered 429 or 503: stretch its interval and pause it for {@code retryAfterNanos} (if > 0). */
    void throttle(long now, long retryAfterNanos) {
        slowdown = Math.min(maxSlowdown, slowdown * 2);
        if (retryAfterNanos > 0) {
            pausedUntil = Math.max(pausedUntil, now + Math.min(retryAfterNanos, maxRetryAfter));
        }
        respace();
    }

    /** The host answered normally: relax a slow-down a little (a quarter per good answer). */
    void recover() {
        if (slowdown > 1.0) {
            slowdown = slowdown * 0.75 < 1.05 ? 1.0 : slowdown * 0.75;
        }
    }

    /**
     * True when forgetting this host changes nothing: its bucket is full again and no pause or
     * slow-down is left (a throttled host is remembered for a while longer).
     */
    boolean rested(long now) {
        long quietSince = Math.max(tat, pausedUntil) + (slowdown > 1.0 ? SLOW_MEMORY_NANOS : 0);
        return now >= quietSince;
    }

    double slowdown() {
        return slowdown;
    }

    private void respace() {
        // A longer interval must hold from the last start, not only from the next refill.
        tat = Math.max(tat, lastStart + interval());
    }
}
