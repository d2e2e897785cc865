package org.kcrawl.fetcher.kafka;

import java.time.Instant;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.fetcher.politeness.HostTask;
import org.kcrawl.fetcher.politeness.Permit;

/** One consumed URL on its way through the handler; {@link #done} completes when its outputs are acknowledged. */
final class UrlTask implements HostTask {
    final CrawlRequest request;
    final String key;
    final String host;
    final long fingerprint;
    final CompletableFuture<Void> done = new CompletableFuture<>();
    private final int partition;
    private final long epoch;
    private final FetchHandler handler;

    UrlTask(CrawlRequest request, String key, String host, int partition, long epoch, long fingerprint,
            FetchHandler handler) {
        this.request = request;
        this.key = key;
        this.host = host;
        this.partition = partition;
        this.epoch = epoch;
        this.fingerprint = fingerprint;
        this.handler = handler;
    }

    @Override
    public String host() {
        return host;
    }

    @Override
    public int partition() {
        return partition;
    }

    @Override
    public long epoch() {
        return epoch;
    }

    @Override
    public void start(Permit permit) {
        handler.fetch(this, permit);
    }

    @Override
    public boolean deferrable() {
        return true;
    }

    @Override
    public void defer(Instant notBefore) {
        handler.deferred(this, notBefore);
    }

    @Override
    public void cancel(String why) {
        // The partition is gone: the poll loop ignores this outcome and the next owner redoes the URL.
        done.completeExceptionally(new CancellationException(request.url() + ": " + why));
    }
}
