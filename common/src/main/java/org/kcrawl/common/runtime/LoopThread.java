package org.kcrawl.common.runtime;

import java.util.Optional;

/**
 * A poll loop on a daemon thread of its own, which keeps the error that ended the loop, if one did, so
 * the worker can report it ({@link ManagedWorker#failure()}) and its caller exit non-zero.
 */
public final class LoopThread {
    private final Thread thread;
    private final Runnable onFailure;
    private volatile Throwable failure;

    /**
     * A thread named {@code name} that runs {@code loop}, which logs its own errors.
     *
     * @param onFailure run after the loop failed (to stop a worker whose other loops cannot go on alone)
     */
    public LoopThread(String name, Runnable loop, Runnable onFailure) {
        if (name == null || loop == null || onFailure == null) {
            throw new IllegalArgumentException("name, loop and onFailure are required");
        }
        this.onFailure = onFailure;
        this.thread = daemon(() -> run(loop), name);
    }

    /** Starts the loop's thread. */
    public void start() {
        thread.start();
    }

    /** What ended the loop, if it failed. */
    public Optional<Throwable> failure() {
        return Optional.ofNullable(failure);
    }

    /** A daemon thread named {@code name} that runs {@code r}, not started. */
    public static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    private void run(Runnable loop) {
        try {
            loop.run();
        } catch (RuntimeException | Error e) {
            failure = e;
            onFailure.run();
        }
    }
}
