package org.kcrawl.common.kafka;

import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * When each piece of work waiting for the send thread was handed over, oldest first. A fetched page is lost
 * with the fetcher from the moment it is fetched, not from its append to the output transaction: while a
 * slow or stuck commit holds the send lock, pages queue here, and their age is what the fetcher's commit hold
 * bounds. Thread-safe: handed over from event loops, taken off on the send thread.
 */
final class SendQueueTimes {
    private final ConcurrentLinkedQueue<long[]> waiting = new ConcurrentLinkedQueue<>();

    /** Notes a hand-over now; returns the token {@link #done} takes. */
    Object handedOver() {
        long[] at = {System.nanoTime()};
        waiting.add(at);
        return at;
    }

    /** The work of {@code token} has run (or was refused). Cheap for the oldest, which it nearly always is. */
    void done(Object token) {
        waiting.remove(token);
    }

    /** {@link System#nanoTime} of the oldest hand-over still waiting, or -1 when none waits. */
    long oldestNanos() {
        long[] head = waiting.peek();
        return head == null ? -1 : head[0];
    }
}
