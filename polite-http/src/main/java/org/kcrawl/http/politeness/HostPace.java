package org.kcrawl.http.politeness;

/**
 * When a host may receive its next request: a token bucket (kept as a theoretical arrival time, the
 * GCRA form, so the whole state is a few longs), stretched by Crawl-delay, by throttling and, when
 * adaptive, by the host's response time.
 *
 * <p>A request may start at {@code t} when {@code t >= tat - (burst - 1) * interval}. The bucket counts
 * requests at their <em>real</em> start, the moment their bytes reached the socket ({@link #sent}),
 * not when the scheduler let them go ({@link #consume}): a request that leaves late (a busy CPU, a
 * slow connection set-up) moves {@code tat} to {@code max(tat, sent) + interval}, so it pushes the
 * next one later and never lets it come closer. With the scheduler holding a host's next start until
 * the previous request is written, this is exactly a bucket of {@code burst} tokens refilled at one
 * per interval, applied to the times the server sees. While a Crawl-delay, a slow-down or the adaptive
 * throttle lengthens the interval the burst is 1, because each means "leave this much time between
 * requests".
 *
 * <p>Not thread-safe: guarded by the {@link HostScheduler}'s lock.
 */
final class HostPace {
    /** How long an idle, slowed-down host remembers its slow-down before it may be forgotten. */
    static final long SLOW_MEMORY_NANOS = 600_000_000_000L;

    private final long baseInterval;
    private final int burst;
    private final long maxCrawlDelay;
    private final long maxRetryAfter;
    private final double maxSlowdown;
    private final boolean adaptive;

    private long tat;
    private long lastStart;
    private long pausedUntil;
    private long crawlDelay;
    private double slowdown = 1.0;
    /** The interval the host's response times ask for (adaptive only; 0 until its first answer). */
    private long answerPace;

    /** A host whose bucket is empty at {@code emptyAt}: its first request may start one interval later. */
    HostPace(PolitenessSettings settings, long emptyAt) {
        this.baseInterval = settings.intervalNanos();
        this.burst = settings.burst();
        this.maxCrawlDelay = settings.maxCrawlDelay().toNanos();
        this.maxRetryAfter = settings.maxRetryAfter().toNanos();
        this.maxSlowdown = settings.maxSlowdown();
        this.adaptive = settings.adaptive();
        this.tat = emptyAt + (long) burst * baseInterval;
        this.lastStart = emptyAt;
        this.pausedUntil = emptyAt;
    }

    /** The current interval between request starts. */
    long interval() {
        long base = Math.max(baseInterval, crawlDelay);
        long stretched = slowdown == 1.0 ? base : (long) Math.min(base * slowdown, (double) (Long.MAX_VALUE / 4));
        return Math.max(stretched, answerPace);
    }

    private boolean stretched() {
        return crawlDelay > baseInterval || slowdown > 1.0 || answerPace > baseInterval;
    }

    private int effectiveBurst() {
        return stretched() ? 1 : burst;
    }

    /** The earliest time the next request may start. */
    long eligibleAt() {
        return Math.max(pausedUntil, tokenAt());
    }

    /**
     * True when the host itself, not the configured rate, sets when the next request may start: a
     * Retry-After pause outlasts the next token, or a Crawl-delay, a slow-down or its slow answers
     * stretch the interval beyond the rate's.
     */
    boolean hostSetsPace() {
        return stretched() || pausedUntil - tokenAt() > 0;
    }

    private long tokenAt() {
        return tat - (effectiveBurst() - 1) * interval();
    }

    /**
     * Takes a token for a request let go at {@code now} (which must be eligible). Its real start is
     * not known yet; {@link #sent} corrects the bucket when it is.
     */
    void consume(long now) {
        tat = Math.max(tat, now) + interval();
        lastStart = Math.max(lastStart, now);
    }

    /**
     * The request let go last reached the socket at {@code at} (no earlier than it was let go): the
     * bucket now counts it from there. Also called again when a request is written a second time (on a
     * new connection), which moves its start later still.
     */
    void sent(long at) {
        tat = Math.max(tat, at + interval());
        lastStart = Math.max(lastStart, at);
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

    /**
     * A request ended {@code now} with {@code feedback}, {@code latencyNanos} after its real start (or
     * after it was let go, when it was never written); {@code retryAfterNanos} is a 429's or 503's pause.
     */
    void ended(Permit.Feedback feedback, long latencyNanos, long now, long retryAfterNanos) {
        switch (feedback) {
            case ANSWERED -> {
                recover();
                answered(latencyNanos, false);
            }
            case SERVER_ERROR -> {
                recover();
                answered(latencyNanos, true);
            }
            case THROTTLED -> throttle(now, retryAfterNanos);
            case TIMED_OUT -> answered(latencyNanos, true);
            case NONE -> { }
        }
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
     * A request's answer took {@code latencyNanos} from its real start; {@code slow} when it was a slow
     * answer whatever its time (a server error, a timeout). Only the adaptive throttle listens
     * ({@link AdaptiveThrottle}). Either way the new interval counts from the last start: a longer one
     * also spaces the very next request, a shorter one brings it closer.
     */
    void answered(long latencyNanos, boolean slow) {
        if (!adaptive) {
            return;
        }
        long next = slow ? AdaptiveThrottle.afterSlowAnswer(interval(), latencyNanos)
                : AdaptiveThrottle.afterAnswer(answerPace, latencyNanos);
        long before = answerPace;
        boolean wasStretched = stretched();
        answerPace = next;
        if (next > before) {
            respace();
        } else if (next < before && wasStretched) {
            // The burst was 1 while stretched, so tat was the last start plus the longer interval: count
            // the shorter one from the same start (no earlier than the rate allows, interval() has it).
            tat = Math.min(tat, lastStart + interval());
        }
    }

    /**
     * True when forgetting this host changes nothing: its bucket is full again and no pause or
     * slow-down is left (a slowed-down host is remembered for a while longer).
     */
    boolean rested(long now) {
        boolean slowed = slowdown > 1.0 || answerPace > baseInterval;
        long quietSince = Math.max(tat, pausedUntil) + (slowed ? SLOW_MEMORY_NANOS : 0);
        return now >= quietSince;
    }

    private void respace() {
        // A longer interval must hold from the last start, not only from the next refill.
        tat = Math.max(tat, lastStart + interval());
    }
}
