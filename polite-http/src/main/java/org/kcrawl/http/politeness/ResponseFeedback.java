package org.kcrawl.http.politeness;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletionException;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.http.client.FetchException;
import org.kcrawl.http.client.HttpResult;

/** Tells a host's {@link Permit} what a fetch outcome says about the host's load. */
public final class ResponseFeedback {
    private ResponseFeedback() {}

    /** True for the statuses that mean "slow down": 429 and 503. */
    public static boolean isThrottle(int status) {
        return status == 429 || status == 503;
    }

    /**
     * Releases {@code permit}: throttled for 429/503 (with the Retry-After, if any), a server error
     * for the other 5xx, answered for any other response, timed out when {@code error} is a timeout,
     * unanswered for any other failure. The address the answer came from is passed on, so the
     * scheduler learns where the host really is.
     */
    public static void release(Permit permit, HttpResult result, Throwable error, Instant now) {
        if (result != null && result.remoteAddress() != null) {
            permit.dialed(result.remoteAddress());
        }
        releaseOnly(permit, result, error, now);
    }

    /**
     * Like {@link #release} without learning the address: for requests charged to a host that went
     * elsewhere (a robots.txt redirect to another host).
     */
    public static void releaseOnly(Permit permit, HttpResult result, Throwable error, Instant now) {
        if (result == null) {
            if (unwrap(error) instanceof FetchException fe && fe.reason() == FailureReason.TIMEOUT) {
                permit.timedOut();
            } else {
                permit.unanswered();
            }
        } else if (isThrottle(result.status())) {
            Duration retryAfter = RetryAfter.parse(result.header("retry-after"), now);
            permit.throttled(retryAfter);
        } else if (result.status() >= 500) {
            permit.serverError();
        } else {
            permit.answered();
        }
    }

    private static Throwable unwrap(Throwable t) {
        return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    }
}
