package org.kcrawl.render.page;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.url.HttpUrl;
import org.kcrawl.http.client.FetchException;
import org.kcrawl.http.client.HttpResult;
import org.kcrawl.http.politeness.Cancellable;
import org.kcrawl.http.politeness.TimeSource;
import org.kcrawl.render.browser.Tab;
import org.kcrawl.render.cdp.CdpConnection;
import org.kcrawl.render.cdp.CdpEvent;
import org.kcrawl.render.cdp.CdpException;

/**
 * Renders one page in one tab: navigates to it, answers its own request with the response the worker
 * already fetched, judges every other request it makes ({@link RequestRules}) and fetches the allowed
 * ones through the {@link SubresourceFetcher} (politeness, address guard), and takes the DOM
 * ({@link DomSnapshot}) once the page has loaded and its network has been quiet for a moment, or at the end of
 * its budget.
 *
 * <p>A script that sends the main frame elsewhere is answered with 204 No Content, which leaves the page
 * as it is, and the target is reported ({@link RenderResult.Rendered#navigatedTo}) for the worker to
 * follow as a redirect.
 *
 * <p>Threads: events arrive on the DevTools event loop, fetch results on the HTTP client's loops, timers
 * on the time source's thread; the state is guarded by this object's lock and nothing here blocks.
 */
public final class PageRender {
    /** Response headers not handed to the browser: the body it gets is decoded and whole. */
    private static final Set<String> DROPPED_HEADERS = Set.of("content-length", "content-encoding",
            "transfer-encoding", "connection", "keep-alive");
    private final Tab tab;
    private final HttpUrl page;
    private final HttpResult document;
    private final RequestRules rules;
    private final SubresourceFetcher fetcher;
    private final TimeSource time;
    private final RenderLimits limits;
    private final RenderEvents events;
    private final CompletableFuture<RenderResult> result = new CompletableFuture<>();
    private long startedNanos;
    private boolean documentServed;
    private boolean loaded;
    private boolean snapshotting;
    private int requests;
    private long bytes;
    private int inFlight;
    private String navigatedTo;
    private Cancellable budgetTimer;
    private Cancellable quietTimer;
    private Cancellable settleTimer;

    /**
     * @param tab a fresh tab, used by this render alone
     * @param page the page's URL
     * @param document the page's own response, as the worker fetched it (2xx, HTML)
     * @param rules what the page may request
     * @param fetcher how allowed requests are fetched
     * @param time clock and timers
     * @param limits time and size bounds
     * @param events where requests are counted
     */
    public PageRender(Tab tab, HttpUrl page, HttpResult document, RequestRules rules, SubresourceFetcher fetcher,
                      TimeSource time, RenderLimits limits, RenderEvents events) {
        if (tab == null || page == null || document == null || rules == null || fetcher == null || time == null
                || limits == null || events == null) {
            throw new IllegalArgumentException("every argument of a render is required");
        }
        this.tab = tab;
        this.page = page;
        this.document = document;
        this.rules = rules;
        this.fetcher = fetcher;
        this.time = time;
        this.limits = limits;
        this.events = events;
    }

    /** Starts the render; the future completes once, with the DOM or with why there is none. */
    public CompletableFuture<RenderResult> run() {
        synchronized (this) {
            startedNanos = time.nanoTime();
            budgetTimer = time.schedule(limits.budget().toNanos(), this::budgetSpent);
        }
        tab.listen(this::onEvent);
        tab.browser().gone().whenComplete((v, e) -> fail(FailureReason.RENDER_CRASHED, "the browser went away"));
        ObjectNode navigate = CdpConnection.params();
        navigate.put("url", page.url());
        tab.send("Page.navigate", navigate).whenComplete((r, error) -> {
            if (error != null) {
                failOn("navigating", error);
            } else if (r.hasNonNull("errorText")) {
                fail(FailureReason.RENDER_CRASHED, "the browser could not show the page: " + r.get("errorText").asText());
            }
        });
        return result;
    }

