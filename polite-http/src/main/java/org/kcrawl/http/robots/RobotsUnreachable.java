package org.kcrawl.http.robots;

import java.time.Duration;
import java.time.Instant;
import org.kcrawl.common.message.FailureReason;

/**
 * A host whose robots.txt cannot be fetched now, and what that means for its URLs: why, since when,
 * how many fetches of the file in a row have failed, when it is fetched again, and whether its URLs
 * stop waiting for it ({@link RobotsSettings#unreachableGiveUp()}). What a URL's verdict carries, and
 * what a progress line reports about a host its crawl waits for.
 *
 * @param cause how the last fetch failed: the network reason ({@code dns}, {@code connect},
 *              {@code timeout}, ...) or {@code robots_unavailable} when the server answered 5xx or 429;
 *              a URL that gives up on the file fails with it
 * @param brief a few words for a progress line: the reason's name, or the status ({@code HTTP 503})
 * @param detail the whole story, for a failure record
 * @param since when the first of the failed fetches in a row ended
 * @param failures fetches of the file that failed in a row, the last included
 * @param retryAt when the file is fetched again (URLs waiting for it retry then)
 * @param givenUp true when that is later than the give-up time allows: the URLs fail instead of waiting
 */
public record RobotsUnreachable(FailureReason cause, String brief, String detail, Instant since, int failures,
                                Instant retryAt, boolean givenUp) {
    public RobotsUnreachable {
        if (cause == null || brief == null || detail == null || since == null || retryAt == null) {
            throw new IllegalArgumentException("cause, brief, detail, since and retryAt are required");
        }
        if (failures < 1) {
            throw new IllegalArgumentException("failures must be >= 1 but was " + failures);
        }
    }

    /**
     * The state after a failed fetch of the file that ended at {@code now}, following {@code previous} (the
     * state of the failures before it in a row, or null): fetched again after {@code retry}, given up on
     * once that would be more than {@code giveUp} after the first failure (never when zero).
     */
    static RobotsUnreachable after(RobotsUnreachable previous, HostRobots failed, Instant now, Duration retry,
                                   Duration giveUp) {
        Instant since = previous == null ? now : previous.since;
        int failures = previous == null ? 1 : previous.failures + 1;
        Instant retryAt = now.plus(retry);
        boolean givenUp = !giveUp.isZero() && retryAt.isAfter(since.plus(giveUp));
        return new RobotsUnreachable(failed.cause(), failed.brief(), failed.detail(), since, failures, retryAt,
                givenUp);
    }
}
