package org.kcrawl.fetcher.kafka;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.kcrawl.fetcher.http.HttpFetcher;
import org.kcrawl.fetcher.http.HttpResult;
import org.kcrawl.fetcher.http.SendListener;

/**
 * An {@link HttpFetcher} that notes when each request was written to the socket, per host, as the real
 * client reports it: the client-side view of politeness, to set beside the server's request log
 * (which also carries transport and machine noise).
 */
public final class RecordingFetcher implements HttpFetcher {
    private final HttpFetcher delegate;
    private final Map<String, ConcurrentLinkedQueue<Long>> starts = new ConcurrentHashMap<>();

    public RecordingFetcher(HttpFetcher delegate) {
        this.delegate = delegate;
    }

    @Override
    public CompletableFuture<HttpResult> fetch(String url, SendListener sent) {
        ConcurrentLinkedQueue<Long> times = starts.computeIfAbsent(URI.create(url).getHost(),
                h -> new ConcurrentLinkedQueue<>());
        return delegate.fetch(url, new SendListener() {
            @Override
            public void sent() {
                times.add(System.nanoTime()); // before the scheduler reads its clock for the same write
                sent.sent();
            }

            @Override
            public void resending() {
                sent.resending();
            }
        });
    }

    /** The times requests to {@code host} were written to the socket, in order. */
    public List<Long> startsOf(String host) {
        ConcurrentLinkedQueue<Long> q = starts.get(host);
        return q == null ? List.of() : q.stream().sorted().toList();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
