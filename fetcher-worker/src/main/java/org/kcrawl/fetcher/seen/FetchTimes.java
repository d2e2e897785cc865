package org.kcrawl.fetcher.seen;

import java.time.Instant;

/**
 * A URL's last fetch time as the seen-set keeps it: whole seconds since 1970 in an unsigned int (4
 * bytes beside the 8 of its fingerprint; enough until 2106, later times are held at the last second),
 * never 0, which stands for "not completed".
 */
public final class FetchTimes {
    /** The value of a fingerprint that is not completed. */
    public static final int NONE = 0;
    private static final long MAX = 0xFFFF_FFFFL;

    private FetchTimes() {}

    /** The kept form of {@code epochMillis}. */
    public static int ofMillis(long epochMillis) {
        long seconds = Math.floorDiv(epochMillis, 1000L);
        return (int) Math.max(1, Math.min(MAX, seconds));
    }

    /** The kept form of {@code time}. */
    public static int of(Instant time) {
        return ofMillis(time.toEpochMilli());
    }

    /**
     * {@code time}, or the earliest kept time when it is {@link #NONE} (a completed fingerprint whose
     * time is unknown, such as one a store kept before it kept times, is as old as can be).
     */
    public static int known(int time) {
        return time == NONE ? 1 : time;
    }

    /** True when kept time {@code a} is later than kept time {@code b}. */
    public static boolean after(int a, int b) {
        return Integer.compareUnsigned(a, b) > 0;
    }
}
