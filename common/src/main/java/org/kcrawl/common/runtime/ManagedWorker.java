package org.kcrawl.common.runtime;

import java.time.Duration;
import java.util.Optional;

/** What a {@link WorkerProcess} needs of the worker it runs: starting it, watching it and stopping it. */
public interface ManagedWorker {

    /** Connects and starts consuming. */
    void start();

    /** Stops gracefully and waits for that, within the worker's drain time. Idempotent. */
    void stop();

    /** True while the worker's poll loops run and each polled within {@code maxSilence}. */
    boolean isAlive(Duration maxSilence);

    /** Partitions of the worker's input topic it owns now. */
    int assignedPartitions();

    /** Waits until the poll loops have ended (stopped or failed); false when {@code timeout} passed first. */
    boolean awaitTermination(Duration timeout) throws InterruptedException;

    /** What killed a poll loop, if anything did. */
    Optional<Throwable> failure();
}