    private void onEvent(CdpEvent event) {
        switch (event.method()) {
            case "Fetch.requestPaused" -> paused(event);
            case "Page.loadEventFired" -> {
                if (tab.sessionId().equals(event.sessionId())) {
                    loaded();
                }
            }
            case "Inspector.targetCrashed" -> {
                if (tab.sessionId().equals(event.sessionId())) {
                    fail(FailureReason.RENDER_CRASHED, "the page's renderer process crashed");
                }
            }
            case "Target.detachedFromTarget" -> {
                if (tab.sessionId().equals(event.params().path("sessionId").asText(null))) {
                    fail(FailureReason.RENDER_CRASHED, "the tab was detached");
                }
            }
            default -> { }
        }
    }

    private void paused(CdpEvent event) {
        JsonNode p = event.params();
        String requestId = p.path("requestId").asText();
        String session = event.sessionId();
        String url = p.path("request").path("url").asText();
        String method = p.path("request").path("method").asText();
        String type = p.path("resourceType").asText("Other").toLowerCase(Locale.ROOT);
        boolean mainFrameDocument = "document".equals(type) && tab.mainFrameId().equals(p.path("frameId").asText());
        Refusal refusal = null;
        Action action;
        synchronized (this) {
            if (result.isDone()) {
                action = Action.ABORT; // the page is over: what it still asks for is dropped, not counted
            } else if (mainFrameDocument && !documentServed) {
                documentServed = true;
                action = Action.SERVE_DOCUMENT;
            } else if (mainFrameDocument) {
                if (navigatedTo == null) {
                    navigatedTo = url;
                }
                action = Action.STAY;
            } else {
                refusal = rules.judge(page, url, method, type, requests, bytes);
                action = refusal == null ? Action.FETCH : Action.REFUSE;
                if (refusal == null) {
                    requests++;
                    inFlight++;
                    cancel(quietTimer);
                    quietTimer = null;
                }
            }
        }
        switch (action) {
            case ABORT -> failRequest(session, requestId, "Aborted");
            case SERVE_DOCUMENT -> fulfill(session, requestId, document.status(), document.headers(),
                    document.contentType(), document.body());
            case STAY -> {
                events.refused(Refusal.NAVIGATION);
                // 204: the browser stays on the page as it is, and the page's DOM is still there to take.
                fulfill(session, requestId, 204, Map.of(), null, new byte[0]);
                quietSoon();
            }
            case REFUSE -> {
                events.refused(refusal);
                failRequest(session, requestId, "BlockedByClient");
            }
            case FETCH -> fetch(session, requestId, url);
        }
    }

    /** What is done with a paused request. */
    private enum Action { ABORT, SERVE_DOCUMENT, STAY, REFUSE, FETCH }

    private void fetch(String session, String requestId, String url) {
        CompletableFuture<HttpResult> fetched;
        try {
            fetched = fetcher.fetch(url);
        } catch (RuntimeException e) {
            fetched = CompletableFuture.failedFuture(e);
        }
        fetched.whenComplete((r, error) -> {
            boolean over;
            synchronized (this) {
                inFlight--;
                over = result.isDone();
                if (r != null) {
                    bytes += r.body().length;
                }
            }
            if (over) {
                return;
            }
            if (r != null) {
                events.fetched(r.body().length);
                fulfill(session, requestId, r.status(), r.headers(), r.contentType(), r.body());
            } else {
                events.refused(Refusal.FETCH_FAILED);
                failRequest(session, requestId, errorReason(error));
            }
            quietSoon();
        });
    }

    private void loaded() {
        synchronized (this) {
            if (loaded || result.isDone()) {
                return;
            }
            loaded = true;
            settleTimer = time.schedule(limits.settle().toNanos(), this::snapshot);
        }
        quietSoon();
    }

    /** Arms the quiet timer once the page has loaded and nothing of it is in flight. */
    private void quietSoon() {
        synchronized (this) {
            if (!loaded || inFlight > 0 || result.isDone() || snapshotting) {
                return;
            }
            cancel(quietTimer);
            quietTimer = time.schedule(limits.quiet().toNanos(), this::snapshot);
        }
    }

