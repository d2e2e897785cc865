package org.kcrawl.parser.dedup;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A lossy, fixed-size, thread-safe set of 64-bit URL fingerprints: it may forget a fingerprint that was
 * added, but it never reports one that was not.
 *
 * <p>The table is one array of {@code capacity} slots (rounded up to whole buckets), allocated once, so
 * memory stays at 8 bytes a slot however many fingerprints pass through. A fingerprint lives in one
 * bucket of {@value #WAYS} slots (one 64-byte cache line), chosen by its high 32 bits; when that bucket
 * is full, adding replaces a slot picked by the fingerprint's low bits, which for well-mixed
 * fingerprints ({@link LinkHash}) is random replacement.
 *
 * <p>No locks: each slot is read and written whole through {@link AtomicLongArray}, so a reader sees
 * either a fingerprint that some caller added or the empty marker, never a torn mix of two. Racing
 * adders can at worst overwrite each other's entries (a forgotten fingerprint, which the set is allowed)
 * or store one fingerprint twice in a bucket. Zero marks an empty slot, so the fingerprint 0 (one in
 * 2^64) is never stored.
 */
public final class FingerprintSet {
    /** Slots per bucket: one cache line of longs. */
    static final int WAYS = 8;
    /** The smallest capacity of an enabled set; smaller ones would forget almost at once. */
    public static final int MIN_CAPACITY = 1024;

    private static final long EMPTY = 0L;
    private static final FingerprintSet DISABLED = new FingerprintSet();

    private final AtomicLongArray slots;
    private final long buckets;

    private FingerprintSet() {
        this.slots = new AtomicLongArray(0);
        this.buckets = 0;
    }

    private FingerprintSet(int capacity) {
        int bucketCount = (int) ((capacity + (long) WAYS - 1) / WAYS);
        this.slots = new AtomicLongArray(Math.multiplyExact(bucketCount, WAYS));
        this.buckets = bucketCount;
    }

    /**
     * A set of about {@code capacity} fingerprints (at least {@link #MIN_CAPACITY}), or, for 0, a set that
     * holds nothing.
     */
    public static FingerprintSet withCapacity(int capacity) {
        if (capacity == 0) {
            return DISABLED;
        }
        if (capacity < MIN_CAPACITY) {
            throw new IllegalArgumentException("capacity must be 0 (disabled) or >= " + MIN_CAPACITY
                    + " but was " + capacity);
        }
        return new FingerprintSet(capacity);
    }

    /** False for the set of capacity 0, which holds nothing. */
    public boolean enabled() {
        return buckets > 0;
    }

    /** Slots in the table: the most fingerprints it can hold. */
    public int capacity() {
        return slots.length();
    }

    /** True when {@code fingerprint} was added and not forgotten since; never true for one never added. */
    public boolean contains(long fingerprint) {
        if (fingerprint == EMPTY || buckets == 0) {
            return false;
        }
        int base = bucketStart(fingerprint);
        for (int i = base; i < base + WAYS; i++) {
            if (slots.get(i) == fingerprint) {
                return true;
            }
        }
        return false;
    }

    /** Remembers {@code fingerprint}, perhaps forgetting another one of its bucket. */
    public void add(long fingerprint) {
        if (fingerprint == EMPTY || buckets == 0) {
            return;
        }
        int base = bucketStart(fingerprint);
        for (int i = base; i < base + WAYS; i++) {
            long current = slots.get(i);
            if (current == fingerprint) {
                return;
            }
            if (current == EMPTY) {
                if (slots.compareAndSet(i, EMPTY, fingerprint) || slots.get(i) == fingerprint) {
                    return;
                }
                // Another adder took this empty slot first; look on.
            }
        }
        slots.set(base + (int) (fingerprint & (WAYS - 1)), fingerprint);
    }

    /** Slots holding a fingerprint (a scan of the whole table, for tests and diagnostics). */
    int occupied() {
        int n = 0;
        for (int i = 0; i < slots.length(); i++) {
            if (slots.get(i) != EMPTY) {
                n++;
            }
        }
        return n;
    }

    /** The fingerprint in slot {@code i}, or 0 when it is empty (for tests). */
    long slot(int i) {
        return slots.get(i);
    }

    private int bucketStart(long fingerprint) {
        // Multiply-shift maps the high 32 bits onto [0, buckets) without a division or a power-of-two size.
        return (int) (((fingerprint >>> 32) * buckets) >>> 32) * WAYS;
    }
}
