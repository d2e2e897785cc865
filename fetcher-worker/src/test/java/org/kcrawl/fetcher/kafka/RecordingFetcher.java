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
 * (which also carries transport and machine noise). Each time is read before the scheduler reads its
 * own clock for the same write, so the gaps between the noted times are never longer than the ones the
 * scheduler counted: politeness holds them to the interval exactly, with nothing to forgive. A request
 * written again on a new connection (the server had closed the idle one under it) counts once, at its
 * last write: the server never answered the first.
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
            private Long last;

            @Override
            public void sent() {
                last = System.nanoTime(); // before the scheduler reads its clock for the same write
                times.add(last);
                sent.sent();
            }

            @Override
            public void resending() {
                if (last != null) {
                    times.remove(last); // superseded by the write on the new connection
                    last = null;
                }
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
