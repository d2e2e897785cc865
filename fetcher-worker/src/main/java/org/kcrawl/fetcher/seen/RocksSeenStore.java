package org.kcrawl.fetcher.seen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.Cache;
import org.rocksdb.CompressionType;
import org.rocksdb.IndexType;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;
import org.rocksdb.WALRecoveryMode;
import org.rocksdb.WriteBufferManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps each partition's completed fingerprints in a RocksDB database of its own under one directory,
 * with the seen-topic offset it reflects (see {@link RocksCompleted}), so that an assignment reads
 * only the topic's tail past that checkpoint, and the seen-set's size is bounded by disk rather than
 * heap.
 *
 * <p>Memory is bounded whatever the URL count: block cache, index and filter blocks and memtables of
 * every partition are charged to one cache of {@link #MEMORY_BYTES}. A database that does not open
 * (corrupt files, a half-written directory) or that has no checkpoint is wiped and rebuilt from the
 * topic; one locked by another worker is refused, naming the directory.
 */
public final class RocksSeenStore implements SeenStore {
    private static final Logger log = LoggerFactory.getLogger(RocksSeenStore.class);
    /** Block cache plus memtables of all partitions of this worker. */
    static final long MEMORY_BYTES = 128L * 1024 * 1024;
    /** The memtables' share of {@link #MEMORY_BYTES}. */
    private static final long MEMTABLE_BYTES = 48L * 1024 * 1024;

    static {
        RocksDB.loadLibrary();
    }

    private final Path dir;
    private final String topic;
    private final Cache cache;
    private final WriteBufferManager writeBuffers;
    private final BloomFilter bloom;
    private final BlockBasedTableConfig table;

    /** A store of {@code topic}'s partitions under {@code dir}, which is created when missing. */
    public RocksSeenStore(Path dir, String topic) {
        if (dir == null) {
            throw new IllegalArgumentException("dir must not be null");
        }
        if (topic == null || topic.isBlank()) {
            throw new IllegalArgumentException("topic must not be blank");
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new IllegalStateException("seen_store_dir " + dir + " cannot be created: " + e.getMessage()
                    + "; point seen_store_dir at a writable directory", e);
        }
        this.dir = dir;
        this.topic = topic;
        // Half the cache is kept for index and filter blocks (high priority), so data blocks never evict them.
        this.cache = new LRUCache(MEMORY_BYTES, -1, false, 0.5);
        this.writeBuffers = new WriteBufferManager(MEMTABLE_BYTES, cache);
        // Most links looked up are new: the filter answers those without reading a block.
        this.bloom = new BloomFilter(10);
        // Index and filters partitioned into small blocks, charged to the cache: a table file's whole filter
        // (megabytes at millions of keys) is never loaded for one lookup, and memory stays bounded by the
        // cache whatever the key count; only the small top-level index of each file is pinned.
        this.table = new BlockBasedTableConfig()
                .setBlockCache(cache)
                .setFilterPolicy(bloom)
                .setPartitionFilters(true)
                .setIndexType(IndexType.kTwoLevelIndexSearch)
                .setMetadataBlockSize(4096)
                .setCacheIndexAndFilterBlocks(true)
                .setCacheIndexAndFilterBlocksWithHighPriority(true)
                .setPinTopLevelIndexAndFilter(true)
                .setPinL0FilterAndIndexBlocksInCache(true);
    }

    /** The directory of {@code partition}'s database. */
    public Path partitionDir(int partition) {
        return dir.resolve(topic + "-" + partition);
    }

    @Override
    public CompletedSet open(int partition) {
        Path path = partitionDir(partition);
        if (!Files.exists(path)) {
            return fresh(path);
        }
        RocksCompleted opened;
        try {
            opened = openExisting(path);
        } catch (RocksDBException e) {
            if (lockedElsewhere(e)) {
                throw new IllegalStateException("the seen store " + path + " is in use by another worker (" + e.getMessage()
                        + "); give every fetcher its own seen_store_dir", e);
            }
            log.warn("seen store {} does not open ({}); rebuilding it from the seen topic", path, e.getMessage());
            return fresh(path);
        }
        if (opened.resumeOffset() == RocksCompleted.NO_CHECKPOINT) {
            // Markers without a checkpoint may be ones an operator has tombstoned since, and compaction may
            // have dropped the tombstone: only a rebuild from the topic is right.
            log.info("seen store {} has no checkpoint; rebuilding it from the seen topic", path);
            opened.close();
            return fresh(path);
        }
        return opened;
    }

    @Override
    public CompletedSet reset(int partition, CompletedSet current) {
        if (current != null) {
            current.close();
        }
        return fresh(partitionDir(partition));
    }

    private RocksCompleted fresh(Path path) {
        delete(path);
        try {
            RocksCompleted created = openExisting(path);
            created.caughtUp(0);
            return created;
        } catch (RocksDBException e) {
            throw new IllegalStateException("the seen store " + path + " cannot be created: " + e.getMessage()
                    + "; check that seen_store_dir is a writable local directory", e);
        }
    }

    private RocksCompleted openExisting(Path path) throws RocksDBException {
        Options options = new Options()
                .setCreateIfMissing(true)
                .setParanoidChecks(true)
                // A torn end of the log (a crash mid-write) is cut off; what came before it survives in order,
                // which is what makes the checkpoint-after-markers write order safe (see RocksCompleted).
                .setWalRecoveryMode(WALRecoveryMode.PointInTimeRecovery)
                .setWriteBufferManager(writeBuffers)
                .setTableFormatConfig(table)
                // Fingerprints are random 64-bit numbers: nothing to compress.
                .setCompressionType(CompressionType.NO_COMPRESSION)
                .setMaxOpenFiles(256);
        try {
            return new RocksCompleted(RocksDB.open(options, path.toString()), options, path);
        } catch (RocksDBException | RuntimeException e) {
            options.close();
            throw e;
        }
    }

    private static boolean lockedElsewhere(RocksDBException e) {
        Status status = e.getStatus();
        String message = String.valueOf(e.getMessage());
        return status != null && status.getCode() == Status.Code.IOError && message.contains("lock");
    }

    /** Deletes {@code path} and everything under it. */
    static void delete(Path path) {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> files = Files.walk(path)) {
            for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the seen store " + path, e);
        }
    }

    @Override
    public void close() {
        bloom.close();
        writeBuffers.close();
        cache.close();
    }
}
