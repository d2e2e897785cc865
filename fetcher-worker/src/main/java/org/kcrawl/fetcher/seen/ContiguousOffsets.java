package org.kcrawl.fetcher.seen;

import it.unimi.dsi.fastutil.longs.LongHeapPriorityQueue;

/**
 * The end of the unbroken run of seen-partition offsets whose markers are in a store: it starts where
 * a restore stopped reading and advances over the offsets of live markers as they are applied, in any
 * order. An offset nobody applies (a record another producer wrote: an earlier owner's late marker,
 * an operator's tombstone) is a gap the run never crosses; the next restore reads on from the run's
 * end and applies that record, so a gap costs a longer tail, never a wrong checkpoint.
 *
 * <p>Offsets past a gap wait in a heap bounded by {@value #MAX_WAITING}; past that the run stops
 * tracking until the next restore rather than grow without bound.
 */
final class ContiguousOffsets {
    /** Offsets held beyond a gap before giving up on crossing it. */
    static final int MAX_WAITING = 65_536;

    private final LongHeapPriorityQueue waiting = new LongHeapPriorityQueue();
    private long end;
    private boolean stalled;

    /** A run ending at {@code end} (every offset before it is applied). */
    ContiguousOffsets(long end) {
        this.end = end;
    }

    /** Records that the record at {@code offset} is applied; returns the run's end. */
    long applied(long offset) {
        if (offset < end || stalled) {
            return end;
        }
        if (offset == end) {
            end++;
            while (!waiting.isEmpty() && waiting.firstLong() <= end) {
                long next = waiting.dequeueLong();
                if (next == end) {
                    end++;
                }
            }
            return end;
        }
        if (waiting.size() >= MAX_WAITING) {
            stalled = true;
            waiting.clear();
        } else {
            waiting.enqueue(offset);
        }
        return end;
    }

    /** Every offset before the returned one is applied. */
    long end() {
        return end;
    }
}
