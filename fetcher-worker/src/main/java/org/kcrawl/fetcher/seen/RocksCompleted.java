package org.kcrawl.fetcher.seen;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.rocksdb.FlushOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * One partition's completed fingerprints in a RocksDB database: key = the fingerprint as 8 big-endian
 * bytes, value = its last fetch time ({@link FetchTimes}) as 4 big-endian bytes (an empty value, as
 * databases written before times were kept hold, reads as the earliest time); plus one checkpoint entry (a longer key, so it never meets a fingerprint) holding
 * the seen-topic offset before which every record is in the database.
 *
 * <p>Why the checkpoint never claims a marker the database lacks:
 * <ul>
 *   <li>A restore writes in batches without the write-ahead log (a crash may lose them), then flushes
 *       the memtables to table files (which RocksDB syncs) and only then writes the checkpoint.</li>
 *   <li>Live markers go through the write-ahead log, and the checkpoint that covers them is written
 *       after them, through the same log. Recovery replays the log in order and cuts off a torn end
 *       ({@code PointInTimeRecovery}), so a surviving checkpoint implies the markers before it
 *       survived. The log is not synced per write: a machine crash may lose its unsynced end, which
 *       only moves the checkpoint back and makes the next restore read a longer tail.</li>
 *   <li>Live markers advance the checkpoint only over an unbroken run of their own offsets
 *       ({@link ContiguousOffsets}): a record someone else wrote is read by the next restore.</li>
 * </ul>
 * A read or write error marks the database broken: it is deleted on close and rebuilt by the next owner.
 */
final class RocksCompleted implements CompletedSet {
    /** The resume offset of a database that has never been checkpointed. */
    static final long NO_CHECKPOINT = -1;
    /** Live markers applied between checkpoint writes (the next restore re-reads at most this many). */
    static final int CHECKPOINT_EVERY = 1_000;
    private static final byte[] CHECKPOINT_KEY = "kcrawl.checkpoint".getBytes(StandardCharsets.US_ASCII);
    /** Restore writes per batch. */
    private static final int BATCH = 10_000;

    private final RocksDB db;
    private final Options options;
    private final Path path;
    private final WriteOptions logged = new WriteOptions();
    private final WriteOptions unlogged = new WriteOptions().setDisableWAL(true);
    private final byte[] key = new byte[Long.BYTES];
    private final byte[] found = new byte[Integer.BYTES];
    private final byte[] time = new byte[Integer.BYTES];
    private WriteBatch batch;
    private boolean unflushed;
    private long checkpoint;
    private ContiguousOffsets run;
    private boolean broken;
    private boolean closed;

    RocksCompleted(RocksDB db, Options options, Path path) throws RocksDBException {
        this.db = db;
        this.options = options;
        this.path = path;
        byte[] stored = db.get(CHECKPOINT_KEY);
        this.checkpoint = stored == null || stored.length != Long.BYTES ? NO_CHECKPOINT : ByteBuffer.wrap(stored).getLong();
        this.run = new ContiguousOffsets(Math.max(checkpoint, 0));
    }

    @Override
    public int lastFetch(long fingerprint) {
        int size;
        try {
            size = db.get(keyOf(fingerprint), found);
        } catch (RocksDBException e) {
            throw failed("reading", e);
        }
        if (size == RocksDB.NOT_FOUND) {
            return FetchTimes.NONE;
        }
        if (size != Integer.BYTES) {
            return FetchTimes.known(FetchTimes.NONE);
        }
        return FetchTimes.known(ByteBuffer.wrap(found).getInt());
    }

    @Override
    public void add(long fingerprint, int fetchedAt, long offset) {
        try {
            byte[] value = timeOf(FetchTimes.known(fetchedAt));
            if (offset == UNCHECKPOINTED) {
                db.put(logged, keyOf(fingerprint), value);
            } else if (offset < 0) {
                batch().put(keyOf(fingerprint), value);
                flushBatchIfFull();
            } else {
                db.put(logged, keyOf(fingerprint), value);
                advance(offset);
            }
        } catch (RocksDBException e) {
            throw failed("writing", e);
        }
    }

    @Override
    public void remove(long fingerprint, long offset) {
        try {
            if (offset < 0) {
                batch().delete(keyOf(fingerprint));
                flushBatchIfFull();
            } else {
                db.delete(logged, keyOf(fingerprint));
                advance(offset);
            }
        } catch (RocksDBException e) {
            throw failed("writing", e);
        }
    }

    @Override
    public void transactionCommitted(long offset) {
        try {
            advance(offset);
        } catch (RocksDBException e) {
            throw failed("writing", e);
        }
    }

    @Override
    public long resumeOffset() {
        return checkpoint;
    }

    /** Writes what the restore batched, makes it durable, and only then the checkpoint. */
    @Override
    public void caughtUp(long offset) {
        try {
            writeBatch();
            if (unflushed) {
                try (FlushOptions wait = new FlushOptions().setWaitForFlush(true)) {
                    db.flush(wait);
                }
                unflushed = false;
            }
            writeCheckpoint(offset);
            run = new ContiguousOffsets(offset);
        } catch (RocksDBException e) {
            throw failed("checkpointing", e);
        }
    }

    @Override
    public long size() {
        try {
            return Math.max(0, db.getLongProperty("rocksdb.estimate-num-keys") - 1); // less the checkpoint
        } catch (RocksDBException e) {
            return 0;
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (!broken && run.end() > checkpoint) {
                writeCheckpoint(run.end());
            }
            if (!broken) {
                db.syncWal(); // a clean stop's checkpoint survives a machine crash too
            }
        } catch (RocksDBException e) {
            broken = true;
        } finally {
            if (batch != null) {
                batch.close();
            }
            db.close();
            logged.close();
            unlogged.close();
            options.close();
            if (broken) {
                RocksSeenStore.delete(path);
            }
        }
    }

    private void advance(long offset) throws RocksDBException {
        long end = run.applied(offset);
        if (end - checkpoint >= CHECKPOINT_EVERY) {
            writeCheckpoint(end);
        }
    }

    private void writeCheckpoint(long offset) throws RocksDBException {
        db.put(logged, CHECKPOINT_KEY, ByteBuffer.allocate(Long.BYTES).putLong(offset).array());
        checkpoint = offset;
    }

    private WriteBatch batch() {
        if (batch == null) {
            batch = new WriteBatch();
        }
        return batch;
    }

    private void flushBatchIfFull() throws RocksDBException {
        if (batch.count() >= BATCH) {
            writeBatch();
        }
    }

    private void writeBatch() throws RocksDBException {
        if (batch != null && batch.count() > 0) {
            db.write(unlogged, batch);
            batch.clear();
            unflushed = true;
        }
    }

    private byte[] timeOf(int fetchedAt) {
        for (int i = Integer.BYTES - 1; i >= 0; i--) {
            time[i] = (byte) fetchedAt;
            fetchedAt >>>= 8;
        }
        return time;
    }

    private byte[] keyOf(long fingerprint) {
        for (int i = Long.BYTES - 1; i >= 0; i--) {
            key[i] = (byte) fingerprint;
            fingerprint >>>= 8;
        }
        return key;
    }

    private IllegalStateException failed(String doing, RocksDBException e) {
        broken = true;
        return new IllegalStateException("the seen store " + path + " failed " + doing + " (" + e.getMessage()
                + "); it is rebuilt from the seen topic when the partition is next assigned", e);
    }
}
