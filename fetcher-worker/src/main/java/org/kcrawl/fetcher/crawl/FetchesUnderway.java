package org.kcrawl.fetcher.crawl;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.kcrawl.fetcher.politeness.HostScheduler;

/**
 * The URLs whose request went out and whose outputs are not all acknowledged yet, and the wait for none
 * to be left that a graceful stop's drain does.
 */
final class FetchesUnderway {
    private final HostScheduler scheduler;
    private final AtomicInteger fetching = new AtomicInteger();
    private final Object idle = new Object();

    /** Counts against {@code scheduler}, whose requests on the wire (robots.txt too) the wait waits for. */
    FetchesUnderway(HostScheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** {@code task}'s request goes out: it is counted until its outputs are acknowledged (or it fails). */
    void started(ConsumedTask task) {
        fetching.incrementAndGet();
        task.done.whenComplete((v, error) -> {
            fetching.decrementAndGet();
            synchronized (idle) {
                idle.notifyAll();
            }
        });
    }

    /** URLs whose request went out and whose outputs are not all acknowledged yet. */
    int count() {
        return fetching.get();
    }

    /**
     * Waits until no request is on the wire and every fetched URL's outputs are acknowledged, or
     * {@code timeout} passes; true when idle. For a graceful stop, after the scheduler was told to
     * stop starting requests.
     */
    boolean awaitIdle(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (idle) {
            while (fetching.get() > 0 || scheduler.counts().inFlight() > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                // Woken by each finished URL; the bound also covers robots.txt requests, which do not notify.
                idle.wait(Math.max(1, Math.min(50, left / 1_000_000)));
            }
            return true;
        }
    }
}
