package org.kcrawl.http.politeness;

/**
 * The rule of the latency-aware throttle ({@code adaptive: true}): how a host's answers move the
 * interval its response times ask for. Scrapy's AutoThrottle, per host and on the token bucket
 * ({@link HostPace}), with a target of one request in flight: the interval follows the time the host
 * takes to answer, so a host that slows down gets fewer requests, never more than the configured rate
 * allows (the bucket takes the longer of the two intervals).
 *
 * <ul>
 *   <li>A slower answer lengthens the interval at once, to that answer's time.</li>
 *   <li>A faster one shortens it by half the difference, so a host recovers over a few answers
 *       rather than being hit at full rate after one quick reply.</li>
 *   <li>A server error (5xx) or a timeout counts as a slow answer whatever its time: the interval at
 *       least doubles. 429 and 503 have their own slow-down (a Retry-After pause, a doubled interval),
 *       adaptive or not.</li>
 *   <li>Never beyond {@link #MAX_INTERVAL_NANOS}, AutoThrottle's default ceiling.</li>
 * </ul>
 *
 * <p>Pure arithmetic on nanoseconds; the caller keeps the state.
 */
final class AdaptiveThrottle {
    /** The longest interval the throttle asks for (one minute). */
    static final long MAX_INTERVAL_NANOS = 60_000_000_000L;

    private AdaptiveThrottle() {}

    /**
     * The interval after an answer that took {@code latencyNanos} from its request's real start, when
     * the answers so far asked for {@code current} (0 before the first).
     */
    static long afterAnswer(long current, long latencyNanos) {
        long target = Math.min(Math.max(0, latencyNanos), MAX_INTERVAL_NANOS);
        if (target >= current) {
            return target;
        }
        return current - (current - target) / 2;
    }

    /**
     * The interval after a slow answer (a 5xx, a timeout) that came {@code latencyNanos} after its
     * request's real start, when the host's requests were {@code intervalNanos} apart: the longer of that
     * time and twice the interval.
     */
    static long afterSlowAnswer(long intervalNanos, long latencyNanos) {
        long doubled = intervalNanos >= MAX_INTERVAL_NANOS / 2 ? MAX_INTERVAL_NANOS : 2 * intervalNanos;
        return Math.min(Math.max(doubled, latencyNanos), MAX_INTERVAL_NANOS);
    }
}
