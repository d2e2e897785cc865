package org.kcrawl.render.browser;

import java.util.concurrent.CompletableFuture;

/** Where a page gets the browser tab it is rendered in, and where a browser that stopped answering is reported. */
public interface Tabs {
    /** A new tab, once a browser is running. */
    CompletableFuture<Tab> openTab();

    /** {@code browser} left a DevTools command unanswered ({@code why}): it is to be replaced. */
    void hung(Browser browser, String why);
}
