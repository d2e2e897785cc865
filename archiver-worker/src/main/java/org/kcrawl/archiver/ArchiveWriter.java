package org.kcrawl.archiver;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.TopicPartition;
import org.kcrawl.common.message.FetchedPage;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.Warcinfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The archiver's writer thread: appends each page's records to the current WARC file, syncs them to disk
 * in groups, and only then completes the pages' stages, so an offset is committed only for records that
 * are on disk. A group is synced when nothing else waits to be written, when half the pages or bytes
 * the poll loop may hold wait for it, or {@code sync_interval} after its first record, whichever comes
 * first. A file is finished (synced, indexed, renamed from {@code .open}) once it reaches
 * {@code max_file_bytes} and the group has committed the offsets of all its pages ({@link CommitGate}),
 * and when the writer stops. Writing blocks on the disk, which is why it has a
 * thread of its own: the poll thread only queues pages.
 */
final class ArchiveWriter implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ArchiveWriter.class);
    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMddHHmmssSSS").withZone(ZoneOffset.UTC);

    private final ArchiverConfig config;
    private final Path dir;
    private final String worker;
    private final ArchiverMetrics metrics;
    private final WarcRecords.IdSource ids;
    private final LinkedBlockingQueue<Item> queue = new LinkedBlockingQueue<>();
    private final CommitGate commits = new CommitGate();
    private final Thread thread;
    private volatile boolean stopping;

    // Writer thread only.
    private WarcFile file;
    private URI warcinfoId;
    private int serial;
    private final List<Item> unsynced = new ArrayList<>();
    private long unsyncedBytes;
    private long firstUnsyncedNanos;
    private final Map<String, Long> unsyncedTypes = new LinkedHashMap<>();
    private long unsyncedFileBytes;

    ArchiveWriter(ArchiverConfig config, ArchiverMetrics metrics, WarcRecords.IdSource ids) {
        this.config = config;
        this.dir = config.directory();
        this.worker = config.effectiveWorkerName();
        this.metrics = metrics;
        this.ids = ids;
        this.thread = new Thread(this::run, "kcrawl-archiver-writer");
        this.thread.setDaemon(true);
    }

    /** Starts the thread. */
    void start() {
        thread.start();
    }

    /**
     * Queues {@code page}, read at {@code offset} of {@code tp}; the future completes once its records are
     * synced to disk (or fails). Any thread.
     */
    CompletableFuture<Void> submit(FetchedPage page, TopicPartition tp, long offset) {
        Item item = new Item(page, tp, offset, new CompletableFuture<>());
        if (stopping) {
            item.done.completeExceptionally(new IllegalStateException("the archiver is stopping"));
        } else {
            queue.add(item);
        }
        return item.done;
    }

    /** The commits and ownership changes of the poll loop, which a full file waits on. */
    CommitGate commits() {
        return commits;
    }

    /** Writes what is queued, finishes the current file and stops the thread, waiting up to {@code timeoutMillis}. */
    void stop(long timeoutMillis) throws InterruptedException {
        stopping = true;
        thread.join(timeoutMillis);
        if (thread.isAlive()) {
            log.warn("the WARC writer did not stop within {} ms; its open file is recovered at the next start",
                    timeoutMillis);
        }
    }

    /** Stops within a minute (see {@link #stop}); an interrupt ends the wait and is kept for the caller. */
    @Override
    public void close() {
        try {
            stop(60_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        try {
            while (!stopping || !queue.isEmpty()) {
                Item item = queue.poll(unsynced.isEmpty() ? 100 : remainingMillis(), TimeUnit.MILLISECONDS);
                if (item != null) {
                    write(item);
                }
                if (!unsynced.isEmpty() && (queue.isEmpty() || groupFull())) {
                    sync();
                }
                if (file != null && file.size() >= config.maxFileBytes()) {
                    sync();
                    awaitCommitted();
                    finishFile();
                }
            }
            if (file != null) {
                finishFile();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failUnsynced(e);
        } catch (RuntimeException | Error e) {
            log.error("the WARC writer failed", e);
            failUnsynced(e);
            throw e;
        }
    }

    private void write(Item item) {
        try {
            if (file == null) {
                openFile();
            }
            List<WarcRecord> records = WarcRecords.of(item.page, warcinfoId, ids);
            WarcRecord main = records.get(1); // request, then the response or revisit, then any conversion
            for (WarcRecord record : records) {
                unsyncedFileBytes += file.write(record, record == main ? IndexEntries.of(item.page, main) : null);
                unsyncedTypes.merge(record.type(), 1L, Long::sum);
            }
            if (unsynced.isEmpty()) {
                firstUnsyncedNanos = System.nanoTime();
            }
            unsynced.add(item);
            commits.wrote(item.tp, item.offset);
            byte[] source = item.page.capture().sourceBody();
            unsyncedBytes += item.page.body().length + (source == null ? 0 : source.length);
        } catch (IOException | RuntimeException e) {
            item.done.completeExceptionally(e);
            abandonFile(e);
        }
    }

    private boolean groupFull() {
        return unsynced.size() >= Math.max(1, config.maxPending() / 2)
                || unsyncedBytes >= ArchiverConfig.MAX_PENDING_BYTES / 2
                || remainingMillis() == 0;
    }

    private long remainingMillis() {
        long waited = System.nanoTime() - firstUnsyncedNanos;
        return Math.max(0, TimeUnit.NANOSECONDS.toMillis(config.syncInterval().toNanos() - waited));
    }

    private void sync() {
        try {
            file.sync();
        } catch (IOException e) {
            abandonFile(e);
            return;
        }
        unsyncedTypes.forEach(metrics::records);
        metrics.bytes(unsyncedFileBytes);
        for (Item item : unsynced) {
            item.done.complete(null);
        }
        unsynced.clear();
        unsyncedTypes.clear();
        unsyncedBytes = 0;
        unsyncedFileBytes = 0;
    }

    private void openFile() throws IOException {
        Files.createDirectories(dir);
        Instant now = Instant.now();
        String name = config.prefix() + "-" + STAMP.format(now) + "-" + String.format("%05d", serial++) + "-" + worker;
        file = WarcFile.create(dir, name, config.cdxj());
        Warcinfo info = warcinfo(file.name(), now);
        warcinfoId = info.id();
        unsyncedFileBytes += file.write(info);
        unsyncedTypes.merge("warcinfo", 1L, Long::sum);
        log.info("writing {}", file.name());
    }

    private Warcinfo warcinfo(String filename, Instant now) {
        Map<String, List<String>> fields = new LinkedHashMap<>();
        fields.put("software", List.of("kcrawl archiver"));
        fields.put("format", List.of("WARC File Format 1.1"));
        fields.put("conformsTo", List.of("https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/"));
        fields.put("isPartOf", List.of(config.crawlName()));
        fields.put("hostname", List.of(worker));
        return WarcRecords.warcinfo(filename, fields, now, ids.next());
    }

    /**
     * Holds the full file until its pages' offsets are committed. New pages wait in the queue meanwhile (at
     * most the poll loop's bound); a stop ends the wait, since the loop has made its last commit by then.
     */
    private void awaitCommitted() throws InterruptedException {
        long started = System.nanoTime();
        boolean said = false;
        while (file != null && !stopping && !commits.awaitCovered(1_000)) {
            if (!said && System.nanoTime() - started > TimeUnit.SECONDS.toNanos(30)) {
                log.warn("{} is full and waits for its pages' offsets to be committed (is the broker away?)",
                        file.name());
                said = true;
            }
        }
    }

    private void finishFile() {
        sync();
        commits.fileEnded();
        if (file == null) {
            return;
        }
        try {
            file.finish();
            metrics.fileFinished();
            log.info("finished {}", file.name());
        } catch (IOException e) {
            log.error("could not finish {}; it stays .open and is recovered at the next start", file.name(), e);
        }
        file = null;
    }

    /**
     * The file cannot be trusted after a failed write or sync: its pages not yet synced fail (their offsets
     * are not committed, so they are written again, to a new file), and it is closed as an orphan.
     */
    private void abandonFile(Exception cause) {
        log.error("writing {} failed; its unsynced pages will be written again to a new file",
                file == null ? dir : file.name(), cause);
        failUnsynced(cause);
        if (file != null) {
            try {
                file.close();
                OrphanRecovery.recover(dir, config.cdxj());
            } catch (IOException e) {
                log.warn("closing {} failed: {}", file.name(), e.toString());
            }
            file = null;
        }
        commits.fileEnded();
    }

    private void failUnsynced(Throwable cause) {
        for (Item item : unsynced) {
            item.done.completeExceptionally(cause);
        }
        unsynced.clear();
        unsyncedTypes.clear();
        unsyncedBytes = 0;
        unsyncedFileBytes = 0;
    }

    private record Item(FetchedPage page, TopicPartition tp, long offset, CompletableFuture<Void> done) {}
}
