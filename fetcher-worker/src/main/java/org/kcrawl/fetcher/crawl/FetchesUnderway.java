package org.kcrawl.fetcher.crawl;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.common.TopicPartition;
import org.kcrawl.common.kafka.RecordId;
import org.kcrawl.fetcher.politeness.HostScheduler;

/**
 * The URLs whose request went out and whose outputs are not all acknowledged yet, and the wait for none
 * to be left that a graceful stop's drain does.
 */
final class FetchesUnderway {
    private final HostScheduler scheduler;
    private final AtomicInteger fetching = new AtomicInteger();
    /** The records of the URLs counted, for a revoke to wait for those of its partitions. */
    private final Set<RecordId> records = ConcurrentHashMap.newKeySet();
    private final Object idle = new Object();

    /** Counts against {@code scheduler}, whose requests on the wire (robots.txt too) the wait waits for. */
    FetchesUnderway(HostScheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** {@code task}'s request goes out: it is counted until its outputs are acknowledged (or it fails). */
    void started(ConsumedTask task) {
        fetching.incrementAndGet();
        RecordId record = new RecordId(task.claim().partition(), task.offset());
        records.add(record);
        task.done.whenComplete((v, error) -> {
            records.remove(record);
            fetching.decrementAndGet();
            synchronized (idle) {
                idle.notifyAll();
            }
        });
    }

    /** The records of {@code partitions} whose request went out and whose outputs are not all acknowledged yet. */
    List<RecordId> in(Collection<TopicPartition> partitions) {
        List<RecordId> out = new ArrayList<>();
        for (RecordId r : records) {
            if (partitions.contains(r.partition())) {
                out.add(r);
            }
        }
        return out;
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
