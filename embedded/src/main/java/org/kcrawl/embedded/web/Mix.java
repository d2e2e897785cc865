package org.kcrawl.embedded.web;

/**
 * Stateless hashing that turns (seed, decision, host, page, index) into well-spread bits, so every
 * property of the synthetic web is a pure function of its coordinates: nothing has to be stored, and
 * the same seed always yields the same web whatever order pages are generated or requested in.
 */
final class Mix {
    static final int LINK_CROSS_HOST = 1;
    static final int LINK_TARGET_HOST = 2;
    static final int LINK_TARGET_PAGE = 3;
    static final int LINK_FORM = 4;
    static final int LINK_FRAGMENT = 5;
    static final int LINK_FRAGMENT_ID = 6;
    static final int FAULT = 7;
    static final int FAULT_STATUS = 8;
    static final int PADDING = 9;

    private Mix() {}

    /** 64 well-mixed bits for one decision about one coordinate. */
    static long hash(long seed, int decision, int host, int page, int index) {
        long h = avalanche(seed + 0x9E3779B97F4A7C15L * (decision + 1L));
        h = avalanche(h ^ (0xC2B2AE3D27D4EB4FL * (host + 1L)));
        h = avalanche(h ^ (0x165667B19E3779F9L * (page + 1L)));
        return avalanche(h ^ (0x27D4EB2F165667C5L * (index + 1L)));
    }

    /** A uniform double in [0, 1) taken from the top 53 bits of {@code h}. */
    static double unit(long h) {
        return (h >>> 11) * 0x1.0p-53;
    }

    /** A value in [0, bound) from {@code h}; {@code bound} must be positive. */
    static int below(long h, int bound) {
        return (int) Long.remainderUnsigned(h, bound);
    }

    // The SplitMix64 finalizer: every input bit flips each output bit with probability close to 1/2.
    private static long avalanche(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
