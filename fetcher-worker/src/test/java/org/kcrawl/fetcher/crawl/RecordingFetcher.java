package org.kcrawl.fetcher.crawl;

import java.net.URI;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.kcrawl.http.client.HttpFetcher;
import org.kcrawl.http.client.HttpResult;
import org.kcrawl.http.client.SendListener;

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
    private final Map<String, ConcurrentLinkedQueue<Exchange>> exchanges = new ConcurrentHashMap<>();

    public RecordingFetcher(HttpFetcher delegate) {
        this.delegate = delegate;
    }

    /**
     * One request: when the fetcher called the client for it and when it was last written. The write
     * reached the wire between the two ({@code calledNanos <= wire <= writtenNanos}).
     */
    public record Exchange(long calledNanos, long writtenNanos) {}

    @Override
    public CompletableFuture<HttpResult> fetch(String url, SendListener sent) {
        long called = System.nanoTime();
        String host = URI.create(url).getHost();
        ConcurrentLinkedQueue<Long> times = starts.computeIfAbsent(host, h -> new ConcurrentLinkedQueue<>());
        ConcurrentLinkedQueue<Exchange> hostExchanges = exchanges.computeIfAbsent(host, h -> new ConcurrentLinkedQueue<>());
        return delegate.fetch(url, new SendListener() {
            private Long last;
            private Exchange exchange;

            @Override
            public void sent() {
                last = System.nanoTime(); // before the scheduler reads its clock for the same write
                times.add(last);
                exchange = new Exchange(called, last);
                hostExchanges.add(exchange);
                sent.sent();
            }

            @Override
            public void resending() {
                if (last != null) {
                    times.remove(last); // superseded by the write on the new connection
                    hostExchanges.remove(exchange);
                    last = null;
                }
                sent.resending();
            }
        });
    }

    /** The requests to {@code host} that were written, in the order of their writes. */
    public List<Exchange> exchangesOf(String host) {
        ConcurrentLinkedQueue<Exchange> q = exchanges.get(host);
        return q == null ? List.of()
                : q.stream().sorted(Comparator.comparingLong(Exchange::writtenNanos)).toList();
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
