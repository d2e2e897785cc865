package org.kcrawl.http.politeness;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.kcrawl.http.client.HttpFetcher;
import org.kcrawl.http.client.HttpResult;
import org.kcrawl.http.client.SendListener;

/**
 * An {@link HttpFetcher} for unit tests: answers from a script per URL (a 200 HTML page when a URL
 * has no script), at once or when the test says so, and records every request with its time. Each
 * request counts as written the moment it is asked for.
 */
public final class ScriptedFetcher implements HttpFetcher {
    private final TimeSource time;
    private final Map<String, Function<String, CompletableFuture<HttpResult>>> scripts = new HashMap<>();
    private final List<String> requests = new ArrayList<>();
    private final List<Long> requestTimes = new ArrayList<>();
    private final List<CompletableFuture<HttpResult>> held = new ArrayList<>();
    private boolean holdAll;
    private boolean closed;

    public ScriptedFetcher(TimeSource time) {
        this.time = time;
    }

    /** Answers {@code url} with {@code status}, a text body and headers (lower-case names). */
    public ScriptedFetcher answer(String url, int status, String contentType, String body, Map<String, String> headers) {
        scripts.put(url, u -> CompletableFuture.completedFuture(result(u, status, contentType,
                body.getBytes(StandardCharsets.UTF_8), headers)));
        return this;
    }

    /** Answers {@code url} with raw body bytes. */
    public ScriptedFetcher answer(String url, int status, String contentType, byte[] body) {
        scripts.put(url, u -> CompletableFuture.completedFuture(result(u, status, contentType, body, Map.of())));
        return this;
    }

    /** Fails {@code url} with {@code error}. */
    public ScriptedFetcher fail(String url, Throwable error) {
        scripts.put(url, u -> CompletableFuture.failedFuture(error));
        return this;
    }

    /** Answers {@code url} through {@code script}, asked afresh each time. */
    public ScriptedFetcher script(String url, Function<String, CompletableFuture<HttpResult>> script) {
        scripts.put(url, script);
        return this;
    }

    /** From now on, responses wait until {@link #release()} is called. */
    public synchronized ScriptedFetcher holdResponses() {
        holdAll = true;
        return this;
    }

    /** Completes every held response with its scripted answer. */
    public void release() {
        List<CompletableFuture<HttpResult>> now;
        synchronized (this) {
            now = new ArrayList<>(held);
            held.clear();
            holdAll = false;
        }
        for (CompletableFuture<HttpResult> f : now) {
            f.complete(null); // triggers the chained scripted answer
        }
    }

    /** Records the request and reports it written at once (there is no socket to wait for), then answers. */
    @Override
    public CompletableFuture<HttpResult> fetch(String url, SendListener sent) {
        Function<String, CompletableFuture<HttpResult>> script;
        CompletableFuture<HttpResult> gate = null;
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("fetcher closed");
            }
            requests.add(url);
            requestTimes.add(time.nanoTime());
            script = scripts.getOrDefault(url, u -> CompletableFuture.completedFuture(
                    result(u, 200, "text/html", "<html><title>t</title></html>".getBytes(StandardCharsets.UTF_8),
                            Map.of())));
            if (holdAll) {
                gate = new CompletableFuture<>();
                held.add(gate);
            }
        }
        sent.sent();
        return gate != null ? gate.thenCompose(ignored -> script.apply(url)) : script.apply(url);
    }

    /** Every requested URL, in order. */
    public synchronized List<String> requests() {
        return List.copyOf(requests);
    }

    /** The nano times of requests to {@code url}. */
    public synchronized List<Long> timesOf(String url) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < requests.size(); i++) {
            if (requests.get(i).equals(url)) {
                out.add(requestTimes.get(i));
            }
        }
        return out;
    }

    /** How many times {@code url} was requested. */
    public synchronized long count(String url) {
        return requests.stream().filter(url::equals).count();
    }

    @Override
    public synchronized void close() {
        closed = true;
    }

    private static HttpResult result(String url, int status, String contentType, byte[] body, Map<String, String> headers) {
        Map<String, String> h = new HashMap<>(headers);
        if (contentType != null) {
            h.put("content-type", contentType);
        }
        return new HttpResult(url, status, h, contentType, body, false, 12, "127.0.0.1");
    }
}
