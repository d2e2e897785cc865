package org.kcrawl.fetcher.seen;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.kcrawl.common.message.SeenMarkers;
import org.kcrawl.http.politeness.HostRate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Catches the {@link SeenStore}'s sets of newly assigned partitions up with the compacted seen topic:
 * reads each partition from where its set resumes (the beginning for the heap store, the checkpoint for
 * RocksDB) to its current end, with a dedicated consumer outside any group (assign, never subscribe).
 * Each completed fingerprint's last fetch time is the record's timestamp, which the fetcher sets to
 * the fetch's completion: the value (the URL's {@link org.kcrawl.common.message.UrlStatus}) is never
 * parsed here, so a restore costs what it cost before the store kept statuses.
 *
 * <p>Used on the poll thread inside the rebalance callback, where blocking is allowed and is the
 * point: no record of a newly assigned partition may be handled before its history is loaded, or
 * URLs completed by the previous owner would be fetched again. The callback runs inside
 * {@code poll()}, so the group waits for it as long as it finishes within
 * {@code max.poll.interval.ms}; each partition has a {@link RestoreBudget} sized to the records it
 * must read, and a partition past its budget fails the restore loudly, naming it.
 */
public final class SeenRestorer implements SeenHistory, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(SeenRestorer.class);
    private static final Duration POLL = Duration.ofMillis(200);
    /**
     * Longest wait for the transactions undecided on a partition at its restore: a commit's markers are
     * written some milliseconds after its producer was told it committed, a fenced transaction's abort as
     * quickly; longer only while a broker is away.
     */
    static final Duration COMMIT_WAIT = Duration.ofSeconds(20);

    private final Consumer<String, byte[]> consumer;
    /** Null at least once: no transaction to wait for. */
    private final CommittingTransactions transactions;
    private final String topic;
    private final SeenStore store;
    private final RestoreBudget budget;
    private final Duration commitWait;
    private final AtomicLong recordsRead = new AtomicLong();
    private volatile long progressNanos;
    private volatile boolean restoring;
    private volatile Runnable betweenReads = () -> { };
    /** Where the hosts' learned rates are kept, read along with the seen topic; null when not restored. */
    private volatile HostRateRestore hostRates;

    /**
     * Restores {@code store}'s sets from {@code topic} with {@code consumer}; owns and closes the
     * consumer and the store.
     */
    public SeenRestorer(Consumer<String, byte[]> consumer, String topic, SeenStore store, RestoreBudget budget) {
        this(consumer, null, topic, store, budget);
    }

    /**
     * A restorer for markers written in transactions: after reading each partition to its read-committed
     * end it asks {@code transactions} which of them hold a transaction still to be decided, reads on until
     * none does, then reads to the ends as they are after that. A read-committed end stops at the first
     * undecided transaction: the previous owner's last commit for some milliseconds after its producer was
     * told it committed, or one left open by an owner that died, which holds back the markers every later
     * owner committed after it until its coordinator aborts it (it is fenced, so that it aborts at once). A
     * restore stopping there would miss those seen markers, and their URLs would be fetched again. Owns and
     * closes the consumer and {@code transactions}.
     */
    public SeenRestorer(Consumer<String, byte[]> consumer, CommittingTransactions transactions, String topic,
                        SeenStore store, RestoreBudget budget) {
        this(consumer, transactions, topic, store, budget, COMMIT_WAIT);
    }

    SeenRestorer(Consumer<String, byte[]> consumer, CommittingTransactions transactions, String topic,
                 SeenStore store, RestoreBudget budget, Duration commitWait) {
        if (consumer == null || store == null || budget == null) {
            throw new IllegalArgumentException("consumer, store and budget must not be null");
        }
        if (topic == null || topic.isBlank()) {
            throw new IllegalArgumentException("topic must not be blank");
        }
        this.consumer = consumer;
        this.transactions = transactions;
        this.topic = topic;
        this.store = store;
        this.budget = budget;
        this.commitWait = commitWait;
    }

    /**
     * Runs {@code hook} on the restoring thread after each read of the seen topic (at least every
     * {@link #POLL}) while a restore runs: the fetcher's loop ends its output transaction there, so that
     * the pages its other partitions fetch meanwhile are not held uncommitted for the whole restore.
     */
    public void betweenReads(Runnable hook) {
        this.betweenReads = hook == null ? () -> { } : hook;
    }

    /**
     * Also reads, at each restore, the assigned partitions of {@code topic} (compacted, co-partitioned with the
     * seen topic: the rates hosts learned from their servers' refusals, {@link HostRateRestore}) from their
     * beginning, in the same reads as the seen topic's, and hands what they hold to {@code sink}.
     */
    public void restoreHostRates(String topic, java.util.function.Consumer<Collection<HostRate>> sink) {
        this.hostRates = new HostRateRestore(topic, sink);
    }

    /**
     * The completed set of each of {@code partitions}, caught up to the topic's end. Throws
     * {@link IllegalStateException} when a partition cannot be read to its end within its budget.
     */
    @Override
    public Map<Integer, CompletedSet> restore(Collection<Integer> partitions) {
        Map<Integer, CompletedSet> sets = new HashMap<>();
        if (partitions.isEmpty()) {
            return sets;
        }
        restoring = true;
        progressNanos = System.nanoTime();
        boolean done = false;
        try {
            for (Integer p : partitions) {
                sets.put(p, store.open(p));
            }
            read(sets);
            done = true;
            return sets;
        } finally {
            restoring = false;
            if (!done) {
                sets.values().forEach(CompletedSet::close);
            }
            consumer.assign(List.of());
        }
    }

    private void read(Map<Integer, CompletedSet> sets) {
        long started = System.nanoTime();
        List<TopicPartition> tps = new ArrayList<>();
        sets.keySet().forEach(p -> tps.add(new TopicPartition(topic, p)));
        HostRateRestore rates = hostRates;
        if (rates != null) {
            tps.addAll(rates.partitions(sets.keySet()));
        }
        consumer.assign(tps);
        Duration ask = budget.allowance();
        Map<TopicPartition, Long> begins = consumer.beginningOffsets(tps, ask);
        Map<TopicPartition, Long> ends = consumer.endOffsets(tps, ask);
        Map<TopicPartition, Long> deadlines = new HashMap<>();
        long toRead = 0;
        for (TopicPartition tp : tps) {
            long from = rates != null && rates.reads(tp) ? seekTo(tp, begins.get(tp))
                    : startAt(tp, sets, begins.get(tp), ends.get(tp));
            long records = ends.get(tp) - from;
            toRead += records;
            deadlines.put(tp, started + budget.forRecords(records).toNanos());
        }
        long before = recordsRead.get();
        int malformed = readTo(ends, sets, deadlines, started, ask, rates);
        if (transactions != null) {
            malformed += awaitUndecided(tps, sets, rates);
            // Whatever was being committed when the ends were asked for is committed now, its markers before
            // the read-committed end: read on to it. (Found committed by the check above, or finished while
            // the partitions were read: then the ends asked at the start stop short of it.) A budget of its
            // own: the wait may have spent the first one.
            Map<TopicPartition, Long> settled = consumer.endOffsets(tps, ask);
            long now = System.nanoTime();
            Map<TopicPartition, Long> tail = new HashMap<>();
            for (TopicPartition tp : tps) {
                long left = Math.max(0, settled.get(tp) - consumer.position(tp, ask));
                tail.put(tp, now + budget.forRecords(left).toNanos());
            }
            malformed += readTo(settled, sets, tail, now, ask, rates);
        }
        Map<Integer, Long> readTo = new TreeMap<>();
        for (TopicPartition tp : tps) {
            if (rates != null && rates.reads(tp)) {
                continue;
            }
            // The position, not the end asked at the start: every record before it is applied.
            long position = consumer.position(tp, ask);
            sets.get(tp.partition()).caughtUp(position);
            readTo.put(tp.partition(), position);
        }
        if (malformed > 0) {
            log.warn("ignored {} malformed records (seen keys, learned host rates) in {}", malformed, tps);
        }
        if (rates != null) {
            rates.finish();
        }
        log.info("restored seen-set of {} partitions of {}: read {} of at most {} records in {} ms (partition=offset"
                + " reached: {})", tps.size(), topic, recordsRead.get() - before, toRead,
                (System.nanoTime() - started) / 1_000_000, readTo);
    }

    /**
     * Reads each partition to its offset in {@code ends}, within its deadline; returns the malformed records
     * skipped.
     */
    private int readTo(Map<TopicPartition, Long> ends, Map<Integer, CompletedSet> sets,
                       Map<TopicPartition, Long> deadlines, long started, Duration ask, HostRateRestore rates) {
        int malformed = 0;
        List<TopicPartition> open = new ArrayList<>(ends.keySet());
        while (true) {
            open.removeIf(tp -> consumer.position(tp, ask) >= ends.get(tp));
            if (open.isEmpty()) {
                return malformed;
            }
            long now = System.nanoTime();
            for (TopicPartition tp : open) {
                if (now - deadlines.get(tp) > 0) {
                    throw new IllegalStateException("restoring the seen-set of " + tp + " did not reach the end "
                            + ends.get(tp) + " (at " + consumer.position(tp, ask) + ") within its budget of "
                            + Duration.ofNanos(deadlines.get(tp) - started) + "; the fetcher cannot deduplicate"
                            + " without it: raise seen_restore_timeout or lower seen_restore_min_rate if the"
                            + " cluster is this slow");
                }
            }
            malformed += pollOnce(sets, rates);
        }
    }

    /**
     * Exactly once: waits, reading on, while a transaction on {@code tps} is being committed (see
     * {@link CommittingTransactions}), at most {@link #COMMIT_WAIT}; returns the malformed records skipped.
     */
    private int awaitUndecided(List<TopicPartition> tps, Map<Integer, CompletedSet> sets, HostRateRestore rates) {
        long started = System.nanoTime();
        int malformed = 0;
        Set<TopicPartition> undecided = transactions.undecided(tps);
        while (!undecided.isEmpty()) {
            if (System.nanoTime() - started > commitWait.toNanos()) {
                log.warn("{}: a transaction written before the restore was still undecided after {} ms; going on"
                        + " without what it holds back (URLs it completed may be fetched again)", undecided,
                        commitWait.toMillis());
                return malformed;
            }
            malformed += pollOnce(sets, rates);
            undecided = transactions.undecided(undecided);
        }
        long waitedMs = (System.nanoTime() - started) / 1_000_000;
        if (waitedMs >= 1_000) {
            log.info("{}: waited {} ms for earlier owners' transactions to be decided", tps, waitedMs);
        }
        return malformed;
    }

    private int pollOnce(Map<Integer, CompletedSet> sets, HostRateRestore rates) {
        int malformed = 0;
        for (ConsumerRecord<String, byte[]> r : consumer.poll(POLL)) {
            if (rates != null && rates.reads(r.topic())) {
                malformed += rates.apply(r);
            } else {
                malformed += apply(sets.get(r.partition()), r);
                recordsRead.incrementAndGet();
            }
        }
        progressNanos = System.nanoTime();
        betweenReads.run();
        return malformed;
    }

    /** Seeks {@code tp} to {@code offset} and returns it. */
    private long seekTo(TopicPartition tp, long offset) {
        consumer.seek(tp, offset);
        return offset;
    }

    /**
     * Seeks {@code tp} to where its set resumes and returns that offset; a set whose checkpoint does
     * not fit the partition (past its end: the topic was recreated; before its start: records were
     * deleted) is reset and read from the beginning.
     */
    private long startAt(TopicPartition tp, Map<Integer, CompletedSet> sets, long begin, long end) {
        CompletedSet set = sets.get(tp.partition());
        long resume = set.resumeOffset();
        if (resume > end || (resume > 0 && resume < begin)) {
            log.warn("seen store of {} is checkpointed at {} but the partition holds {}..{}; rebuilding it",
                    tp, resume, begin, end);
            set = store.reset(tp.partition(), set);
            sets.put(tp.partition(), set);
            resume = set.resumeOffset();
        }
        long from = Math.max(resume, begin);
        consumer.seek(tp, from);
        return from;
    }

    private static int apply(CompletedSet set, ConsumerRecord<String, byte[]> r) {
        long fp;
        try {
            fp = SeenMarkers.fingerprint(r.key());
        } catch (IllegalArgumentException e) {
            return 1;
        }
        // -1: part of the restore, whose end caughtUp() states once everything read is durable.
        if (r.value() == null) {
            set.remove(fp, -1); // a tombstone: an operator un-marked the URL
        } else {
            set.add(fp, FetchTimes.ofMillis(r.timestamp()), -1);
        }
        return 0;
    }

    /** Seen records read by all restores so far (a restore from a checkpoint reads only the tail). */
    public long recordsRead() {
        return recordsRead.get();
    }

    /** True while a restore runs and has read something (or started) within {@code window}. */
    public boolean restoringWithin(Duration window) {
        return restoring && System.nanoTime() - progressNanos < window.toNanos();
    }

    @Override
    public void close() {
        try {
            consumer.close(CloseOptions.timeout(Duration.ofSeconds(5)));
            if (transactions != null) {
                transactions.close();
            }
        } finally {
            store.close();
        }
    }
}
