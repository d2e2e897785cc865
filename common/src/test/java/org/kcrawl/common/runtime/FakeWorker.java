package org.kcrawl.common.runtime;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/** A worker whose state the test sets: it records what the process asks of it and ends when told to. */
final class FakeWorker implements ManagedWorker {
    final AtomicInteger starts = new AtomicInteger();
    final AtomicInteger stops = new AtomicInteger();
    final AtomicReference<Duration> askedSilence = new AtomicReference<>();
    final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final CountDownLatch ended = new CountDownLatch(1);
    volatile boolean alive = true;
    volatile int partitions;

    /** Ends the poll loops, with {@code cause} as the failure when not null. */
    void end(Throwable cause) {
        failure.set(cause);
        ended.countDown();
    }

    @Override
    public void start() {
        starts.incrementAndGet();
    }

    @Override
    public void stop() {
        stops.incrementAndGet();
        ended.countDown();
    }

    @Override
    public boolean isAlive(Duration maxSilence) {
        askedSilence.set(maxSilence);
        return alive;
    }

    @Override
    public int assignedPartitions() {
        return partitions;
    }

    @Override
    public boolean awaitTermination(Duration timeout) throws InterruptedException {
        return ended.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    @Override
    public Optional<Throwable> failure() {
        return Optional.ofNullable(failure.get());
    }
}
