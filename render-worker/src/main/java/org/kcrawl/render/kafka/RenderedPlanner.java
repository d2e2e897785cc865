package org.kcrawl.render.kafka;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.kcrawl.common.message.Capture;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.message.FailureRecord;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.PageFit;
import org.kcrawl.common.message.SchemaVersions;
import org.kcrawl.common.redirect.Redirect;
import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.http.client.HttpResult;
import org.kcrawl.http.pipeline.PublishPlan;
import org.kcrawl.render.page.RenderResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a rendered page amounts to: the browser's DOM as the page, with the document's status and headers;
 * or, when a script sent the main frame elsewhere, a redirect there (a failure past the redirect limit),
 * judged by the crawl's redirect rules as a 3xx would be. Free of I/O, time passed in.
 */
final class RenderedPlanner {
    private static final Logger log = LoggerFactory.getLogger(RenderedPlanner.class);
    private static final String RENDERED_TYPE = "text/html; charset=utf-8";

    private final RedirectRules redirects;

    RenderedPlanner(RedirectRules redirects) {
        this.redirects = redirects;
    }

    /** The plan for {@code request}, whose {@code document} rendered as {@code r}, at {@code now}. */
    PublishPlan plan(CrawlRequest request, HttpResult document, RenderResult.Rendered r, Instant now) {
        Map<String, String> headers = new HashMap<>(document.headers());
        headers.remove("content-length");
        headers.put("content-type", RENDERED_TYPE);
        // With captured heads (archiving) the page keeps the document's exchange and the bytes the server
        // sent, so the archiver writes them as received and the DOM as a conversion of them.
        Capture capture = document.capture() == null ? null
                : document.capture().withSource(document.body(), document.truncated());
        FetchedPage page = new FetchedPage(SchemaVersions.PAGE, request.url(), request.url(), document.status(),
                headers, RENDERED_TYPE, r.html(), now, Math.max(0, document.durationMs()) + r.elapsedMs(),
                request.depth(), r.truncated(), null, request.hops(), request.seed(), true, false, null, capture);
        // The DOM and the source body together may pass the producer's request size though each is capped.
        page = PageFit.within(page, PageFit.MAX_PAGE_MESSAGE_BYTES);
        String target = navigation(request, r.navigatedTo());
        if (target == null) {
            return new PublishPlan.Page(page);
        }
        Redirect redirect = redirects.follow(request, target, now);
        return redirect instanceof Redirect.Follow f
                ? new PublishPlan.Redirect(withRedirect(page, target), f.next(), f.moved())
                : new PublishPlan.Fail(FailureRecord.of(request, FailureReason.REDIRECT_LIMIT,
                        ((Redirect.Limit) redirect).detail(), document.status(), now));
    }

    /** The normalized target of a script's navigation of the main frame, or null when there is none to follow. */
    private String navigation(CrawlRequest request, String navigatedTo) {
        if (navigatedTo == null) {
            return null;
        }
        try {
            String target = redirects.resolve(request.url(), navigatedTo);
            return target.equals(request.url()) ? null : target; // a reload is no redirect
        } catch (IllegalArgumentException e) {
            log.debug("ignoring the script navigation of {} to {}: {}", request.url(), navigatedTo, e.getMessage());
            return null;
        }
    }

    private static FetchedPage withRedirect(FetchedPage p, String target) {
        return new FetchedPage(p.v(), p.requestedUrl(), p.finalUrl(), p.status(), p.headers(), p.contentType(), p.body(),
                p.fetchedAt(), p.fetchMs(), p.depth(), p.truncated(), target, p.hops(), p.seed(), p.rendered(),
                p.notModified(), p.revisitOf(), p.capture());
    }
}
