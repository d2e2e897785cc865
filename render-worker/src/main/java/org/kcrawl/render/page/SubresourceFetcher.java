package org.kcrawl.render.page;

import java.util.concurrent.CompletableFuture;
import org.kcrawl.http.client.HttpResult;

/**
 * Fetches a request a rendered page made, as the worker fetches anything: under its host's politeness
 * (rate, per-host and per-address caps) and through the HTTP client's address guard and limits. The
 * future fails with the client's classified {@link org.kcrawl.http.client.FetchException}, or a
 * cancellation when the page's partition moved.
 */
@FunctionalInterface
public interface SubresourceFetcher {

    /** Fetches {@code url} (a GET). */
    CompletableFuture<HttpResult> fetch(String url);
}
