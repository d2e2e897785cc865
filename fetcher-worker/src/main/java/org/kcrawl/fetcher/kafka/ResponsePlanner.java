package org.kcrawl.fetcher.kafka;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletionException;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.message.FailureRecord;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.SchemaVersions;
import org.kcrawl.common.message.ScopeSite;
import org.kcrawl.common.scope.SiteKey;
import org.kcrawl.fetcher.http.FetchException;
import org.kcrawl.fetcher.http.HttpResult;
import org.kcrawl.fetcher.politeness.ResponseFeedback;
import org.kcrawl.fetcher.politeness.RetryAfter;
import org.kcrawl.fetcher.robots.RobotsUnreachable;

/**
 * Turns one fetch attempt into a {@link Plan}. Pure: no I/O, time passed in.
 *
 * <ul>
 *   <li>3xx with a Location: a redirect page, and the target as a new URL when in scope; a loop
 *       or too many hops is a {@code REDIRECT_LIMIT} failure, an unusable Location an
 *       {@code INVALID_URL} failure. A seed's redirect (hops counted from the seed) is always
 *       followed, and when its target is not in scope from every page yet, the seed moved: the
 *       target's site joins the crawl's scope, as Heritrix's {@code seedsRedirectNewSeeds} has it
 *       (most sites redirect their bare name: {@code example.org} to {@code www.example.org}).</li>
 *   <li>4xx other than 408 and 429: an {@code HTTP_4XX} failure.</li>
 *   <li>408, 429, 5xx and transient fetch errors: a retry while attempts remain, else a failure.</li>
 *   <li>Permanent fetch errors: a failure at once.</li>
 *   <li>Anything else (2xx, 1xx, odd codes, 3xx without Location): a page.</li>
 * </ul>
 */
final class ResponsePlanner {
    private final RetryPolicy retry;
    private final RedirectRules redirects;

    ResponsePlanner(RetryPolicy retry, RedirectRules redirects) {
        this.retry = retry;
        this.redirects = redirects;
    }

    Plan forResponse(CrawlRequest request, HttpResult result, Instant now) {
        int status = result.status();
        String location = result.header("location");
        if (status >= 300 && status < 400 && location != null) {
            return redirect(request, result, location, now);
        }
        if (status == 408 || status == 429 || (status >= 500 && status < 600)) {
            FailureReason reason = status == 408 ? FailureReason.HTTP_4XX : FailureReason.HTTP_5XX;
            Duration retryAfter = ResponseFeedback.isThrottle(status)
                    ? RetryAfter.parse(result.header("retry-after"), now) : null;
            return retryOrFail(request, reason, "HTTP " + status, status, retryAfter, now);
        }
        if (status >= 400 && status < 500) {
            return fail(request, FailureReason.HTTP_4XX, "HTTP " + status, status, now);
        }
        return new Plan.Page(page(request, result, now, null));
    }

    Plan forError(CrawlRequest request, Throwable error, Instant now) {
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
     * fetch failed ({@code connect}, {@code dns}, ...; {@code robots_unavailable} for a 5xx or 429 answer).
     */
    Plan forRobotsUnavailable(CrawlRequest request, RobotsUnreachable robots, Instant now) {
        String detail = "robots.txt unreachable: " + robots.detail();
        if (robots.givenUp()) {
            return fail(request, robots.cause(), detail + " (" + robots.failures() + " fetches failed since "
                    + robots.since() + "; given up)", null, now);
        }
        Instant retryAt = robots.retryAt();
        Duration until = retryAt.isBefore(now) ? Duration.ZERO : Duration.between(now, retryAt);
        return retryOrFail(request, robots.cause(), detail, null, until, now);
    }

    private Plan redirect(CrawlRequest request, HttpResult result, String location, Instant now) {
        int status = result.status();
        String target;
        try {
            target = redirects.resolve(request.url(), location);
        } catch (IllegalArgumentException e) {
            return fail(request, FailureReason.INVALID_URL, e.getMessage(), status, now);
        }
        if (target.equals(request.url())) {
            return fail(request, FailureReason.REDIRECT_LIMIT, "redirect loop: " + request.url() + " points to itself",
                    status, now);
        }
        if (request.hops() >= redirects.maxHops()) {
            return fail(request, FailureReason.REDIRECT_LIMIT, "more than " + redirects.maxHops()
                    + " redirects; the last one pointed to " + target, status, now);
        }
        RedirectScope scope = redirects.scope();
        ScopeSite moved = null;
        if (request.seed() && !scope.coversEverywhere(target)) {
            moved = ScopeSite.seedRedirect(SiteKey.of(target), target, request.url(), now);
        }
        CrawlRequest next = request.seed() || scope.allows(request.url(), target) ? request.redirectTo(target, now) : null;
        return new Plan.Redirect(page(request, result, now, target), next, moved);
    }

    private Plan retryOrFail(CrawlRequest request, FailureReason reason, String detail, Integer status,
                             Duration retryAfter, Instant now) {
        Instant at = retry.nextAttemptAt(request.attempt(), retryAfter, now);
        if (at == null) {
            return fail(request, reason, detail + " (attempt " + request.attempt() + " of " + retry.maxAttempts() + ")",
                    status, now);
        }
        return new Plan.Retry(request.retry(at), reason);
    }

    private static Plan fail(CrawlRequest request, FailureReason reason, String detail, Integer status, Instant now) {
        return new Plan.Fail(FailureRecord.of(request, reason, detail, status, now));
    }

    private static FetchedPage page(CrawlRequest request, HttpResult result, Instant now, String redirectTo) {
        return new FetchedPage(SchemaVersions.PAGE, request.url(), request.url(), result.status(), result.headers(),
                result.contentType(), result.body(), now, Math.max(0, result.durationMs()), request.depth(),
                result.truncated(), redirectTo);
    }
}
