package org.kcrawl.cli;

import java.util.concurrent.TimeUnit;

/** A {@link JsonLinesSink} on its own thread, stopped in two steps so that several can stop at once. */
final class SinkThread {
    private final JsonLinesSink sink;
    private final Thread thread;

    SinkThread(JsonLinesSink sink) {
        this.sink = sink;
        this.thread = new Thread(sink, "crawl-sink");
    }

    void start() {
        thread.start();
    }

    /** Asks the sink to flush, commit and close; returns at once. */
    void requestStop() {
        sink.stop();
    }

    /** Waits (up to 10 s) for the sink to have closed its file and consumer. */
    void awaitStopped() {
        try {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
