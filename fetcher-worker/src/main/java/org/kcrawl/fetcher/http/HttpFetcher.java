package org.kcrawl.fetcher.http;

import java.util.concurrent.CompletableFuture;

/**
 * Fetches one URL without blocking the caller. Implementations never follow redirects: a 3xx is a
 * normal {@link HttpResult} and the caller decides what to do with its Location.
 *
 * <p>The future completes on an I/O thread, either with a result or exceptionally with a
 * {@link FetchException} that carries a classified {@link org.kcrawl.common.message.FailureReason}.
 * Callers must not block in the completion callbacks.
 */
public interface HttpFetcher extends AutoCloseable {

    /** Starts a GET of {@code url} (absolute http or https). */
    default CompletableFuture<HttpResult> fetch(String url) {
        return fetch(url, SendListener.NONE);
    }

    /**
     * Starts a GET of {@code url} and tells {@code sent} when its request reaches the socket (see
     * {@link SendListener}); a fetch that fails before its request was written never calls it.
     */
    CompletableFuture<HttpResult> fetch(String url, SendListener sent);

    /** Closes connections and event loops; in-flight fetches fail. */
    @Override
    void close();
}
