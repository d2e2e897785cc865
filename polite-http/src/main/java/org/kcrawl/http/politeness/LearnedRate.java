package org.kcrawl.http.politeness;

/**
 * The request rate a server's refusals (429, or 503 with a Retry-After) have taught the crawler for one
 * host, or for one address whose hosts share a limit: it falls at once when a request is refused and
 * climbs back a step per answered request, never above the configured rate. The aim is to settle just
 * under the server's limit rather than to oscillate across it, so the cut depends on what is known:
 *
 * <ul>
 *   <li>A refusal with no refused rate known nearby (the first one, or one well below the last refused
 *       rate: the limit fell) halves the rate, since the limit may be far below.</li>
 *   <li>A refusal at or near the last refused rate ({@link #NEAR} of it or more) cuts by 4 % only: the
 *       limit is known to lie just there.</li>
 *   <li>Answers bring the rate back quickly towards {@link #RETURN_TO} of the last refused rate (a fixed
 *       share of the way per answer), then slowly past it, by {@link #PROBE_STEP} of that rate per answer,
 *       so about one request in {@code (1 - NEAR_CUT) / PROBE_STEP} is refused while the crawl probes the
 *       limit, and it keeps between 96 % and 100 % of it.</li>
 *   <li>A refusal of a request sent before the last cut says nothing new (it went out at the old rate)
 *       and changes nothing; so do answers to those requests.</li>
 *   <li>Never below {@link #MIN_RATE} (one request a minute) nor above the configured rate.</li>
 * </ul>
 *
 * <p>Times are nanoseconds on the scheduler's clock. Not thread-safe: guarded by the
 * {@link HostScheduler}'s lock.
 */
final class LearnedRate {
    /** The slowest rate learned: one request a minute (or the configured rate, when that is slower). */
    static final double MIN_RATE = 1.0 / 60;
    /** What a refusal far from any refused rate known leaves of the rate. */
    static final double FIRST_CUT = 0.5;
    /** What a refusal near the last refused rate leaves of the rate. */
    static final double NEAR_CUT = 0.96;
    /** A refusal at this share of the last refused rate or more is near it. */
    static final double NEAR = 0.8;
    /** The share of the last refused rate that answers bring the rate back to quickly. */
    static final double RETURN_TO = 0.9;
    /** Share of the way back to {@code RETURN_TO} times the last refused rate that each answer covers. */
    static final double RETURN_SHARE = 0.3;
    /** The climb per answer past that point, as a share of the larger of the rate and the last refused rate. */
    static final double PROBE_STEP = 0.0008;

    private final double maxRate;
    private double rate;
    /** The rate of the last cut's refusal; 0 before any. */
    private double refusedAt;
    private long cutAt;
    private boolean cut;

    /** A rate not lowered yet, at most {@code maxRate} requests per second. */
    LearnedRate(double maxRate) {
        this(maxRate, maxRate, 0);
    }

    /**
     * A rate learned before (by this worker or the partition's previous owner): {@code rate} after a refusal
     * at {@code refusedAt}, both brought within bounds ({@code refusedAt} 0 when not known).
     */
    LearnedRate(double maxRate, double rate, double refusedAt) {
        if (!(maxRate > 0) || Double.isInfinite(maxRate)) {
            throw new IllegalArgumentException("maxRate must be a positive number but was " + maxRate);
        }
        this.maxRate = maxRate;
        this.rate = bounded(rate, maxRate);
        this.refusedAt = refusedAt > 0 && Double.isFinite(refusedAt) ? refusedAt : 0;
    }

    /** This rate and what it knows, under another ceiling ({@code maxRate}). */
    LearnedRate withMaxRate(double newMaxRate) {
        LearnedRate r = new LearnedRate(newMaxRate, rate, refusedAt);
        r.cutAt = cutAt;
        r.cut = cut;
        return r;
    }

    /** The rate to keep to now, in requests per second. */
    double rate() {
        return rate;
    }

    /** The rate whose refusal caused the last cut; 0 before any. */
    double refusedAt() {
        return refusedAt;
    }

    /** The configured rate, which the learned one never exceeds. */
    double maxRate() {
        return maxRate;
    }

    /** True while the rate is below the configured one. */
    boolean limited() {
        return rate < maxRate;
    }

    /**
     * The rate to plan the next seconds with: the rate now, or when it is on its way back to just under the
     * last refused rate, that rate, which it reaches within a few answers. What is parked for later is
     * spread at this pace, so it does not come back slower than the host will take it.
     */
    double plannedRate() {
        return Math.min(maxRate, Math.max(rate, RETURN_TO * refusedAt));
    }

    /** The interval between request starts the rate asks for. */
    long intervalNanos() {
        return Math.max(1L, Math.round(1_000_000_000d / rate));
    }

    /**
     * A request sent at {@code sentAt} was refused at {@code now}, while the host (or address) was kept to
     * {@code effectiveRate} (the learned rate, or lower when something else held it slower). Returns true
     * when the rate changed.
     */
    boolean refused(double effectiveRate, long sentAt, long now) {
        if (stale(sentAt)) {
            return false;
        }
        double at = Math.min(rate, effectiveRate > 0 ? effectiveRate : rate);
        boolean near = refusedAt > 0 && at >= NEAR * refusedAt;
        refusedAt = at;
        rate = bounded(at * (near ? NEAR_CUT : FIRST_CUT), maxRate);
        cutAt = now;
        cut = true;
        return true;
    }

    /**
     * A request sent at {@code sentAt} was answered (not refused). It counts towards the climb only when
     * {@code onPace} (it went out about when the learned rate allowed, so the answer says the rate is
     * fine) and when it was sent after the last cut. Returns true when the rate changed.
     */
    boolean answered(long sentAt, boolean onPace) {
        if (!limited() || !onPace || stale(sentAt)) {
            return false;
        }
        double step = PROBE_STEP * Math.max(rate, refusedAt);
        double target = RETURN_TO * refusedAt;
        if (rate < target) {
            step = Math.max(step, (target - rate) * RETURN_SHARE);
        }
        rate = Math.min(maxRate, rate + step);
        return true;
    }

    private boolean stale(long sentAt) {
        return cut && sentAt - cutAt < 0;
    }

    private static double bounded(double rate, double maxRate) {
        return rate > 0 ? Math.min(maxRate, Math.max(MIN_RATE, rate)) : maxRate;
    }
}
