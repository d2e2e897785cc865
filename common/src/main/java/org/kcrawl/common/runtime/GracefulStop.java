package org.kcrawl.common.runtime;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.Consumer;
import org.kcrawl.common.kafka.WorkerLoop;
import org.slf4j.Logger;

/**
 * The steps of a graceful stop that the fetcher and the render worker share, around what each waits for:
 * no new request starts, the worker's own drain (what is on the wire finishes and is committed, the poll
 * loops are asked to stop and waited for), or, when the loops never ran, their consumers closed here; and
 * at the end the sends still queued get their time. Each worker closes the rest of what it owns itself,
 * in its own order. Its log lines are the worker's: they go to its logger, naming it.
 */
public final class GracefulStop {
    /** How long a poll loop asked to stop is waited for, and the sends still queued. */
    private static final Duration LOOP_AND_SENDS_WAIT = Duration.ofSeconds(30);
    /** How long closing a consumer that never polled may take. */
    private static final Duration UNUSED_CONSUMER_CLOSE = Duration.ofSeconds(5);

    private final Logger log;
    private final String worker;

    /**
     * @param log    the worker's logger
     * @param worker the worker as its log lines name it ({@code fetcher}, {@code render})
     */
    public GracefulStop(Logger log, String worker) {
        if (log == null || worker == null || worker.isBlank()) {
            throw new IllegalArgumentException("log and worker are required");
        }
        this.log = log;
        this.worker = worker;
    }

    /** What a started worker waits for before it closes: its requests on the wire, then its poll loops. */
    @FunctionalInterface
    public interface Drain {
        /** Waits; an interrupt ends the wait, and the stop goes on (keeping the interrupt). */
        void run() throws InterruptedException;
    }

    /**
     * Ends the worker's poll loops. When they were {@code started}: no new request starts at
     * {@code stopStarting} (the worker's politeness scheduler stops starting requests), then {@code drain} runs. Otherwise the loops never ran, so their
     * {@code consumers} are closed here (a running loop closes its own).
     */
    public void stopLoops(boolean started, Runnable stopStarting, Drain drain, Consumer<?, ?>... consumers) {
        if (started) {
            stopStarting.run();
            try {
                drain.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        } else {
            for (Consumer<?, ?> consumer : consumers) {
                consumer.close(CloseOptions.timeout(UNUSED_CONSUMER_CLOSE));
            }
        }
    }

    /** Waits 30 s for {@code loop}, already asked to stop, to end; says so when it did not. */
    public void awaitLoop(WorkerLoop<?> loop) throws InterruptedException {
        if (!loop.awaitStopped(LOOP_AND_SENDS_WAIT)) {
            log.warn("{} poll loop did not stop within 30 s; closing anyway", worker);
        }
    }

    /**
     * Lets the sends queued on {@code sends} go out, within 30 s; what is left then is not committed and
     * the partition's next owner does it again.
     */
    public void drainSends(ExecutorService sends) {
        sends.shutdown();
        try {
            if (!sends.awaitTermination(LOOP_AND_SENDS_WAIT.toSeconds(), TimeUnit.SECONDS)) {
                log.warn("{} outputs still queued after 30 s; they will be redone by the next owner", worker);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
