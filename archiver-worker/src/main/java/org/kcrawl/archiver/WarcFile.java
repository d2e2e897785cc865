package org.kcrawl.archiver;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcWriter;

/**
 * One WARC file being written: {@code NAME.warc.gz.open} while open, locked so no other archiver takes it
 * for an orphan, every record its own gzip member; {@link #finish} syncs it, writes its CDXJ index and
 * renames it {@code NAME.warc.gz}, so a file without {@code .open} is always whole. Writer thread only.
 */
final class WarcFile implements Closeable {
    /** The suffix of a file being written. */
    static final String OPEN = ".open";
    /** The suffix of a file being created, until it is locked. */
    static final String CREATING = ".creating";
    /** The suffix of a finished file. */
    static final String WARC = ".warc.gz";
    /** The suffix of a finished file's index. */
    static final String CDXJ = ".cdxj";

    private final Path open;
    private final Path finished;
    private final FileChannel channel;
    private final FileLock lock;
    private final WarcWriter writer;
    private final List<String> index;

    private WarcFile(Path open, Path finished, FileChannel channel, FileLock lock, boolean cdxj) throws IOException {
        this.open = open;
        this.finished = finished;
        this.channel = channel;
        this.lock = lock;
        this.writer = new WarcWriter(channel, WarcCompression.GZIP);
        this.index = cdxj ? new ArrayList<>() : null;
    }

    /**
     * Creates {@code dir/NAME.warc.gz.open} (never over an existing file), locked from the moment it has that
     * name: it is created as {@code NAME.warc.gz.creating}, which no recovery takes, locked, then renamed (the lock
     * is the file's, whatever its name). Created under its own name, an archiver starting on the same volume in
     * the instant before the lock took it for an empty orphan and deleted it. A process dying in that instant
     * leaves an empty {@code .creating} file, which nothing reads.
     */
    static WarcFile create(Path dir, String name, boolean cdxj) throws IOException {
        Path finished = dir.resolve(name + WARC);
        Path open = dir.resolve(name + WARC + OPEN);
        Path creating = dir.resolve(name + WARC + CREATING);
        FileChannel channel = FileChannel.open(creating, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        try {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw new IOException("cannot lock " + creating);
            }
            if (Files.exists(open)) {
                throw new FileAlreadyExistsException(open.toString());
            }
            Files.move(creating, open, StandardCopyOption.ATOMIC_MOVE);
            return new WarcFile(open, finished, channel, lock, cdxj);
        } catch (IOException | RuntimeException e) {
            channel.close();
            Files.deleteIfExists(creating);
            throw e;
        }
    }

    /** The file name once finished. */
    String name() {
        return finished.getFileName().toString();
    }

    /** Bytes written so far (compressed). */
    long size() {
        return writer.position();
    }

    /** Appends {@code record} as one gzip member; returns its compressed length. */
    long write(WarcRecord record) throws IOException {
        long offset = writer.position();
        writer.write(record);
        return writer.position() - offset;
    }

    /** Appends {@code record}, indexing it as {@code entry} (null: not indexed); returns its compressed length. */
    long write(WarcRecord record, IndexEntry entry) throws IOException {
        long offset = writer.position();
        long length = write(record);
        index(entry, offset, length);
        return length;
    }

    /** Remembers the index line of the record just written at {@code offset} with {@code length} bytes. */
    void index(IndexEntry entry, long offset, long length) {
        if (index != null && entry != null) {
            index.add(entry.line(offset, length, name()));
        }
    }

    /** The index file of the WARC file {@code warc} ({@code NAME.warc.gz} → {@code NAME.cdxj}). */
    static Path indexOf(Path warc) {
        String name = warc.getFileName().toString();
        return warc.resolveSibling(name.substring(0, name.length() - WARC.length()) + CDXJ);
    }

    /** Forces everything written to disk: records written before are durable once this returns. */
    void sync() throws IOException {
        channel.force(false);
    }

    /**
     * Syncs, writes the index (sorted, as CDXJ readers search it), renames and closes: the file is whole. Renamed
     * while still locked: unlocked first, it was an orphan to a recovery starting in between.
     */
    void finish() throws IOException {
        sync();
        if (index != null) {
            writeIndex(indexOf(finished), index);
        }
        Files.move(open, finished, StandardCopyOption.ATOMIC_MOVE);
        close();
        fsyncDirectory(finished.getParent());
    }

    /** Writes {@code lines}, sorted, to {@code path} through a temporary name, durably. */
    static void writeIndex(Path path, List<String> lines) throws IOException {
        Collections.sort(lines);
        Path temp = path.resolveSibling(path.getFileName() + OPEN);
        try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
             BufferedWriter w = new BufferedWriter(java.nio.channels.Channels.newWriter(ch, StandardCharsets.UTF_8))) {
            for (String line : lines) {
                w.write(line);
                w.write('\n');
            }
            w.flush();
            ch.force(false);
        }
        Files.move(temp, path, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Makes a rename durable: the directory entry is synced too (a no-op where the platform cannot). */
    static void fsyncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // Some file systems refuse to open a directory; the rename is then as durable as they make it.
        }
    }

    /** Closes without renaming: the file stays {@code .open}, for the recovery at the next start. */
    @Override
    public void close() throws IOException {
        try {
            if (lock.isValid()) {
                lock.release();
            }
        } finally {
            channel.close();
        }
    }

    /** What the index says of a capture record. */
    record IndexEntry(String url, java.time.Instant date, String mime, int status, String digest) {
        /** The entry's CDXJ line, for the record at {@code offset} with {@code length} bytes in {@code file}. */
        String line(long offset, long length, String file) {
            return CdxjLine.of(url, date, mime, status, digest, offset, length, file);
        }
    }
}
