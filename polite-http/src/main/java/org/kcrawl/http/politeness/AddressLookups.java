package org.kcrawl.http.politeness;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scheduler's address lookups: each host's address key from {@link HostAddresses}, a key of its
 * own ({@link HostAddresses#ownKey}) when the lookup fails or has no answer, and the lookups begun
 * under the scheduler's lock watched only once the lock is released, so an answer that is already
 * there never runs its callback inside it.
 */
final class AddressLookups {
    private static final Logger log = LoggerFactory.getLogger(AddressLookups.class);

    private final HostAddresses addresses;
    private final BiConsumer<HostState, String> answered;

    /** @param answered told each host's address once a pending lookup completes, outside any lock */
    AddressLookups(HostAddresses addresses, BiConsumer<HostState, String> answered) {
        this.addresses = addresses;
        this.answered = answered;
    }

    /** Lookups begun while the scheduler's lock is held; {@link #watch()} them after releasing it. */
    final class Batch {
        private List<HostState> states;
        private List<CompletableFuture<String>> futures;

        /** Looks up {@code h}'s address: set at once when it is known, else watched once the batch is. */
        void begin(HostState h) {
            CompletableFuture<String> f = lookup(h.host);
            if (f.isDone() && !f.isCompletedExceptionally()) {
                h.address = f.join();
                return;
            }
            if (states == null) {
                states = new ArrayList<>(1);
                futures = new ArrayList<>(1);
            }
            states.add(h);
            futures.add(f);
        }

        /** Hands each pending lookup's answer (or the host's own key) to the scheduler when it comes. */
        void watch() {
            if (states == null) {
                return;
            }
            for (int i = 0; i < states.size(); i++) {
                HostState h = states.get(i);
                futures.get(i).whenComplete((address, error) ->
                        answered.accept(h, error != null || address == null ? HostAddresses.ownKey(h.host) : address));
            }
        }
    }

    Batch batch() {
        return new Batch();
    }

    private CompletableFuture<String> lookup(String host) {
        try {
            CompletableFuture<String> f = addresses.of(host);
            return f != null ? f : CompletableFuture.completedFuture(HostAddresses.ownKey(host));
        } catch (RuntimeException e) {
            log.warn("address lookup of {} failed; it counts as an address of its own: {}", host, e.toString());
            return CompletableFuture.completedFuture(HostAddresses.ownKey(host));
        }
    }
}
