package org.kcrawl.http.client;

import java.util.concurrent.CompletableFuture;
import org.kcrawl.common.message.Revisit;

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

    /**
     * Starts a GET of {@code url} made conditional by the validators of {@code revisit} (a recrawl's
     * previous fetch; null for none): a server whose page has not changed answers 304. An
     * implementation that cannot ask conditionally fetches the page whole, which is never wrong.
     */
    default CompletableFuture<HttpResult> fetch(String url, Revisit revisit) {
        return fetch(url, revisit, SendListener.NONE);
    }

    /** A conditional GET as {@link #fetch(String, Revisit)} that tells {@code sent} when it is written. */
    default CompletableFuture<HttpResult> fetch(String url, Revisit revisit, SendListener sent) {
        return fetch(url, sent);
    }

    /** Closes connections and event loops; in-flight fetches fail. */
    @Override
    void close();
}
