package org.kcrawl.fetcher.kafka;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.kcrawl.fetcher.http.HttpFetcher;
import org.kcrawl.fetcher.http.HttpResult;

/**
 * An {@link HttpFetcher} that notes when the fetcher asked for each URL, per host, before handing it
 * to the real client: the client-side view of politeness, to set beside the server's request log
 * (which also carries transport and machine noise).
 */
public final class RecordingFetcher implements HttpFetcher {
    private final HttpFetcher delegate;
    private final Map<String, ConcurrentLinkedQueue<Long>> starts = new ConcurrentHashMap<>();

    public RecordingFetcher(HttpFetcher delegate) {
        this.delegate = delegate;
    }

    @Override
    public CompletableFuture<HttpResult> fetch(String url) {
        starts.computeIfAbsent(URI.create(url).getHost(), h -> new ConcurrentLinkedQueue<>()).add(System.nanoTime());
        return delegate.fetch(url);
    }

    /** The times {@code host} was asked for, in order. */
    public List<Long> startsOf(String host) {
        ConcurrentLinkedQueue<Long> q = starts.get(host);
        return q == null ? List.of() : q.stream().sorted().toList();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
