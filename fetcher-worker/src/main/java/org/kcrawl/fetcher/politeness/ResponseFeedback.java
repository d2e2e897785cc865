package org.kcrawl.fetcher.politeness;

import java.time.Duration;
import java.time.Instant;
import org.kcrawl.fetcher.http.HttpResult;

/** Tells a host's {@link Permit} what a fetch outcome says about the host's load. */
public final class ResponseFeedback {
    private ResponseFeedback() {}

    /** True for the statuses that mean "slow down": 429 and 503. */
    public static boolean isThrottle(int status) {
        return status == 429 || status == 503;
    }

    /**
     * Releases {@code permit}: throttled for 429/503 (with the Retry-After, if any), answered for
     * any other response, unanswered when there was no response. The address the answer came from
     * is passed on, so the scheduler learns where the host really is.
     */
    public static void release(Permit permit, HttpResult result, Instant now) {
        if (result != null && result.remoteAddress() != null) {
            permit.dialed(result.remoteAddress());
        }
        releaseOnly(permit, result, now);
    }

    /**
     * Like {@link #release} without learning the address: for requests charged to a host that went
     * elsewhere (a robots.txt redirect to another host).
     */
    public static void releaseOnly(Permit permit, HttpResult result, Instant now) {
        if (result == null) {
            permit.unanswered();
        } else if (isThrottle(result.status())) {
            Duration retryAfter = RetryAfter.parse(result.header("retry-after"), now);
            permit.throttled(retryAfter);
        } else {
            permit.answered();
        }
    }
}
