package org.kcrawl.common.kafka;

/**
 * Where {@link OutputPublisher} counts the bytes of the pages it has handed to the producer until the broker has
 * answered for them: the worker's memory budget of pages (the fetcher's page memory), or nothing.
 */
public interface UnackedPages {
    /** Counts nothing: for outputs whose pages are not budgeted. */
    UnackedPages UNCOUNTED = new UnackedPages() {
        @Override
        public void take(long bytes) {
        }

        @Override
        public void give(long bytes) {
        }
    };

    /** A page of {@code bytes} was handed over to wait for the broker. */
    void take(long bytes);

    /** A page of {@code bytes} reached the broker, or never will. */
    void give(long bytes);
}
