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

    /** True for the statuses that mean "slow down": 429 and 503, which lower the host's learned rate. */
    public static boolean slowsDown(int status) {
        return status == 429 || status == 503;
    }

    /**
     * True when {@code result} refuses its request for now rather than failing it: a 429, or a 503 with a
     * Retry-After (what a server says when it is limiting or briefly away). Such a request is tried again
     * when the host's pace allows, without counting an attempt; a 503 without a Retry-After is a server
     * error like the other 5xx.
     */
    public static boolean refuses(HttpResult result) {
        return result.status() == 429 || (result.status() == 503 && retryAfterHeader(result) != null);
    }

    /** The wait {@code result}'s Retry-After asks for (at most an hour), or null when it has none. */
    public static Duration retryAfter(HttpResult result, Instant now) {
        return RetryAfter.parse(retryAfterHeader(result), now);
    }

    private static String retryAfterHeader(HttpResult result) {
        String v = result.header("retry-after");
        return v == null || v.isBlank() ? null : v;
    }

    /**
     * Releases {@code permit}: refused for 429/503 (with the Retry-After, if any), a server error
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
        } else if (slowsDown(result.status())) {
            permit.refused(retryAfter(result, now));
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
