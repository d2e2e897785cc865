package org.kcrawl.http.pipeline;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletionException;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.message.FailureRecord;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.SchemaVersions;
import org.kcrawl.common.redirect.Redirect;
import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.common.redirect.Refresh;
import org.kcrawl.http.client.FetchException;
import org.kcrawl.http.client.HttpResult;
import org.kcrawl.http.politeness.ResponseFeedback;
import org.kcrawl.http.robots.RobotsUnreachable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns one fetch attempt into a {@link PublishPlan}. Free of I/O (a debug log line aside), time passed in.
 *
 * <ul>
 *   <li>3xx with a Location: a redirect page, and the target as a new URL when in scope; a loop
 *       or too many hops is a {@code REDIRECT_LIMIT} failure, an unusable Location an
 *       {@code INVALID_URL} failure. A seed's redirect is always followed and may move the crawl's
 *       scope ({@link RedirectRules#follow}, the rule the parser applies to meta refreshes too).</li>
 *   <li>4xx other than 408 and 429: an {@code HTTP_4XX} failure.</li>
 *   <li>429, and 503 with a Retry-After: the server refuses the URL for now ({@link ResponseFeedback#refuses}).
 *       It is tried again when its host's pace allows (its Retry-After, and the rate its refusals
 *       taught it: the scheduler holds it to that), without counting an attempt, until it has been
 *       refused for the policy's {@link RetryPolicy#refusedGiveUp()} since its first refusal in a row; then a {@code RATE_LIMITED}
 *       failure.</li>
 *   <li>408, other 5xx and transient fetch errors: a retry while attempts remain, else a failure.</li>
 *   <li>Permanent fetch errors: a failure at once.</li>
 *   <li>Anything else (2xx, 1xx, odd codes, 3xx without Location): a page; but one whose
 *       {@code Refresh} header sends the reader elsewhere within {@code max_refresh_delay} is planned
 *       exactly as a 3xx to that URL ({@link RedirectRules#isRedirect}): browsers go there, and so
 *       does the crawl, with the page's body unparsed and its links unfollowed like a 3xx's. A
 *       {@code Refresh} that is no redirect (slow, to the page itself, or to an unusable URL) leaves
 *       the page a page.</li>
 * </ul>
 *
 * <p>Why here and not in the parser: the fetcher has the headers, and planning the header as a 3xx
 * reuses the redirect path whole (outputs, seed moves, the hop count), so the parser meets such a page
 * as any redirect page. A {@code <meta http-equiv="refresh">} is in the markup, which only the parser
 * reads: it follows that one by the same {@link RedirectRules}.
 */
public final class ResponsePlanner {
    private static final Logger log = LoggerFactory.getLogger(ResponsePlanner.class);

    private final RetryPolicy retry;
    private final RedirectRules redirects;

    /** A planner retrying by {@code retry} and following redirects by {@code redirects}. */
    public ResponsePlanner(RetryPolicy retry, RedirectRules redirects) {
        this.retry = retry;
        this.redirects = redirects;
    }

    /** The plan for the response {@code result} to {@code request}, received at {@code now}. */
    public PublishPlan forResponse(CrawlRequest request, HttpResult result, Instant now) {
        int status = result.status();
        String location = result.header("location");
        if (status >= 300 && status < 400 && location != null) {
            return redirect(request, result, location, now);
        }
        if (ResponseFeedback.refuses(result)) {
            return refused(request, "HTTP " + status, status, ResponseFeedback.retryAfter(result, now), now);
        }
        if (status == 408 || (status >= 500 && status < 600)) {
            FailureReason reason = status == 408 ? FailureReason.HTTP_4XX : FailureReason.HTTP_5XX;
            return retryOrFail(request, reason, "HTTP " + status, status, null, now);
        }
        if (status >= 400 && status < 500) {
            return fail(request, FailureReason.HTTP_4XX, "HTTP " + status, status, now);
        }
        return pageOrRefresh(request, result, now);
    }

    /**
     * The plan for a fetch of {@code request} that got no response: a retry or failure by the
     * {@link FetchException}'s reason, an {@code internal} failure for anything else.
     */
    public PublishPlan forError(CrawlRequest request, Throwable error, Instant now) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (cause instanceof FetchException fe) {
            FailureReason reason = fe.reason() == null ? FailureReason.INTERNAL : fe.reason();
            String detail = fe.getMessage() == null ? reason.wireName() : fe.getMessage();
            return reason.isTransient()
                    ? retryOrFail(request, reason, detail, fe.status(), null, now)
                    : fail(request, reason, detail, fe.status(), now);
        }
        return fail(request, FailureReason.INTERNAL, String.valueOf(cause), null, now);
    }

    /**
     * A URL whose robots.txt cannot be fetched now: retried when the file is fetched again, while its
     * attempts last and the host has not been given up on; else a failure with the reason the file's
     * fetch failed ({@code connect}, {@code dns}, ...; {@code robots_unavailable} for a 5xx answer). A file
     * its server refused ({@code rate_limited}) refuses the URL with it: tried again then without counting
     * an attempt, as a page refused would be.
     */
    public PublishPlan forRobotsUnavailable(CrawlRequest request, RobotsUnreachable robots, Instant now) {
        String detail = "robots.txt unreachable: " + robots.detail();
        Instant retryAt = robots.retryAt();
        Duration until = retryAt.isBefore(now) ? Duration.ZERO : Duration.between(now, retryAt);
        if (robots.cause() == FailureReason.RATE_LIMITED) {
            return refused(request, detail, null, until, now); // the URL's own deadline, not the file's give-up
        }
        if (robots.givenUp()) {
            return fail(request, robots.cause(), detail + " (" + robots.failures() + " fetches failed since "
                    + robots.since() + "; given up)", null, now);
        }
        return retryOrFail(request, robots.cause(), detail, null, until, now);
    }

    /**
     * A URL its server refused at {@code now} ({@code retryAfter}: its Retry-After, may be null): the same
     * attempt again, after the Retry-After if any (the host's learned rate holds it otherwise), unless it has
     * been refused for {@link RetryPolicy#refusedGiveUp()} already.
     */
    private PublishPlan refused(CrawlRequest request, String detail, Integer status, Duration retryAfter, Instant now) {
        Instant since = request.refusedSince() == null ? now : request.refusedSince();
        if (retry.refusedTooLong(since, now)) {
            return fail(request, FailureReason.RATE_LIMITED, detail + " (refused since " + since + ", given up after "
                    + retry.refusedGiveUp().toSeconds() + " s)", status, now);
        }
        Duration wait = retry.honoured(retryAfter);
        return new PublishPlan.Refused(request.refused(now, wait.isZero() ? null : now.plus(wait)));
    }

    private PublishPlan redirect(CrawlRequest request, HttpResult result, String location, Instant now) {
        String target;
        try {
            target = redirects.resolve(request.url(), location);
        } catch (IllegalArgumentException e) {
            return fail(request, FailureReason.INVALID_URL, e.getMessage(), result.status(), now);
        }
        return follow(request, result, target, now);
    }

    /** A page, unless its {@code Refresh} header is a redirect: then the redirect it amounts to. */
    private PublishPlan pageOrRefresh(CrawlRequest request, HttpResult result, Instant now) {
        Refresh refresh = Refresh.parse(result.header("refresh"));
        if (refresh != null && refresh.url() != null) {
            try {
                refresh = refresh.withUrl(redirects.resolve(request.url(), refresh.url()));
            } catch (IllegalArgumentException e) {
                // A browser ignores a refresh to a URL it cannot parse; the page is still a good page.
                log.debug("ignoring the Refresh header of {}: {}", request.url(), e.getMessage());
                refresh = null;
            }
        }
        if (redirects.isRedirect(refresh, request.url())) {
            return follow(request, result, refresh.url(), now);
        }
        return new PublishPlan.Page(page(request, result, now, null));
    }

    private PublishPlan follow(CrawlRequest request, HttpResult result, String target, Instant now) {
        Redirect redirect = redirects.follow(request, target, now);
        if (redirect instanceof Redirect.Limit limit) {
            return fail(request, FailureReason.REDIRECT_LIMIT, limit.detail(), result.status(), now);
        }
        Redirect.Follow follow = (Redirect.Follow) redirect;
        return new PublishPlan.Redirect(page(request, result, now, target), follow.next(), follow.moved());
    }

    private PublishPlan retryOrFail(CrawlRequest request, FailureReason reason, String detail, Integer status,
                             Duration retryAfter, Instant now) {
        Instant at = retry.nextAttemptAt(request.attempt(), retryAfter, now);
        if (at == null) {
            return fail(request, reason, detail + " (attempt " + request.attempt() + " of " + retry.maxAttempts() + ")",
                    status, now);
        }
        return new PublishPlan.Retry(request.retry(at), reason);
    }

    private static PublishPlan fail(CrawlRequest request, FailureReason reason, String detail, Integer status, Instant now) {
        return new PublishPlan.Fail(FailureRecord.of(request, reason, detail, status, now));
    }

    /**
     * The page of {@code result}. A 304 to a recrawl's conditional request is not modified: it stands for
     * the content the revisited fetch saw ({@code revisit_of}), and its record says so.
     */
    private static FetchedPage page(CrawlRequest request, HttpResult result, Instant now, String redirectTo) {
        boolean notModified = result.status() == 304 && request.revisit() != null && request.revisit().conditional();
        return new FetchedPage(SchemaVersions.PAGE, request.url(), request.url(), result.status(), result.headers(),
                result.contentType(), result.body(), now, Math.max(0, result.durationMs()), request.depth(),
                result.truncated(), redirectTo, request.hops(), request.seed(), false, notModified,
                notModified ? request.revisit().fetchedAt() : null, result.capture());
    }
}
