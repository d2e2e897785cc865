package org.kcrawl.render.kafka;

import java.time.Instant;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.fetcher.politeness.AbstractHostTask;
import org.kcrawl.fetcher.politeness.Permit;

/**
 * One consumed URL on its way through the render handler; as a host task, the request of the page's own
 * document. {@link #done} completes when the URL's outputs are acknowledged.
 */
final class RenderTask extends AbstractHostTask {
    final CrawlRequest request;
    final String key;
    final CompletableFuture<Void> done = new CompletableFuture<>();
    /** Set once the URL no longer counts as waiting (it is rendering, or done). */
    final java.util.concurrent.atomic.AtomicBoolean leftWaiting = new java.util.concurrent.atomic.AtomicBoolean();
    /** The tab slot held, or null. */
    volatile TabSlots.Slot slot;
    private final long offset;
    private final RenderHandler handler;

    RenderTask(CrawlRequest request, String key, String host, int partition, long offset, long epoch,
               RenderHandler handler) {
        super(host, partition, epoch);
        this.request = request;
        this.key = key;
        this.offset = offset;
        this.handler = handler;
    }

    @Override
    public long offset() {
        return offset;
    }

    @Override
    public void start(Permit permit) {
        handler.fetchDocument(this, permit);
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
        // The partition is gone (or the worker stops): the next owner renders the URL again.
        done.completeExceptionally(new CancellationException(request.url() + ": " + why));
    }
}
