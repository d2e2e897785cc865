package org.kcrawl.http.pipeline;

import java.time.Duration;
import java.time.Instant;
import java.util.function.DoubleSupplier;

/**
 * When a transiently failed URL is tried again: exponential back-off with full jitter (a uniform
 * delay between zero and {@code min(maxDelay, baseDelay * 2^(attempt-1))}), never sooner than a
 * Retry-After (itself capped at {@code maxRetryAfter}, like the host's pause), and not after
 * {@code maxAttempts} attempts. A URL its server refuses (429, or 503 with a Retry-After) counts no
 * attempt: it is tried again until it has been refused for {@code refusedGiveUp}.
 */
public final class RetryPolicy {
    /** How long a URL may be refused before it fails, unless set: ten minutes. */
    public static final Duration DEFAULT_REFUSED_GIVE_UP = Duration.ofMinutes(10);

    private final int maxAttempts;
    private final Duration baseDelay;
    private final Duration maxDelay;
    private final Duration maxRetryAfter;
    private final Duration refusedGiveUp;
    private final DoubleSupplier random;

    /** A policy honouring Retry-After up to an hour. */
    public RetryPolicy(int maxAttempts, Duration baseDelay, Duration maxDelay, DoubleSupplier random) {
        this(maxAttempts, baseDelay, maxDelay, Duration.ofHours(1), random);
    }

    /** A policy giving refused URLs up after {@link #DEFAULT_REFUSED_GIVE_UP}. */
    public RetryPolicy(int maxAttempts, Duration baseDelay, Duration maxDelay, Duration maxRetryAfter,
                       DoubleSupplier random) {
        this(maxAttempts, baseDelay, maxDelay, maxRetryAfter, DEFAULT_REFUSED_GIVE_UP, random);
    }

    /** {@code random} yields uniform values in [0, 1); tests pass a fixed one. */
    public RetryPolicy(int maxAttempts, Duration baseDelay, Duration maxDelay, Duration maxRetryAfter,
                       Duration refusedGiveUp, DoubleSupplier random) {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be >= 1 but was " + maxAttempts);
        }
        if (baseDelay == null || baseDelay.isNegative() || baseDelay.isZero()) {
            throw new IllegalArgumentException("baseDelay must be positive but was " + baseDelay);
        }
        if (maxDelay == null || maxDelay.compareTo(baseDelay) < 0) {
            throw new IllegalArgumentException("maxDelay must be >= baseDelay but was " + maxDelay);
        }
        if (maxRetryAfter == null || maxRetryAfter.isNegative()) {
            throw new IllegalArgumentException("maxRetryAfter must be >= 0 but was " + maxRetryAfter);
        }
        if (refusedGiveUp == null || refusedGiveUp.isNegative() || refusedGiveUp.isZero()) {
            throw new IllegalArgumentException("refusedGiveUp must be positive but was " + refusedGiveUp);
        }
        if (random == null) {
            throw new IllegalArgumentException("random must not be null");
        }
        this.maxAttempts = maxAttempts;
        this.baseDelay = baseDelay;
        this.maxDelay = maxDelay;
        this.maxRetryAfter = maxRetryAfter;
        this.refusedGiveUp = refusedGiveUp;
        this.random = random;
    }

    /** Attempts per URL, the first included. */
    public int maxAttempts() {
        return maxAttempts;
    }

    /**
     * The time of the next attempt after attempt {@code attempt} failed at {@code now}, no sooner
     * than {@code atLeast} (a Retry-After, may be null; capped at {@code maxRetryAfter}); null when
     * the attempts are used up.
     */
    public Instant nextAttemptAt(int attempt, Duration atLeast, Instant now) {
        if (attempt >= maxAttempts) {
            return null;
        }
        Duration wait = backoff(attempt);
        Duration honoured = honoured(atLeast);
        return now.plus(honoured.compareTo(wait) > 0 ? honoured : wait);
    }

    /** How long a URL may be refused by its server, from its first refusal in a row, before it fails. */
    public Duration refusedGiveUp() {
        return refusedGiveUp;
    }

    /** True when a URL refused since {@code since} has been refused too long to be tried again at {@code now}. */
    public boolean refusedTooLong(Instant since, Instant now) {
        return Duration.between(since, now).compareTo(refusedGiveUp) >= 0;
    }

    /** {@code retryAfter} (may be null: zero) cut to {@code maxRetryAfter}. */
    public Duration honoured(Duration retryAfter) {
        if (retryAfter == null || retryAfter.isNegative()) {
            return Duration.ZERO;
        }
        return retryAfter.compareTo(maxRetryAfter) > 0 ? maxRetryAfter : retryAfter;
    }

    /** The jittered back-off after attempt {@code attempt} (1-based). */
    public Duration backoff(int attempt) {
        int doublings = Math.min(Math.max(attempt - 1, 0), 30);
        long ceiling = Math.min(maxDelay.toNanos(), saturatingShift(baseDelay.toNanos(), doublings));
        double r = Math.min(Math.max(random.getAsDouble(), 0.0), 1.0);
        return Duration.ofNanos((long) (ceiling * r));
    }

    private static long saturatingShift(long value, int bits) {
        return value > (Long.MAX_VALUE >> bits) ? Long.MAX_VALUE : value << bits;
    }
}
