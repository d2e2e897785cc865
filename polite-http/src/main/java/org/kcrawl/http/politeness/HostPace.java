package org.kcrawl.http.politeness;

/**
 * When a host may receive its next request: a token bucket (kept as a theoretical arrival time, the
 * GCRA form, so the whole state is a few longs), stretched by Crawl-delay, by the rate its server's
 * refusals taught it ({@link LearnedRate}, made at the first refusal) and, when adaptive, by the host's
 * response time.
 *
 * <p>A request may start at {@code t} when {@code t >= tat - (burst - 1) * interval}. The bucket counts
 * requests at their <em>real</em> start, the moment their bytes reached the socket ({@link #sent}),
 * not when the scheduler let them go ({@link #consume}): a request that leaves late (a busy CPU, a
 * slow connection set-up) moves {@code tat} to {@code max(tat, sent) + interval}, so it pushes the
 * next one later and never lets it come closer. With the scheduler holding a host's next start until
 * the previous request is written, this is exactly a bucket of {@code burst} tokens refilled at one
 * per interval, applied to the times the server sees. While a Crawl-delay, a learned rate or the adaptive
 * throttle lengthens the interval the burst is 1, because each means "leave this much time between
 * requests". A refusal also pauses the host for its Retry-After.
 *
 * <p>Each host has its own place in the interval ({@link #placeOf}, from its name). Hosts taken up together
 * (every host of a partition just handed to this worker) first start at their places in the interval after
 * the first, not all in one instant; and a host whose starts fell away from its place (let go with others
 * when a held start gate opened) goes back to it at its next start on pace, only ever later. Without it,
 * hosts at a common rate that once start together stay in step for good: every interval one burst of as
 * many requests as hosts, all lost together by a worker killed before its next commit.
 *
 * <p>Not thread-safe: guarded by the {@link HostScheduler}'s lock.
 */
final class HostPace {
    /** How long an idle host slowed down by its answers remembers that before it may be forgotten. */
    static final long SLOW_MEMORY_NANOS = 600_000_000_000L;

    private final double rate;
    private final long baseInterval;
    private final int burst;
    private final long maxCrawlDelay;
    private final long maxRetryAfter;
    private final boolean adaptive;
    private final boolean learns;
    /** This host's place in its interval, a fraction of it ({@link #placeOf}). */
    private final double place;

    private long tat;
    private long lastStart;
    private long pausedUntil;
    private long crawlDelay;
    /** The rate the host's refusals taught; null until its first refusal (or a rate learned before). */
    private LearnedRate learned;
    /** The interval the host's response times ask for (adaptive only; 0 until its first answer). */
    private long answerPace;

    /**
     * A host at {@code place} in its interval ({@link #placeOf}) whose bucket is empty at {@code emptyAt}: its
     * first request may start at its place in the interval after the first.
     */
    HostPace(PolitenessSettings settings, long emptyAt, double place) {
        this.rate = settings.rate();
        this.baseInterval = settings.intervalNanos();
        this.burst = settings.burst();
        this.maxCrawlDelay = settings.maxCrawlDelay().toNanos();
        this.maxRetryAfter = settings.maxRetryAfterNanos();
        this.adaptive = settings.adaptive();
        this.learns = settings.learnRates();
        this.place = place;
        this.tat = emptyAt;
        this.lastStart = emptyAt;
        this.pausedUntil = emptyAt;
        emptyAt(emptyAt);
    }

    /**
     * Where in an interval the host's starts belong, as a fraction of it: a mix of its name's hash, so that
     * hosts spread evenly over the interval and a host always has the same place.
     */
    static double placeOf(String host) {
        long mixed = host.hashCode() * 0x9E3779B97F4A7C15L;
        return (mixed >>> 11) / (double) (1L << 53);
    }

    /** The first time at or after {@code t} at {@code place} in intervals of {@code interval} nanoseconds. */
    static long nextPlace(double place, long t, long interval) {
        return t + Math.floorMod((long) (place * interval) - t, interval);
    }

    /** The current interval between request starts. */
    long interval() {
        return Math.max(Math.max(baseInterval, crawlDelay), Math.max(learnedInterval(), answerPace));
    }

    private long learnedInterval() {
        return learned == null ? 0 : learned.intervalNanos();
    }

    /**
     * The interval to plan the host's backlog with ({@link QueueHorizon}): the current one, except that a
     * learned rate on its way back counts at the rate it is heading for ({@link LearnedRate#plannedRate()}).
     */
    long planningInterval() {
        if (!limited()) {
            return interval();
        }
        long planned = Math.max(1L, Math.round(1_000_000_000d / learned.plannedRate()));
        return Math.max(Math.max(baseInterval, crawlDelay), Math.max(planned, answerPace));
    }

    private boolean stretched() {
        return crawlDelay > baseInterval || answerPace > baseInterval || limited();
    }

    /** True while a server's refusals hold the host below the configured rate. */
    boolean limited() {
        return learned != null && learned.limited();
    }

    /** The rate learned from the host's refusals, or null when it never refused (nor inherited one). */
    LearnedRate learned() {
        return learned;
    }