    private void budgetSpent() {
        boolean take;
        synchronized (this) {
            take = loaded;
        }
        if (take) {
            snapshot();
        } else {
            fail(FailureReason.RENDER_TIMEOUT, "the page did not load within the render budget of " + limits.budget());
        }
    }

    private void snapshot() {
        synchronized (this) {
            if (snapshotting || result.isDone()) {
                return;
            }
            snapshotting = true;
        }
        DomSnapshot.take(tab, limits.maxBodyBytes()).whenComplete((markup, error) -> {
            if (error != null) {
                failOn("taking the DOM", error);
                return;
            }
            RenderResult.Rendered rendered;
            synchronized (this) {
                rendered = new RenderResult.Rendered(markup.html(), markup.truncated(), navigatedTo,
                        (time.nanoTime() - startedNanos) / 1_000_000, requests);
            }
            finish(rendered);
        });
    }

    /**
     * A command to the page failed: unanswered, the page's scripts hold its renderer (an endless loop), which
     * counts against the page as a timeout, and closing its tab ends it; else the page or its tab broke.
     */
    private void failOn(String doing, Throwable error) {
        Throwable cause = unwrap(error);
        boolean held = cause instanceof CdpException ce && ce.kind() == CdpException.Kind.TIMEOUT;
        fail(held ? FailureReason.RENDER_TIMEOUT : FailureReason.RENDER_CRASHED, doing + ": " + cause.getMessage());
    }

    private void fail(FailureReason reason, String detail) {
        finish(new RenderResult.Failed(reason, detail));
    }

    private void finish(RenderResult outcome) {
        synchronized (this) {
            if (result.isDone()) {
                return;
            }
            cancel(budgetTimer);
            cancel(quietTimer);
            cancel(settleTimer);
        }
        result.complete(outcome);
    }

    private void fulfill(String session, String requestId, int status, Map<String, String> headers, String contentType,
                         byte[] body) {
        ObjectNode params = CdpConnection.params();
        params.put("requestId", requestId);
        params.put("responseCode", status);
        ArrayNode list = params.putArray("responseHeaders");
        boolean typed = false;
        for (Map.Entry<String, String> h : headers.entrySet()) {
            if (!DROPPED_HEADERS.contains(h.getKey())) {
                list.addObject().put("name", h.getKey()).put("value", h.getValue());
                typed |= h.getKey().equals("content-type");
            }
        }
        if (!typed && contentType != null) {
            list.addObject().put("name", "content-type").put("value", contentType);
        }
        params.put("body", Base64.getEncoder().encodeToString(body));
        tab.send("Fetch.fulfillRequest", params, session).exceptionally(e -> null); // a page gone meanwhile
    }

    private void failRequest(String session, String requestId, String reason) {
        ObjectNode params = CdpConnection.params();
        params.put("requestId", requestId);
        params.put("errorReason", reason);
        tab.send("Fetch.failRequest", params, session).exceptionally(e -> null);
    }

    /** The DevTools network error for a fetch that failed, so the page's script sees the kind of failure. */
    private static String errorReason(Throwable error) {
        Throwable cause = unwrap(error);
        if (cause instanceof CancellationException) {
            return "Aborted";
        }
        if (cause instanceof FetchException fe && fe.reason() != null) {
            return switch (fe.reason()) {
                case BLOCKED_ADDRESS -> "AddressUnreachable";
                case TIMEOUT -> "TimedOut";
                case DNS -> "NameNotResolved";
                case CONNECT -> "ConnectionRefused";
                case TOO_LARGE -> "BlockedByClient";
                default -> "Failed";
            };
        }
        return "Failed";
    }

    private static Throwable unwrap(Throwable t) {
        Throwable cause = t;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    private static void cancel(Cancellable timer) {
        if (timer != null) {
            timer.cancel();
        }
    }
}
