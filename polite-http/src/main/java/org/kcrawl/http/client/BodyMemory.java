package org.kcrawl.http.client;

/**
 * Where the client's response bodies take their memory from. A body being received holds a
 * {@link Claim}: before its buffer grows it asks for the bytes, and when they cannot be had at once its
 * connection stops reading until they are granted. So the bodies on the wire never hold more than the
 * owner of the memory allows, however many responses are in flight.
 */
public interface BodyMemory {
    /**
     * Bytes a body may hold past its grant while its connection waits for memory: one socket read (Netty
     * reads at most 64 KiB at a time), of which the body gets at most one decoded piece before
     * {@link BodyValve} holds the rest undecoded. A body that would overdraw more fails as refused for
     * memory (the URL is not at fault), so a fetcher's bodies never hold more than their budget plus this
     * per connection.
     */
    int MAX_OVERDRAFT = 64 * 1024;

    /** Memory without a bound: every claim is granted at once (tests, tools). */
    BodyMemory UNBOUNDED = () -> new Claim() {
        @Override
        public boolean reserve(long bytes, Runnable granted) {
            return true;
        }

        @Override
        public void overdraw(long bytes) {
            // nothing to count
        }

        @Override
        public long granted() {
            return Long.MAX_VALUE;
        }

        @Override
        public void close() {
            // nothing to give back
        }
    };

    /** A claim for one body about to be received; event loop of its connection. */
    Claim claim();

    /**
     * The memory one body holds, from its first byte until its response has been handed on. Used from
     * one event loop; {@code granted} callbacks may come from any thread.
     */
    interface Claim extends AutoCloseable {
        /**
         * Asks that the body may hold {@code bytes} in all. True when it may now; false when it must wait,
         * in which case {@code granted} runs once (on any thread, and must not block) when it may.
         */
        boolean reserve(long bytes, Runnable granted);

        /**
         * The body holds {@code bytes} in all without a grant for them: what arrived from the network after
         * its connection was told to stop reading, which cannot be sent back.
         */
        void overdraw(long bytes);

        /** Bytes granted so far. */
        long granted();

        /** The body was handed on or dropped: its bytes are free again. Idempotent. */
        @Override
        void close();
    }
}
