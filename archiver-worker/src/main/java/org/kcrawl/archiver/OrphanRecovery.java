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
 * without a whole record is deleted.
 */
final class OrphanRecovery {
    private static final Logger log = LoggerFactory.getLogger(OrphanRecovery.class);

    private OrphanRecovery() {}

    /** Recovers the orphans in {@code dir}; returns how many files it finished. */
    static int recover(Path dir, boolean cdxj) throws IOException {
        List<Path> open = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + WarcFile.WARC + WarcFile.OPEN)) {
            files.forEach(open::add);
        }
        int finished = 0;
        for (Path file : open) {
            if (recoverOne(file, cdxj)) {
                finished++;
            }
        }
        return finished;
    }

    @SuppressWarnings("try") // the channel is closed early on purpose, so the file can be deleted; the try closes it again only on failure
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
            long whole = GzipMembers.wholeLength(open);
            if (whole < channel.size()) {
                log.warn("{}: dropping the last {} bytes, a record cut short", open, channel.size() - whole);
                channel.truncate(whole);
            }
            channel.force(true);
            if (whole == 0) {
                lock.release();
                channel.close();
                Files.delete(open);
                log.warn("deleted {}: it held no whole record", open);
                return false;
            }
            if (cdxj) {
                WarcFile.writeIndex(WarcFile.indexOf(finished), index(open, finishedName));
            }
            lock.release();
        }
        Files.move(open, finished, StandardCopyOption.ATOMIC_MOVE);
        WarcFile.fsyncDirectory(open.getParent());
        log.info("recovered {}, left open by an archiver that stopped without finishing it", finished);
        return true;
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
