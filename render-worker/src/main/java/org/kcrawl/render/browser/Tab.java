package org.kcrawl.render.browser;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.kcrawl.render.cdp.CdpConnection;
import org.kcrawl.render.cdp.CdpEvent;

/**
 * A browser tab in a browser context of its own, used for one page and then closed with its context.
 *
 * <p>Its events (and those of the frames and workers it starts, attached to it automatically and paused
 * until their requests are intercepted too) go to one listener, the page being rendered. Requests
 * are paused at the request stage, before the browser's cache or network sees them. A dialog the page opens
 * ({@code alert}, {@code confirm}, {@code prompt}) is dismissed at once: one left open stops the page's scripts
 * and every DevTools command sent to it. Downloads are denied: nothing a page sends is written to disk.
 */
public final class Tab {
    private final Browser browser;
    private final CdpConnection cdp;
    private final String contextId;
    private final String targetId;
    private final String sessionId;
    private final Set<String> sessions = ConcurrentHashMap.newKeySet();
    private volatile Consumer<CdpEvent> listener = e -> { };
    private volatile boolean closed;

    Tab(Browser browser, CdpConnection cdp, String contextId, String targetId, String sessionId) {
        this.browser = browser;
        this.cdp = cdp;
        this.contextId = contextId;
        this.targetId = targetId;
        this.sessionId = sessionId;
        sessions.add(sessionId);
        cdp.listen(sessionId, this::onEvent);
    }

    /** Enables the domains a render needs on the tab's own session, and denies its context downloads. */
    CompletableFuture<Void> prepare() {
        ObjectNode downloads = CdpConnection.params();
        downloads.put("behavior", "deny");
        downloads.put("browserContextId", contextId);
        return CompletableFuture.allOf(
                cdp.send("Browser.setDownloadBehavior", downloads),
                send("Page.enable", CdpConnection.params()),
                interceptAll(sessionId),
                send("Target.setAutoAttach", autoAttach()));
    }

    /** Sends {@code method} to the tab's own session. */
    public CompletableFuture<JsonNode> send(String method, ObjectNode params) {
        return cdp.send(method, params, sessionId);
    }

    /** Sends {@code method} to {@code session}: the tab's or one of its frames' or workers'. */
    public CompletableFuture<JsonNode> send(String method, ObjectNode params, String session) {
        return cdp.send(method, params, session);
    }

    /** Delivers the tab's events (its frames' and workers' too) to {@code listener} from now on. */
    public void listen(Consumer<CdpEvent> listener) {
        this.listener = listener;
    }

    /** The id of the tab's main frame (Chromium gives a page target's main frame the target's id). */
    public String mainFrameId() {
        return targetId;
    }

    /** The tab's own session. */
    public String sessionId() {
        return sessionId;
    }

    /** The browser the tab is in. */
    public Browser browser() {
        return browser;
    }

    /** Closes the tab with its browser context (its cookies, storage and cache go with it). Idempotent. */
    public CompletableFuture<Void> close() {
        if (closed) {
            return CompletableFuture.completedFuture(null);
        }
        closed = true;
        listener = e -> { };
        sessions.forEach(cdp::forget);
        if (!browser.alive()) {
            return CompletableFuture.completedFuture(null);
        }
        ObjectNode dispose = CdpConnection.params();
        dispose.put("browserContextId", contextId);
        return cdp.send("Target.disposeBrowserContext", dispose).thenApply(r -> null);
    }

    private void onEvent(CdpEvent event) {
        if ("Target.attachedToTarget".equals(event.method())) {
            adopt(event.params());
            return;
        }
        if ("Page.javascriptDialogOpening".equals(event.method())) {
            dismiss(event);
        } else if ("Target.detachedFromTarget".equals(event.method())) {
            String child = Browser.text(event.params(), "sessionId");
            if (child != null && !child.equals(sessionId)) {
                sessions.remove(child);
                cdp.forget(child);
            }
        }
        listener.accept(event);
    }

    /** Answers a dialog: cancel (an alert's only answer), but leave a page that asks before unloading. */
    private void dismiss(CdpEvent event) {
        ObjectNode answer = CdpConnection.params();
        answer.put("accept", "beforeunload".equals(event.params().path("type").asText()));
        cdp.send("Page.handleJavaScriptDialog", answer, event.sessionId()).exceptionally(e -> null); // tab gone
    }

    /**
     * A frame or worker the page started: its requests are intercepted like the page's before it runs.
     * Whatever a child makes that cannot be intercepted still meets the refusing proxy.
     */
    private void adopt(JsonNode params) {
        String child = Browser.text(params, "sessionId");
        if (child == null || closed) {
            return;
        }
        sessions.add(child);
        cdp.listen(child, this::onEvent);
        interceptAll(child)
                .exceptionally(e -> null) // a target without the Fetch domain: the proxy stands behind it
                .thenCompose(v -> cdp.send("Target.setAutoAttach", autoAttach(), child).exceptionally(e -> null))
                .thenCompose(v -> cdp.send("Runtime.runIfWaitingForDebugger", CdpConnection.params(), child));
    }

    private CompletableFuture<JsonNode> interceptAll(String session) {
        ObjectNode params = CdpConnection.params();
        ArrayNode patterns = params.putArray("patterns");
        ObjectNode all = patterns.addObject();
        all.put("urlPattern", "*");
        all.put("requestStage", "Request");
        return cdp.send("Fetch.enable", params, session);
    }

    private static ObjectNode autoAttach() {
        ObjectNode params = CdpConnection.params();
        params.put("autoAttach", true);
        params.put("waitForDebuggerOnStart", true);
        params.put("flatten", true);
        return params;
    }
}