    /** Resumes a rate learned before (by this worker, or the partition's previous owner). */
    void resume(LearnedRate earlier) {
        if (learns && earlier != null) {
            learned = earlier;
            respace();
        }
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
     * Retry-After pause outlasts the next token, or a Crawl-delay, a learned rate or its slow answers
     * stretch the interval beyond the rate's.
     */
    boolean hostSetsPace() {
        return stretched() || paused();
    }

    /**
     * True when the server's refusals set when the next request may start: a Retry-After pause outlasts
     * the next token, or the learned rate is what the interval is.
     */
    boolean serverSetsPace() {
        return paused() || (limited() && learnedInterval() >= interval());
    }

    private boolean paused() {
        return pausedUntil - tokenAt() > 0;
    }

    private long tokenAt() {
        return tat - (effectiveBurst() - 1) * interval();
    }

    /**
     * Takes a token for a request let go at {@code now} (which must be eligible). Its real start is
     * not known yet; {@link #sent} corrects the bucket when it is. Returns whether it goes out on pace:
     * within half an interval of when the pace first let it and of one interval after the request before
     * it, so that the host was keeping to its pace and the answer says whether that pace is fine.
     */
    boolean consume(long now) {
        long interval = interval();
        long late = now - eligibleAt();
        boolean onPace = late <= interval / 2 && now - lastStart <= interval + interval / 2;
        tat = Math.max(tat, now) + interval;
        if (late <= interval / 16) {
            tat += untilPlace(tat, interval); // only the pace set this start: a late one waited for its answer
        }
        lastStart = Math.max(lastStart, now);
        return onPace;
    }

    /**
     * How much later than {@code next} the next start should be to be at the host's place: none within an
     * eighth of an interval after it (each start may be a little late, a timer or a socket, and going round a
     * whole interval for that every time would cost the host its rate).
     */
    private long untilPlace(long next, long interval) {
        long ahead = nextPlace(place, next, interval) - next;
        return ahead >= interval - interval / 8 ? 0 : ahead;
    }

    /**
     * A start held back with other hosts' (a closed start gate) waits for the host's next place in the interval
     * instead of going at {@code now} with them, unless it is within an eighth of an interval after it. Returns
     * whether it now waits.
     */
    boolean toPlace(long now) {
        long interval = interval();
        long ahead = untilPlace(now, interval);
        if (ahead == 0) {
            return false;
        }
        tat = Math.max(tat, now + ahead + (long) (effectiveBurst() - 1) * interval);
        return true;
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
        long interval = interval();
        long first = nextPlace(place, t + interval, interval);
        tat = Math.max(tat, first + (long) (effectiveBurst() - 1) * interval);
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
     * A request sent at {@code sentAt} (on pace or not, as {@link #consume} said) ended {@code now} with
     * {@code feedback}, {@code latencyNanos} after its real start (or after it was let go, when it was never
     * written); {@code retryAfterNanos} is a refusal's pause. Returns true when the learned rate changed.
     */
    boolean ended(Permit.Feedback feedback, long latencyNanos, long now, long sentAt, boolean onPace,
                  long retryAfterNanos) {
        switch (feedback) {
            case ANSWERED -> {
                answered(latencyNanos, false);
                return climb(sentAt, onPace);
            }
            case SERVER_ERROR -> {
                answered(latencyNanos, true);
                return climb(sentAt, onPace);
            }
            case REFUSED -> {
                return refused(now, sentAt, retryAfterNanos, true);
            }
            case TIMED_OUT -> answered(latencyNanos, true);
            case NONE -> { }
        }
        return false;
    }

    /**
     * The host refused a request sent at {@code sentAt} (429, or 503): pause it for {@code retryAfterNanos}
     * (if > 0, capped), and when {@code learn} lower its learned rate. Returns true when that rate changed.
     */
    boolean refused(long now, long sentAt, long retryAfterNanos, boolean learn) {
        if (retryAfterNanos > 0) {
            pausedUntil = Math.max(pausedUntil, now + Math.min(retryAfterNanos, maxRetryAfter));
        }
        boolean changed = false;
        if (learn && learns) {
            if (learned == null) {
                learned = new LearnedRate(rate);
            }
            changed = learned.refused(1_000_000_000d / interval(), sentAt, now);
        }
        respace();
        return changed;
    }

    /** An answer to a request sent at {@code sentAt}: the learned rate climbs while it is what holds the host. */
    private boolean climb(long sentAt, boolean onPace) {
        if (!limited() || learnedInterval() < Math.max(Math.max(baseInterval, crawlDelay), answerPace)) {
            return false;
        }
        boolean changed = learned.answered(sentAt, onPace);
        if (changed) {
            // The burst was 1 while the rate was learned: count the shorter interval from the same start.
            tat = Math.min(tat, lastStart + interval());
        }
        return changed;
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
     * True when forgetting this host changes nothing but its learned rate, which is kept elsewhere: its
     * bucket is full again and no pause is left (a host slowed down by its answers is remembered for a
     * while longer).
     */
    boolean rested(long now) {
        boolean slowed = answerPace > baseInterval;
        long quietSince = Math.max(tat, pausedUntil) + (slowed ? SLOW_MEMORY_NANOS : 0);
        return now >= quietSince;
    }

    private void respace() {
        // A longer interval must hold from the last start, not only from the next refill.
        tat = Math.max(tat, lastStart + interval());
    }
}
