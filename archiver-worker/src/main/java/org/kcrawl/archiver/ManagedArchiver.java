package org.kcrawl.archiver;

import java.time.Duration;
import java.util.Optional;
import org.kcrawl.common.runtime.ManagedWorker;

/** An {@link ArchiverWorker} as a {@link org.kcrawl.common.runtime.WorkerProcess} runs it. */
final class ManagedArchiver implements ManagedWorker {
    private final ArchiverWorker worker;

    ManagedArchiver(ArchiverWorker worker) {
        if (worker == null) {
            throw new IllegalArgumentException("worker must not be null");
        }
        this.worker = worker;
    }

    ArchiverWorker archiver() {
        return worker;
    }

    @Override
    public void start() {
        worker.start();
    }

    @Override
    public void stop() {
        worker.stop();
    }

    @Override
    public boolean isAlive(Duration maxSilence) {
        return worker.isAlive(maxSilence);
    }

    @Override
    public int assignedPartitions() {
        return worker.assignedPartitions();
    }

    @Override
    public boolean awaitTermination(Duration timeout) throws InterruptedException {
        return worker.awaitStopped(timeout);
    }

    @Override
    public Optional<Throwable> failure() {
        return Optional.ofNullable(worker.failure());
    }
}
