package org.kcrawl.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kills a random worker with SIGKILL at random intervals and starts it again at once, the way a node
 * failure or an OOM kill followed by a pod restart would. Strikes take turns between the kinds of worker
 * (a random replica of each), so a short run still kills fetchers and parsers alike. Strikes run on a
 * timer thread of their own.
 */
final class ChaosMonkey implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ChaosMonkey.class);

    /** One kill and restart. */
    record Strike(String victim, long atMillis) {}

    private final Workers workers;
    private final Random random;
    private final long minGapMillis;
    private final long maxGapMillis;
    private final long originNanos = System.nanoTime();

    /** When the monkey was made, in {@link System#nanoTime()}: what its strikes' times count from. */
    long originNanos() {
        return originNanos;
    }
    private final List<Strike> strikes = new ArrayList<>();
    private final List<Throwable> errors = new ArrayList<>();
    private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
        Thread t = new Thread(r, "chaos-monkey");
        t.setDaemon(true);
        return t;
    });

    ChaosMonkey(Workers workers, Random random, Duration minGap, Duration maxGap) {
        if (minGap.isNegative() || minGap.isZero() || maxGap.compareTo(minGap) < 0) {
            throw new IllegalArgumentException("minGap must be positive and maxGap >= minGap but were " + minGap
                    + " and " + maxGap);
        }
        this.workers = workers;
        this.random = random;
        this.minGapMillis = minGap.toMillis();
        this.maxGapMillis = maxGap.toMillis();
        // A strike still waiting for its time when the monkey is closed must not happen at all.
        timer.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    /** Schedules the first strike. */
    void start() {
        scheduleNext();
    }

    /** Stops striking and waits for a strike in progress, so every worker is running afterwards. */
    @Override
    public void close() {
        timer.shutdown();
        try {
            if (!timer.awaitTermination(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("a strike did not finish within 60 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping the chaos monkey", e);
        }
    }

    /** The strikes so far. */
    synchronized List<Strike> strikes() {
        return List.copyOf(strikes);
    }

    /** Failures of the monkey itself (a worker that would not die or start); empty in a sound run. */
    synchronized List<Throwable> errors() {
        return List.copyOf(errors);
    }

    private void scheduleNext() {
        long gap = minGapMillis + (long) (random.nextDouble() * (maxGapMillis - minGapMillis));
        try {
            timer.schedule(this::strike, gap, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            log.debug("chaos monkey closed; no further strikes");
        }
    }

    private void strike() {
        List<WorkerKind> kinds = workers.kinds();
        WorkerSlot victim;
        synchronized (this) {
            victim = workers.random(kinds.get(strikes.size() % kinds.size()), random);
        }
        try {
            long at = Duration.ofNanos(System.nanoTime() - originNanos).toMillis();
            if (victim.isRunning()) {
                victim.kill();
            }
            victim.start();
            synchronized (this) {
                strikes.add(new Strike(victim.name(), at));
            }
            log.info("chaos: killed and restarted {} at +{} ms", victim.name(), at);
        } catch (RuntimeException e) {
            synchronized (this) {
                errors.add(e);
            }
            log.error("chaos: strike on {} failed", victim.name(), e);
        }
        scheduleNext();
    }
}
