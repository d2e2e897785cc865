package org.kcrawl.http.robots;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.metrics.LogContext;
import org.kcrawl.http.client.FetchException;
import org.kcrawl.http.client.FetchRejectedException;
import org.kcrawl.http.client.HttpResult;
import org.kcrawl.http.politeness.AbstractHostTask;
import org.kcrawl.http.politeness.Permit;
import org.kcrawl.http.politeness.ResponseFeedback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One robots.txt request (or redirect hop of it), run as a politeness-scheduled task of the host. A
 * refusal (429, or 503 with a Retry-After) asks again in the host's next slot, which its lowered rate and
 * its pause put off, a few times in a row and for a short pause only: past that the file is unreachable
 * for now, as {@code rate_limited}, and the URLs waiting for it are refused with it.
 */
final class RobotsFetch extends AbstractHostTask {
    private static final Logger log = LoggerFactory.getLogger(RobotsFetch.class);
    /** Refusals in a row asked again at once; the next one makes the file unreachable for now. */
    static final int REFUSALS_ASKED_AGAIN = 4;
    /** The longest Retry-After waited for in the host's line; a longer one makes the file unreachable for now. */
    static final Duration LONGEST_WAIT_IN_LINE = Duration.ofSeconds(10);

    private final String url;
    private final int hop;
    private final int refusals;
    private final CompletableFuture<HostRobots> result;
    private final RobotsRules owner;

    RobotsFetch(String url, String host, Claim claim, int hop, CompletableFuture<HostRobots> result,
                RobotsRules owner) {
        this(url, host, claim, hop, 0, result, owner);
    }

    private RobotsFetch(String url, String host, Claim claim, int hop, int refusals,
                        CompletableFuture<HostRobots> result, RobotsRules owner) {
        super(host, claim);
        this.url = url;
        this.hop = hop;
        this.refusals = refusals;
        this.result = result;
        this.owner = owner;
    }

    @Override
    public void start(Permit permit) {
        CompletableFuture<HttpResult> response;
        try {
            response = owner.fetcher().fetch(url, permit);
        } catch (RuntimeException e) {
            response = CompletableFuture.failedFuture(e);
        }
        response.whenComplete((r, error) -> {
            if (hop == 0) {
                ResponseFeedback.release(permit, r, error, owner.time().now());
            } else {
                // A redirect hop may have gone to another host: its address says nothing about ours.
                ResponseFeedback.releaseOnly(permit, r, error, owner.time().now());
            }
            try {
                if (r != null) {
                    onResponse(r);
                } else {
                    onFailure(unwrap(error));
                }
            } catch (RuntimeException e) {
                result.completeExceptionally(e);
            }
        });
    }

    @Override
    public void cancel(String why) {
        result.completeExceptionally(new CancellationException("robots.txt fetch of " + host() + " cancelled: " + why));
    }

    private void onResponse(HttpResult r) {
        int status = r.status();
        if (ResponseFeedback.refuses(r)) {
            refused(r);
        } else if (status >= 200 && status < 300) {
            result.complete(owner.parser().parse(url, r.body(), r.contentType()));
        } else if (status >= 300 && status < 400) {
            redirect(r.header("location"));
        } else if (status == 429 || status >= 500) {
            // A 429 refuses above; a 5xx is "not now", not "no file": disallow all until it is fetched again.
            result.complete(answered(status));
        } else if (status >= 400) {
            result.complete(HostRobots.allowAll());
        } else {
            result.complete(answered(status));
        }
    }

    /** The server refused the file for now: ask again in the host's next slot, or call it unreachable. */
    private void refused(HttpResult r) {
        Duration wait = ResponseFeedback.retryAfter(r, owner.time().now());
        if (refusals < REFUSALS_ASKED_AGAIN && (wait == null || wait.compareTo(LONGEST_WAIT_IN_LINE) <= 0)) {
            owner.scheduler().submit(new RobotsFetch(url, host(), claim(), hop, refusals + 1, result, owner), null);
            return;
        }
        result.complete(HostRobots.unreachable(FailureReason.RATE_LIMITED, "HTTP " + r.status(),
                url + " refused " + (refusals + 1) + " times in a row (HTTP " + r.status()
                        + (wait == null ? "" : ", Retry-After " + wait.toSeconds() + " s") + ")"));
    }

    private void redirect(String location) {
        if (location == null || hop >= owner.settings().maxRedirects()) {
            // RFC 9309 2.3.1.2: past the redirect limit the file may be taken as unavailable.
            result.complete(HostRobots.allowAll());
            return;
        }
        String target;
        try {
            target = URI.create(url).resolve(location.trim()).toString();
            RobotsRules.origin(target);
        } catch (IllegalArgumentException e) {
            result.complete(HostRobots.allowAll());
            return;
        }
        // Every hop is charged to the host that asked, whatever host it points to.
        owner.scheduler().submit(next(target, hop + 1), null);
    }

    @SuppressWarnings("try") // the MDC entries are the resource; the body never names it
    private void onFailure(Throwable error) {
        if (error instanceof FetchRejectedException rejected) {
            if (rejected.kind() == FetchRejectedException.Kind.CLOSED) {
                cancel("HTTP client closed");
            } else {
                // The client's caps and the scheduler's disagreed; ask again in the host's next slot.
                owner.scheduler().submit(next(url, hop), null);
            }
            return;
        }
        if (error instanceof FetchException fe && !fe.reason().isTransient() && leavesItToThePage(fe.reason())) {
            // The page fetch will fail the same way and report the precise reason itself.
            result.complete(HostRobots.allowAll());
            return;
        }
        if (!(error instanceof FetchException fe)) {
            try (LogContext c = logContext()) {
                log.warn("robots.txt fetch of {} failed unexpectedly", url, error);
            }
            result.complete(HostRobots.unreachable(FailureReason.ROBOTS_UNAVAILABLE, "unexpected error",
                    url + ": " + error));
            return;
        }
        // The network's own reason travels on: a host that refuses connections is reported as such.
        FailureReason cause = fe.reason() == null ? FailureReason.ROBOTS_UNAVAILABLE : fe.reason();
        Throwable root = fe.getCause();
        String detail = url + ": " + fe.getMessage()
                + (root == null || root.getMessage() == null ? "" : " (" + root.getMessage() + ")");
        result.complete(HostRobots.unreachable(cause, cause.wireName(), detail));
    }

    /** A robots.txt answered with a status that says "not now" (5xx) or nothing RFC 9309 knows. */
    private HostRobots answered(int status) {
        return HostRobots.unreachable(FailureReason.ROBOTS_UNAVAILABLE, "HTTP " + status,
                url + " answered " + status);
    }

    /** The fetch of {@code target} as hop {@code nextHop}, charged to this fetch's host and completing its result. */
    private RobotsFetch next(String target, int nextHop) {
        return new RobotsFetch(target, host(), claim(), nextHop, result, owner);
    }

    private static boolean leavesItToThePage(FailureReason reason) {
        return reason == FailureReason.BLOCKED_ADDRESS || reason == FailureReason.INVALID_URL
                || reason == FailureReason.TLS;
    }

    private static Throwable unwrap(Throwable t) {
        return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    }
}
