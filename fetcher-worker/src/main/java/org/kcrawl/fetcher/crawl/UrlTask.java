package org.kcrawl.fetcher.crawl;

import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.http.pipeline.ConsumedTask;
import org.kcrawl.http.politeness.Permit;

/** One consumed URL on its way through the handler; {@link #done} completes when its outputs are acknowledged. */
final class UrlTask extends ConsumedTask {
    final long fingerprint;
    /** The host budget's counts this URL is charged to, or null when it is not charged. */
    volatile HostCounts hostCharge;
    /** Acknowledgement of the robots.txt sitemap requests this URL publishes, or null when it publishes none. */
    volatile CompletableFuture<Void> sitemaps;
    private final FetchHandler handler;
    /** True while the URL holds the budget units it was admitted with (see {@link #giveUpUnits}). */
    private final AtomicBoolean holdsUnits = new AtomicBoolean(true);

    UrlTask(CrawlRequest request, String key, String host, long offset, Claim claim, long fingerprint,
            FetchHandler handler) {
        super(request, key, host, offset, claim);
        this.fingerprint = fingerprint;
        this.handler = handler;
    }

    /**
     * Completes when {@link #done} does and the URL's sitemap requests, if any, are acknowledged too:
     * the offset is committed only then. A failure of {@link #done} is passed on as it is.
     */
    CompletableFuture<Void> outcome() {
        CompletableFuture<Void> out = new CompletableFuture<>();
        done.whenComplete((v, error) -> {
            CompletableFuture<Void> extra = sitemaps;
            if (error != null || extra == null) {
                settle(out, error);
            } else {
                extra.whenComplete((v2, sendError) -> settle(out, sendError));
            }
        });
        return out;
    }

    private static void settle(CompletableFuture<Void> out, Throwable error) {
        if (error != null) {
            out.completeExceptionally(error);
        } else {
            out.complete(null);
        }
    }

    /**
     * True the first time only: the URL's budget units leave it once (given back, or kept for its parked
     * copy), whichever of a skip, a park, an abandon or a cancel comes first.
     */
    boolean giveUpUnits() {
        return holdsUnits.compareAndSet(true, false);
    }

    @Override
    protected void cancelled() {
        handler.cancelled(this);
    }

    @Override
    public void start(Permit permit) {
        handler.fetch(this, permit);
    }

    @Override
    public void defer(Instant notBefore) {
        handler.deferred(this, notBefore);
    }
}
