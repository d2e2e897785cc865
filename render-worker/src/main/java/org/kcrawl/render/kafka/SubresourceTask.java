package org.kcrawl.render.kafka;

import java.time.Instant;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.http.client.HttpFetcher;
import org.kcrawl.http.client.HttpResult;
import org.kcrawl.http.politeness.AbstractHostTask;
import org.kcrawl.http.politeness.Permit;
import org.kcrawl.http.politeness.ResponseFeedback;
import org.kcrawl.http.politeness.TimeSource;

/**
 * A request a rendered page made, waiting for its host's politeness like any request of the worker:
 * when the scheduler lets it start it is fetched by the worker's HTTP client, and the answer tells the
 * host's pace (a 429 slows the host down for every page of it).
 */
final class SubresourceTask extends AbstractHostTask {
    private final String url;
    private final HttpFetcher http;
    private final TimeSource time;
    private final CompletableFuture<HttpResult> result = new CompletableFuture<>();

    SubresourceTask(String url, String host, Claim claim, HttpFetcher http, TimeSource time) {
        super(host, claim);
        this.url = url;
        this.http = http;
        this.time = time;
    }

    /** The response, once fetched. */
    CompletableFuture<HttpResult> result() {
        return result;
    }

    @Override
    public void start(Permit permit) {
        CompletableFuture<HttpResult> fetched;
        try {
            fetched = http.fetch(url, permit);
        } catch (RuntimeException e) {
            fetched = CompletableFuture.failedFuture(e);
        }
        fetched.whenComplete((r, error) -> {
            Instant now = time.now();
            ResponseFeedback.release(permit, r, error, now);
            if (error != null) {
                result.completeExceptionally(error);
            } else {
                result.complete(r);
            }
        });
    }

    @Override
    public void cancel(String why) {
        result.completeExceptionally(new CancellationException(url + ": " + why));
    }
}
