package org.kcrawl.common.kafka;

import java.util.Arrays;
import java.util.Iterator;
import java.util.NavigableSet;

/**
 * Which records past a partition's committed offset are already done, carried in the commit's metadata
 * string, so that the partition's next owner (or this one, after a rewind) skips them instead of handling
 * them again. Records complete out of order (a slow host's URL, a large page in the parse pool), and the
 * committed offset can only stop at the first one still pending: without this, every record done after it
 * would be redone, and for a stage without a seen-set (the parser) each redo is a duplicate output.
 *
 * <p>Form: {@code d1;<span>;<runs>} in base 36, where the committed offset C is implied, every offset in
 * {@code [C, C + span)} is done except the runs listed (each {@code <gap>.<length>}, the gap counted from
 * the end of the previous run, the first from C). Offsets in the span that held no record (control records
 * of transactions, aborted records) count as done: there is nothing there to redo. The string is kept under
 * {@link #MAX_CHARS} (the broker refuses longer metadata, 4,096 bytes by default): past that the span is
 * cut short, and the records beyond it are redone, as they were before this existed.
 */
public final class DoneOffsets {
    /** Longest metadata written. */
    static final int MAX_CHARS = 3_000;
    private static final String PREFIX = "d1;";
    private static final DoneOffsets NONE = new DoneOffsets(0, 0, new long[0]);

    private final long base;
    private final long end;
    /** Not-done runs as [start, end) pairs, ascending. */
    private final long[] runs;

    private DoneOffsets(long base, long end, long[] runs) {
        this.base = base;
        this.end = end;
        this.runs = runs;
    }

    /** Nothing known done past the committed offset. */
    public static DoneOffsets none() {
        return NONE;
    }

    /**
     * The metadata for committed offset {@code committed}, with every offset below {@code end} done but
     * {@code notDone} (ascending, each at least {@code committed}); empty when nothing past it is done.
     */
    static String encode(long committed, long end, NavigableSet<Long> notDone) {
        StringBuilder runs = new StringBuilder();
        long span = end - committed;
        long previousEnd = committed;
        long start = -1;
        long stop = -1;
        Iterator<Long> listed = notDone.subSet(committed, true, end, false).iterator();
        while (true) {
            Long next = listed.hasNext() ? listed.next() : null;
            if (next != null && start >= 0 && next == stop) {
                stop++;
                continue;
            }
            if (start >= 0) {
                if (!append(runs, start - previousEnd, stop - start)) {
                    span = start - committed; // cut short: the rest is redone
                    break;
                }
                previousEnd = stop;
            }
            if (next == null) {
                break;
            }
            start = next;
            stop = next + 1;
        }
        if (span <= 0 || runsCovering(committed, span, notDone) == span) {
            return ""; // nothing done past the committed offset
        }
        return PREFIX + Long.toString(span, 36) + ";" + runs;
    }

    /** Offsets of {@code [committed, committed + span)} in {@code notDone}. */
    private static long runsCovering(long committed, long span, NavigableSet<Long> notDone) {
        return notDone.subSet(committed, true, committed + span, false).size();
    }

    private static boolean append(StringBuilder runs, long gap, long length) {
        String run = Long.toString(gap, 36) + "." + Long.toString(length, 36);
        if (PREFIX.length() + 14 + runs.length() + run.length() + 1 > MAX_CHARS) {
            return false;
        }
        if (runs.length() > 0) {
            runs.append(',');
        }
        runs.append(run);
        return true;
    }

    /**
     * What {@code metadata}, committed with offset {@code committed}, says is done; nothing for metadata
     * this class did not write (another tool's commit) or cannot read.
     */
    public static DoneOffsets decode(long committed, String metadata) {
        if (metadata == null || !metadata.startsWith(PREFIX)) {
            return NONE;
        }
        try {
            String[] parts = metadata.substring(PREFIX.length()).split(";", -1);
            if (parts.length != 2) {
                return NONE;
            }
            long span = Long.parseLong(parts[0], 36);
            String[] listed = parts[1].isEmpty() ? new String[0] : parts[1].split(",");
            long[] runs = new long[listed.length * 2];
            long previousEnd = committed;
            for (int i = 0; i < listed.length; i++) {
                int dot = listed[i].indexOf('.');
                long start = previousEnd + Long.parseLong(listed[i].substring(0, dot), 36);
                long length = Long.parseLong(listed[i].substring(dot + 1), 36);
                if (start < previousEnd || length <= 0) {
                    return NONE;
                }
                runs[2 * i] = start;
                runs[2 * i + 1] = start + length;
                previousEnd = start + length;
            }
            return span <= 0 ? NONE : new DoneOffsets(committed, committed + span, runs);
        } catch (RuntimeException e) {
            return NONE; // written by something else: nothing is skipped, the records are handled again
        }
    }

    /** True when the record at {@code offset} was done by an earlier owner. */
    public boolean isDone(long offset) {
        if (offset < base || offset >= end) {
            return false;
        }
        int i = Arrays.binarySearch(runs, offset);
        // Found: a run start (even index: not done) or a run end (odd: done). Else the insertion point:
        // odd means inside a run.
        return i >= 0 ? (i & 1) == 1 : ((-i - 1) & 1) == 0;
    }

    /** Adds to {@code into} the offsets from {@code from} on, below {@link #end()}, that are not done. */
    void addNotDone(long from, NavigableSet<Long> into) {
        for (int i = 0; i < runs.length; i += 2) {
            for (long o = Math.max(from, runs[i]); o < runs[i + 1]; o++) {
                into.add(o);
            }
        }
    }

    /** One past the last offset this can say is done. */
    public long end() {
        return end;
    }

    @Override
    public String toString() {
        return "DoneOffsets[" + base + ".." + end + ", " + runs.length / 2 + " not done]";
    }
}
