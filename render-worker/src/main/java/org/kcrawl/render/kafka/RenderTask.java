package org.kcrawl.render.kafka;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.http.pipeline.ConsumedTask;
import org.kcrawl.http.politeness.Permit;

/**
 * One consumed URL on its way through the render handler; as a host task, the request of the page's own
 * document. {@link #done} completes when the URL's outputs are acknowledged.
 */
final class RenderTask extends ConsumedTask {
    /** Set once the URL no longer counts as waiting (it is rendering, or done). */
    final AtomicBoolean leftWaiting = new AtomicBoolean();
    /** The tab slot held, or null. */
    volatile TabSlots.Slot slot;
    private final RenderHandler handler;

    RenderTask(CrawlRequest request, String key, String host, long offset, Claim claim, RenderHandler handler) {
        super(request, key, host, offset, claim);
        this.handler = handler;
    }

    @Override
    public void start(Permit permit) {
        handler.fetchDocument(this, permit);
    }

    @Override
    public void defer(Instant notBefore) {
        handler.deferred(this, notBefore);
    }
}
