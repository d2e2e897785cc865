package org.kcrawl.archiver;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finishes the files an archiver left open when it died (SIGKILL, a lost node): every
 * {@code *.warc.gz.open} in the directory that no live archiver holds locked is cut after its last whole
 * record ({@link GzipMembers}; a record half written when the process died is dropped: it was never
 * synced, so its page's offset was never committed and it is written again), indexed, and renamed
 * {@code *.warc.gz}. Its records whose offsets were not committed are written again by whoever consumes
 * their pages next: at most that file's records are in the archive twice, and none is lost. A file
 * without a whole record is deleted; one whose records cannot be read is set aside (renamed
 * {@code *.warc.gz.unreadable}) with a log line, and the start goes on.
 */
final class OrphanRecovery {
    private static final Logger log = LoggerFactory.getLogger(OrphanRecovery.class);
    /** The suffix an orphan that cannot be finished is set aside with. */
    static final String UNREADABLE = ".unreadable";

    private OrphanRecovery() {}

    /** Recovers the orphans in {@code dir}; returns how many files it finished. */
    static int recover(Path dir, boolean cdxj) throws IOException {
        List<Path> open = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + WarcFile.WARC + WarcFile.OPEN)) {
            files.forEach(open::add);
        }
        int finished = 0;
        for (Path file : open) {
            try {
                if (recoverOne(file, cdxj)) {
                    finished++;
                }
            } catch (IOException e) {
                // Not locked, so not taken: left as it is for the next start (a file gone meanwhile, say).
                log.warn("cannot recover {}; leaving it for the next start: {}", file, e.toString());
            }
        }
        return finished;
    }

    private static boolean recoverOne(Path open, boolean cdxj) throws IOException {
        String name = open.getFileName().toString();
        String finishedName = name.substring(0, name.length() - WarcFile.OPEN.length());
        Path finished = open.resolveSibling(finishedName);
        try (FileChannel channel = FileChannel.open(open, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                return false; // an archiver of this process is writing it (another crawl's, or a local one)
            }
            if (lock == null) {
                return false; // a live archiver is writing it
            }
            if (Files.notExists(open)) {
                return false; // its archiver finished it (renamed it, while locked) since it was listed
            }
            try {
                if (!finish(open, finished, channel, cdxj)) {
                    Files.delete(open); // while locked, like the rename below
                    log.warn("deleted {}: it held no whole record", open);
                    return false;
                }
            } catch (IOException | RuntimeException e) {
                setAside(open, e);
                return false;
            }
            // Renamed before the lock goes, so that no other recovery finishes it a second time.
            Files.move(open, finished, StandardCopyOption.ATOMIC_MOVE);
        }
        WarcFile.fsyncDirectory(open.getParent());
        log.info("recovered {}, left open by an archiver that stopped without finishing it", finished);
        return true;
    }

    /**
     * Cuts {@code open} after its last whole record and writes its index under {@code finished}'s name; false
     * when it holds no whole record. Its lock is held.
     */
    private static boolean finish(Path open, Path finished, FileChannel channel, boolean cdxj) throws IOException {
        long whole = GzipMembers.wholeLength(open);
        if (whole < channel.size()) {
            log.warn("{}: dropping the last {} bytes, a record cut short", open, channel.size() - whole);
            channel.truncate(whole);
        }
        channel.force(true);
        if (whole == 0) {
            return false;
        }
        if (cdxj) {
            WarcFile.writeIndex(WarcFile.indexOf(finished), index(open, finished.getFileName().toString()));
        }
        return true;
    }

    /**
     * Renames an orphan that cannot be finished (its whole gzip members do not read as WARC records) to
     * {@code NAME.warc.gz.unreadable}, kept for a person to look at: every start would fail on it otherwise.
     * Its records whose pages' offsets were not committed are written again; the others are in it alone.
     * Its lock is held.
     */
    private static void setAside(Path open, Exception cause) throws IOException {
        String name = open.getFileName().toString();
        Path aside = open.resolveSibling(name.substring(0, name.length() - WarcFile.OPEN.length()) + UNREADABLE);
        Files.move(open, aside, StandardCopyOption.ATOMIC_MOVE);
        WarcFile.fsyncDirectory(open.getParent());
        log.error("set {} aside as {}: it cannot be indexed ({}); its pages not committed when it was left are"
                + " archived again, the others are in it only", open, aside.getFileName(), cause.toString());
    }

    /** The CDXJ lines of the capture records of {@code file}, which holds whole records only. */
    private static List<String> index(Path file, String filename) throws IOException {
        List<String> lines = new ArrayList<>();
        long size = Files.size(file);
        try (WarcReader reader = new WarcReader(file)) {
            long offset = -1;
            WarcFile.IndexEntry pending = null;
            Optional<WarcRecord> next;
            while ((next = reader.next()).isPresent()) {
                long start = reader.position();
                if (pending != null) {
                    lines.add(pending.line(offset, start - offset, filename));
                }
                WarcRecord record = next.get();
                pending = IndexEntries.of(record);
                offset = start;
                record.body().consume();
            }
            if (pending != null) {
                lines.add(pending.line(offset, size - offset, filename));
            }
        }
        return lines;
    }
}
