package org.kcrawl.render.browser;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.channel.EventLoopGroup;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.kcrawl.render.cdp.CdpConnection;

/**
 * One running browser: its process and its DevTools connection. It is gone when either ends (a crash,
 * a kill, a closed connection), and then every tab of it is too.
 */
public final class Browser implements AutoCloseable {
    private final BrowserProcess process;
    private final CdpConnection cdp;
    private final int generation;
    private final CompletableFuture<Void> gone = new CompletableFuture<>();

    private Browser(BrowserProcess process, CdpConnection cdp, int generation) {
        this.process = process;
        this.cdp = cdp;
        this.generation = generation;
        process.exited().whenComplete((code, error) -> gone.complete(null));
        cdp.closeFuture().whenComplete((v, error) -> gone.complete(null));
        gone.whenComplete((v, error) -> {
            cdp.close();
            process.close();
        });
    }

    /**
     * Starts a browser of {@code settings} whose connections all go to the proxy on {@code proxyPort}, talking
     * to it on {@code group}; fails when it cannot start or does not answer on its DevTools pipe in time.
     */
    static CompletableFuture<Browser> start(BrowserSettings settings, EventLoopGroup group, int proxyPort,
                                            int generation) {
        BrowserProcess process;
        try {
            process = BrowserProcess.start(settings, proxyPort);
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        }
        CdpConnection cdp = CdpConnection.open(process.devtoolsOut(), process.devtoolsIn(), group.next(),
                settings.commandTimeout(), settings.maxMessageBytes(), "kcrawl-cdp-" + process.pid());
        Browser browser = new Browser(process, cdp, generation);
        // The first answer says the browser is up; it may take the whole start timeout on a loaded machine.
        return cdp.send("Browser.getVersion", CdpConnection.params(), null, settings.startTimeout())
                .thenApply(version -> browser)
                .whenComplete((b, error) -> {
                    if (error != null) {
                        browser.close();
                    }
                });
    }

    /**
     * Opens a tab in a browser context of its own (no cookies, storage or cache shared with any other
     * page), attached, with every request it makes paused for the worker to answer.
     */
    public CompletableFuture<Tab> openTab() {
        ObjectNode context = CdpConnection.params();
        context.put("disposeOnDetach", true);
        return cdp.send("Target.createBrowserContext", context).thenCompose(created -> {
            String contextId = created.path("browserContextId").asText();
            ObjectNode target = CdpConnection.params();
            target.put("url", "about:blank");
            target.put("browserContextId", contextId);
            return cdp.send("Target.createTarget", target)
                    .thenCompose(t -> attach(contextId, t.path("targetId").asText()))
                    .whenComplete((tab, error) -> {
                        if (error != null) {
                            ObjectNode dispose = CdpConnection.params();
                            dispose.put("browserContextId", contextId);
                            cdp.send("Target.disposeBrowserContext", dispose);
                        }
                    });
        });
    }

    private CompletableFuture<Tab> attach(String contextId, String targetId) {
        ObjectNode attach = CdpConnection.params();
        attach.put("targetId", targetId);
        attach.put("flatten", true);
        return cdp.send("Target.attachToTarget", attach).thenCompose(attached -> {
            Tab tab = new Tab(this, cdp, contextId, targetId, attached.path("sessionId").asText());
            return tab.prepare().thenApply(v -> tab);
        });
    }

    /** Completes when the browser is gone: its process ended or its connection closed. */
    public CompletableFuture<Void> gone() {
        return gone;
    }

    /** True until the browser is gone. */
    public boolean alive() {
        return !gone.isDone();
    }

    /** Which start of the supervisor this browser is (1 for the first). */
    public int generation() {
        return generation;
    }

    /** The browser's version string, asked over DevTools (a liveness probe). */
    public CompletableFuture<String> version() {
        return cdp.send("Browser.getVersion", CdpConnection.params()).thenApply(v -> v.path("product").asText());
    }

    /** The process id of the browser. */
    public long pid() {
        return process.pid();
    }

    /** Kills the browser: it is gone at once, and so are its tabs. */
    @Override
    public void close() {
        gone.complete(null);
    }

    static Throwable unwrap(Throwable t) {
        Throwable cause = t;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    static String text(JsonNode node, String field) {
        return node.path(field).asText(null);
    }
}
