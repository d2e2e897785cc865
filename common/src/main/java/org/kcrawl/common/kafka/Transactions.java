package org.kcrawl.common.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker's producer and how its outputs become visible: at least once (each send on its own, visible
 * when acknowledged) or exactly once (every send inside the open Kafka transaction, which the poll loop
 * ends together with the offsets of the records whose outputs it holds; readers use read_committed).
 *
 * <p>Exactly once, in detail:
 * <ul>
 *   <li>{@link #producer()} sends into the open transaction under a shared lock, and its callbacks run as
 *       soon as the record is appended ({@link AppendingProducer}): an output counts as done when it is in
 *       the transaction, since the transaction either commits with it or aborts, and the loop rewinds.</li>
 *   <li>{@link #group} sends several outputs under one hold of the shared lock, so that they land in one
 *       transaction: a page and its URL's seen marker, or all the links and the record of one page.</li>
 *   <li>{@link #end} takes the lock exclusively (no send is half done), lets the loop apply the completions
 *       those sends produced, and commits the offsets it then names with the transaction.</li>
 *   <li>{@link #afterCommit} defers what must only follow a committed output (a persistent seen store
 *       writing a marker, the parser remembering a published link) to the commit; an abort drops it.</li>
 * </ul>
 * A producer that was fenced or hit a fatal error is replaced by a new one from the factory; the loop
 * rewinds as for an abort.
 */
public final class Transactions implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Transactions.class);
    /** How long the poll thread waits for sends in progress before trying at its next poll instead. */
    private static final long LOCK_WAIT_MILLIS = 200;
    /** A commit slower than this is logged. */
    private static final long SLOW_END_MILLIS = 2_000;

    private final Supplier<Producer<String, byte[]>> factory;
    private final boolean exactlyOnce;
    /** Fair: a waiting commit stops new groups from starting, so it cannot be starved by busy senders. */
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock(true);
    private final AppendingProducer appending;
    private final Object pendingLock = new Object();
    /** Guarded by pendingLock: actions waiting for the open transaction (or a later one) to commit. */
    private List<Runnable> afterCommit = new ArrayList<>();
    private volatile Producer<String, byte[]> producer;
    /** Run under the write lock whenever a transaction aborted or its producer was replaced. */
    private Runnable onAbort = () -> { };
    /** Run after each commit, once its after-commit actions have run. */
    private volatile Runnable onCommit = () -> { };
    /** Run whenever a transaction has begun (outputs may be sent again). */
    private volatile Runnable onBegin = () -> { };
    /** Write lock held: the producer's transactions are initialized. */
    private boolean initialized;
    /** Transactions committed with something in them (ended on the poll thread, read there). */
    private long ended;

    private Transactions(Supplier<Producer<String, byte[]>> factory, boolean exactlyOnce, int maxRequestSize) {
        this.factory = factory;
        this.exactlyOnce = exactlyOnce;
        this.producer = factory.get();
        this.appending = exactlyOnce ? new AppendingProducer(() -> this.producer, lock.readLock(), maxRequestSize)
                : null;
        if (exactlyOnce) {
            begin();
        }
    }

    /** Outputs sent on {@code producer} as they are, each visible once acknowledged. */
    public static Transactions atLeastOnce(Producer<String, byte[]> producer) {
        if (producer == null) {
            throw new IllegalArgumentException("producer must not be null");
        }
        return new Transactions(() -> producer, false, 0);
    }

    /**
     * Outputs in transactions of producers from {@code factory}: each has a {@code transactional.id} and
     * is new (not yet initialized); one is made now and another whenever one is fenced. {@code maxRequestSize}
     * is theirs ({@code max.request.size}).
     */
    public static Transactions exactlyOnce(Supplier<Producer<String, byte[]>> factory, int maxRequestSize) {
        if (factory == null || maxRequestSize <= 0) {
            throw new IllegalArgumentException("factory must not be null and maxRequestSize must be > 0");
        }
        return new Transactions(factory, true, maxRequestSize);
    }

    /** True when outputs are committed in transactions with the offsets of their records. */
    public boolean exactlyOnce() {
        return exactlyOnce;
    }

    /** The producer every output goes through. */
    public Producer<String, byte[]> producer() {
        return exactlyOnce ? appending : producer;
    }

    /** Runs {@code sends} so that all of them land in one transaction; returns what it returns. */
    public <T> T group(Supplier<T> sends) {
        if (!exactlyOnce) {
            return sends.get();
        }
        lock.readLock().lock();
        try {
            return sends.get();
        } finally {
            lock.readLock().unlock();
        }
    }

    /**
     * Runs {@code hook} whenever a transaction is aborted (or its producer replaced), while no group can send:
     * the loop ends its partitions' claims there, so that no output of the work it will redo reaches the
     * next transaction. Poll thread only, before the first end.
     */
    public void onAbort(Runnable hook) {
        this.onAbort = hook == null ? () -> { } : hook;
    }

    /**
     * Runs {@code hook} after each commit, once that transaction's after-commit actions have run (a store
     * that applied them closes the transaction's books).
     */
    public void onCommit(Runnable hook) {
        this.onCommit = hook == null ? () -> { } : hook;
    }

    /** Runs {@code hook} (which must not block) whenever a transaction has begun. */
    public void onBegin(Runnable hook) {
        this.onBegin = hook == null ? () -> { } : hook;
    }

    /**
     * The {@link System#nanoTime} at which the oldest output not yet committed was sent, or -1 when every
     * output sent is committed (or aborted). Exactly once, these outputs are what the worker loses if it dies
     * now; at least once, an output is safe when acknowledged, and this is always -1.
     */
    public long uncommittedSinceNanos() {
        if (!exactlyOnce || !appending.appendedSinceOpen()) {
            return -1;
        }
        return appending.firstAppendNanos();
    }

    /** How many transactions have been committed with outputs or offsets in them. */
    public long ended() {
        return ended;
    }

    /**
     * Runs {@code action} once the outputs sent so far are committed: now, at least once (they are,
     * when acknowledged); else at the end of the open transaction, or never if it aborts.
     */
    public void afterCommit(Runnable action) {
        if (!exactlyOnce) {
            action.run();
            return;
        }
        synchronized (pendingLock) {
            afterCommit.add(action);
        }
    }

    /**
     * Ends the open transaction (poll thread only): takes the send lock, runs {@code settle} (which applies
     * the completions of everything sent so far and returns the offsets to commit with it, or null when an
     * output failed and the transaction must abort), commits them with the transaction, runs the
     * after-commit actions and begins the next. Returns false, having done nothing, when sends in progress
     * held the lock too long (try again at the next poll).
     *
     * @throws TransactionFailedException when the transaction could not commit; it was aborted (or its
     *         producer replaced) and what it held is gone: the caller must redo every record not committed
     */
    public boolean end(Supplier<Map<TopicPartition, OffsetAndMetadata>> settle, Supplier<ConsumerGroupMetadata> group) {
        if (!exactlyOnce) {
            throw new IllegalStateException("at-least-once outputs have no transaction to end");
        }
        try {
            if (!lock.writeLock().tryLock(LOCK_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                return false;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        try {
            if (!appending.isOpen()) {
                try {
                    begin();
                } catch (RuntimeException e) {
                    throw new TransactionFailedException("no transaction could begin", e);
                }
            }
            Map<TopicPartition, OffsetAndMetadata> offsets = settle.get();
            if (offsets == null) {
                throw new TransactionFailedException(recover(null), new KafkaException("an output failed"));
            }
            if (offsets.isEmpty() && !appending.appendedSinceOpen()) {
                return true; // nothing to end: a commit would cost the coordinator a round trip for nothing
            }
            List<Runnable> actions;
            long started = System.nanoTime();
            try {
                if (!offsets.isEmpty()) {
                    producer.sendOffsetsToTransaction(offsets, group.get());
                }
                producer.commitTransaction();
            } catch (RuntimeException e) {
                throw new TransactionFailedException(recover(e), e);
            }
            long tookMs = (System.nanoTime() - started) / 1_000_000;
            if (tookMs >= SLOW_END_MILLIS) {
                // Sends wait meanwhile: a broker slow or away shows here first.
                log.info("committing the output transaction took {} ms", tookMs);
            }
            synchronized (pendingLock) {
                actions = afterCommit;
                afterCommit = new ArrayList<>();
            }
            try {
                begin();
            } catch (RuntimeException e) {
                // Committed all the same; sends fail until the next end begins a transaction.
                log.warn("the next output transaction cannot begin yet; trying at the next commit: {}", e.toString());
            }
            ended++;
            actions.forEach(Runnable::run);
            onCommit.run();
            return true;
        } finally {
            lock.writeLock().unlock();
        }
    }

    /**
     * Aborts the open transaction (poll thread only), waiting for sends in progress: its outputs and
     * after-commit actions are dropped, and the caller must redo every record not committed.
     */
    public void abort(String why) {
        if (!exactlyOnce) {
            return;
        }
        lock.writeLock().lock();
        try {
            log.warn("aborting the output transaction ({}); the records it held will be handled again", why);
            try {
                producer.abortTransaction();
                dropPending();
                onAbort.run();
                begin();
            } catch (RuntimeException e) {
                recover(e);
            }
        } finally {
            lock.writeLock().unlock();
        }
    }

    /**
     * Closes the producer, waiting up to {@code timeout} for what it still sends. Exactly once, the open
     * transaction is aborted first: what it holds was never committed with its offsets, so it is redone by
     * the records' next owner; and a producer closed with a transaction open waits for the whole timeout.
     */
    public void close(Duration timeout) {
        if (exactlyOnce) {
            lock.writeLock().lock();
            try {
                if (appending.isOpen()) {
                    appending.open(false);
                    producer.abortTransaction();
                }
            } catch (RuntimeException e) {
                log.warn("aborting the open output transaction at close failed: {}", e.toString());
            } finally {
                lock.writeLock().unlock();
            }
        }
        producer.close(timeout);
    }

    @Override
    public void close() {
        close(Duration.ofSeconds(30));
    }

    /**
     * After a failed end: aborts the transaction when the producer can, else replaces the producer. Returns
     * what happened, for the caller's log line. Write lock held.
     */
    private String recover(RuntimeException cause) {
        dropPending();
        onAbort.run();
        if (cause == null || !TransactionErrors.isFatal(cause)) {
            try {
                producer.abortTransaction();
                begin();
                return "aborted";
            } catch (RuntimeException e) {
                if (!TransactionErrors.isFatal(e)) {
                    // Neither commit nor abort went through (a broker away): a new producer's initialization
                    // aborts what this one left open once the coordinator answers again.
                    log.warn("aborting the output transaction failed too: {}", e.toString());
                }
            }
        }
        Producer<String, byte[]> old = producer;
        old.close(Duration.ZERO);
        producer = factory.get();
        initialized = false;
        try {
            begin();
        } catch (RuntimeException e) {
            log.warn("the new output producer cannot begin a transaction yet; trying at the next commit: {}",
                    e.toString());
        }
        return "producer replaced";
    }

    /**
     * Opens the next transaction, first initializing a new producer (which fences an earlier one of its
     * transactional id and aborts what that one left open). Until it succeeds sends fail, and the next end
     * tries again. Write lock held (or the constructor).
     */
    private void begin() {
        appendingOpen(false);
        if (!initialized) {
            producer.initTransactions();
            initialized = true;
        }
        producer.beginTransaction();
        appendingOpen(true);
        onBegin.run();
    }

    private void appendingOpen(boolean open) {
        if (appending != null) {
            appending.open(open);
        }
    }

    private void dropPending() {
        synchronized (pendingLock) {
            afterCommit = new ArrayList<>();
        }
    }
}
