package org.kcrawl.http.pipeline;

import java.time.Instant;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.http.politeness.AbstractHostTask;

/**
 * One consumed URL message on its way through a handler (the fetcher's or the render worker's); as a
 * host task, the request of the URL itself. {@link #done} completes when the URL's outputs are
 * acknowledged, and its offset may be committed only then.
 */
public abstract class ConsumedTask extends AbstractHostTask {
    /** The consumed request. */
    public final CrawlRequest request;
    /** The key of the consumed message (the host, unless the producer chose another). */
    public final String key;
    /** Completes when every output of the URL is acknowledged; fails when the URL is left to the next owner. */
    public final CompletableFuture<Void> done = new CompletableFuture<>();
    private final long offset;
    /** The request as it stands now: the consumed one, or its copy since its server refused it. */
    private volatile CrawlRequest current;

    /** A task for {@code request}, read at {@code offset} of the partition owned under {@code claim}. */
    protected ConsumedTask(CrawlRequest request, String key, String host, long offset, Claim claim) {
        super(host, claim);
        this.request = request;
        this.key = key;
        this.offset = offset;
        this.current = request;
    }

    /** The request as it stands now: {@link #request}, or what it became when its server refused it. */
    public final CrawlRequest current() {
        return current;
    }

    /** Its server refused the URL: {@code again} (the same attempt, refused since ...) is what it asks next. */
    public final void refusedAs(CrawlRequest again) {
        this.current = again;
    }

    @Override
    public final long offset() {
        return offset;
    }

    /** A consumed URL can always wait outside the scheduler: it is parked (or held) until its turn. */
    @Override
    public final boolean deferrable() {
        return true;
    }

    @Override
    public abstract void defer(Instant notBefore);

    /**
     * Completes {@link #done} as {@code outputs} completes: failed with its error, or after
     * {@code counted} has counted the outcome (given what the outputs completed with).
     */
    public final <T> void completeWhen(CompletionStage<T> outputs, Consumer<? super T> counted) {
        outputs.whenComplete((value, error) -> {
            if (error != null) {
                done.completeExceptionally(error);
            } else {
                counted.accept(value);
                done.complete(null);
            }
        });
    }

    @Override
    public final void cancel(String why) {
        // The partition is gone (or the worker stops): the poll loop ignores this outcome and the next
        // owner handles the URL again.
        if (done.completeExceptionally(new CancellationException(request.url() + ": " + why))) {
            cancelled();
        }
    }

    /** Called once when {@link #cancel} ends a task not done yet: what it holds for its URL is the next owner's. */
    protected void cancelled() {
    }
}
