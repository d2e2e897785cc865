package org.kcrawl.http.politeness;

import java.util.concurrent.CompletableFuture;

/**
 * Which network address a host's requests go to, for the per-address concurrency cap of the
 * {@link HostScheduler}: many hosts of a shared hosting provider sit behind one IP address.
 */
@FunctionalInterface
public interface HostAddresses {

    /**
     * The address key of {@code host} (a lower-case host key): its IP address as text, or, when it
     * cannot be resolved, any key no other host gets. Must not block; may complete on any thread.
     */
    CompletableFuture<String> of(String host);

    /** Every host its own address: the per-address cap then never binds tighter than the per-host one. */
    static HostAddresses byName() {
        return host -> CompletableFuture.completedFuture(ownKey(host));
    }

    /** An address key that {@code host} alone has: for a host whose address is not known. */
    static String ownKey(String host) {
        return "name:" + host;
    }
}
