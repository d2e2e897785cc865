package org.kcrawl.http.net;

import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Resolves a host name to its addresses without blocking the caller. The fetcher never hands IP
 * literals to a resolver; implementations may still accept them.
 *
 * <p>The future fails with {@link java.net.UnknownHostException} (or a subclass) when the name does
 * not resolve; other failures (a DNS timeout, a server failure) may use any exception type and are
 * still classified as DNS failures by the fetcher. An empty list counts as "does not resolve".
 */
@FunctionalInterface
public interface HostResolver extends AutoCloseable {

    /** Starts resolving {@code host} (a name, lower-case, without brackets or port). */
    CompletableFuture<List<InetAddress>> resolve(String host);

    /** Releases resources; the default does nothing. */
    @Override
    default void close() {}
}
