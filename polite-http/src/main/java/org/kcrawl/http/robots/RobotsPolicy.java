package org.kcrawl.http.robots;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;

/** Answers whether robots.txt lets the crawler fetch a URL. */
public interface RobotsPolicy {

    /**
     * The verdict for {@code url}. May fetch robots.txt first, as a request of the URL's host in the
     * partition owned under {@code claim}; the future then fails with a
     * {@link java.util.concurrent.CancellationException} if that claim ends meanwhile.
     */
    CompletableFuture<RobotsVerdict> check(String url, Claim claim);

    /**
     * Whether the robots.txt that governs {@code url} is unreachable now (its last fetches failed and it
     * has not been fetched successfully since), and why; empty when it is not, or not known to be.
     */
    default Optional<RobotsUnreachable> unreachable(String url) {
        return Optional.empty();
    }

    /** A policy that allows everything ({@code --ignore-robots}). */
    static RobotsPolicy ignore() {
        CompletableFuture<RobotsVerdict> allowed = CompletableFuture.completedFuture(RobotsVerdict.allowed(null));
        return (url, claim) -> allowed;
    }
}
