package org.kcrawl.fetcher.crawl;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.common.TopicPartition;
import org.kcrawl.common.kafka.RecordId;
import org.kcrawl.http.pipeline.ConsumedTask;
import org.kcrawl.http.politeness.HostScheduler;

/**
 * The URLs whose request went out and whose outputs are not all acknowledged yet, and the wait for none
 * to be left that a graceful stop's drain does.
 */
final class FetchesUnderway {
    private final HostScheduler scheduler;
    /** The URLs counted, each once however many requests it makes (redirect hops, retries), by identity. */
    private final Set<ConsumedTask> tasks = ConcurrentHashMap.newKeySet();
    private final Object idle = new Object();

    /** Counts against {@code scheduler}, whose requests on the wire (robots.txt too) the wait waits for. */
    FetchesUnderway(HostScheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** {@code task}'s request goes out: it is counted until its outputs are acknowledged (or it fails). */
    void started(ConsumedTask task) {
        if (!tasks.add(task)) {
            return; // a later request of a URL already counted (a redirect hop, a retry)
        }
        task.done.whenComplete((v, error) -> {
            tasks.remove(task);
            synchronized (idle) {
                idle.notifyAll();
            }
        });
    }

    /** The records of {@code partitions} whose request went out and whose outputs are not all acknowledged yet. */
    List<RecordId> in(Collection<TopicPartition> partitions) {
        List<RecordId> out = new ArrayList<>();
        for (ConsumedTask t : tasks) {
            TopicPartition tp = t.claim().partition();
            if (partitions.contains(tp)) {
                out.add(new RecordId(tp, t.offset()));
            }
        }
        return out;
    }

    /** URLs whose request went out and whose outputs are not all acknowledged yet. */
    int count() {
        return tasks.size();
    }

    /**
     * Waits until no request is on the wire and every fetched URL's outputs are acknowledged, or
     * {@code timeout} passes; true when idle. For a graceful stop, after the scheduler was told to
     * stop starting requests.
     */
    boolean awaitIdle(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (idle) {
            while (!tasks.isEmpty() || scheduler.counts().inFlight() > 0) {
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
