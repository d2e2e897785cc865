package org.kcrawl.archiver;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Holds a full WARC file open until the group has committed the offsets of every page in it. A finished
 * file is one the archiver will never write again; if it were finished while some of its pages' offsets
 * were still uncommitted (they are committed asynchronously, after the sync), an archiver killed in
 * between would archive those pages a second time from a new owner or restart, in another file, and a
 * finished file would hold pages archived twice. With the gate, only the file open at a crash can repeat
 * pages (its orphan is finished at the next start, and its uncommitted pages come again).
 *
 * <p>The writer thread records what it wrote and waits; the poll thread reports commits and ownership.
 */
final class CommitGate {
    private final Object signal = new Object();
    /** Poll thread writes, writer thread reads: the next offset the group will resume from, per partition. */
    private final Map<TopicPartition, Long> committed = new ConcurrentHashMap<>();
    /** Writer thread only: per partition, one past the last offset written to the current file. */
    private final Map<TopicPartition, Long> needed = new HashMap<>();

    /** The page at {@code offset} of {@code tp} was written to the current file. Writer thread. */
    void wrote(TopicPartition tp, long offset) {
        needed.merge(tp, offset + 1, Math::max);
    }

    /** The current file was finished (or given up): the next one starts with nothing to wait for. Writer thread. */
    void fileEnded() {
        needed.clear();
    }

    /**
     * Waits up to {@code timeoutMillis} until every page of the current file has its offset committed, or
     * its partition is no longer this worker's; true when so. Writer thread.
     */
    boolean awaitCovered(long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        synchronized (signal) {
            while (!covered()) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    return false;
                }
                signal.wait(left);
            }
            return true;
        }
    }

    /** The group committed {@code offsets}. Poll thread. */
    void committed(Map<TopicPartition, OffsetAndMetadata> offsets) {
        offsets.forEach((tp, o) -> committed.merge(tp, o.offset(), Math::max));
        wake();
    }

    /** Partitions taken up: nothing of them is committed by this owner yet. Poll thread. */
    void assigned(Collection<TopicPartition> tps) {
        tps.forEach(committed::remove);
    }

    /**
     * Partitions gone: their pages in the file stay there, and their next owner archives the uncommitted
     * ones again whatever this worker does, so they hold no file open. Poll thread.
     */
    void released(Collection<TopicPartition> tps) {
        tps.forEach(tp -> committed.put(tp, Long.MAX_VALUE));
        wake();
    }

    private boolean covered() {
        for (Map.Entry<TopicPartition, Long> need : needed.entrySet()) {
            if (committed.getOrDefault(need.getKey(), -1L) < need.getValue()) {
                return false;
            }
        }
        return true;
    }

    private void wake() {
        synchronized (signal) {
            signal.notifyAll();
        }
    }
}
