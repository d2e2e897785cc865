package org.kcrawl.common.scope;


/**
 * Rejects paths in which one segment occurs more than a maximum number of times, such as
 * {@code /a/b/a/b/a/b/a/} or {@code /x/x/x/x/}: relative links that re-append themselves build them.
 */
public final class RepeatedSegmentsFilter implements LinkFilter {
    private final int maxRepeats;

    /** @param maxRepeats the most times one segment may occur */
    public RepeatedSegmentsFilter(int maxRepeats) {
        if (maxRepeats < 1) {
            throw new IllegalArgumentException("maxRepeats must be >= 1 but was " + maxRepeats);
        }
        this.maxRepeats = maxRepeats;
    }

    @Override
    public RejectReason reason() {
        return RejectReason.REPEATED_SEGMENTS;
    }

    @Override
    public boolean accepts(LinkCandidate candidate) {
        String path = candidate.parsed().rawPath();
        if (path == null || path.length() < 2 * (maxRepeats + 1)) {
            return true; // too short to hold maxRepeats + 1 non-empty segments
        }
        if (!mayRepeat(path)) {
            return true; // the common case, judged in one pass over the path
        }
        // Count each segment's occurrences from it on: the first occurrence counts them all, a later one
        // fewer. Paths have a few dozen segments at most (the URL length filter runs first), and this
        // makes no strings and no map per link.
        int n = path.length();
        for (int start = 1; start < n; ) {
            int end = segmentEnd(path, start);
            if (end > start && occurrences(path, start, end) > maxRepeats) {
                return false;
            }
            start = end + 1;
        }
        return true;
    }

    /**
     * False when no segment of {@code path} can occur more than {@code maxRepeats} times: its non-empty
     * segments' hashes fall into 64 buckets, counted up to four, and no bucket holds {@code maxRepeats + 1}
     * of them (or four, for larger maxima). A link's path rarely repeats a segment even once, so this one
     * pass almost always decides, and the exact count (quadratic in the segments) runs only when a bucket
     * fills. Stopping at two in a bucket, it ran for about one path in three of a documentation site
     * ({@code /api/sample.io/net/sample/io/...}: 6 % of the parser's CPU on C1-compiled code).
     */
    private boolean mayRepeat(String path) {
        long one = 0;
        long two = 0;
        long three = 0;
        long four = 0;
        int hash = 0;
        int length = 0;
        int n = path.length();
        for (int i = 1; i <= n; i++) {
            char c = i < n ? path.charAt(i) : '/';
            if (c == '/') {
                if (length > 0) {
                    long bit = 1L << ((hash ^ (hash >>> 16) ^ length) & 63);
                    four |= three & bit;
                    three |= two & bit;
                    two |= one & bit;
                    one |= bit;
                }
                hash = 0;
                length = 0;
            } else {
                hash = 31 * hash + c;
                length++;
            }
        }
        return switch (maxRepeats) {
            case 1 -> two != 0;
            case 2 -> three != 0;
            default -> four != 0;
        };
    }

    /** How often the segment {@code path[start, end)} occurs from {@code start} on. */
    private static int occurrences(String path, int start, int end) {
        int count = 0;
        for (int s = start; s < path.length(); ) {
            int e = segmentEnd(path, s);
            if (sameSegment(path, s, e, start, end)) {
                count++;
            }
            s = e + 1;
        }
        return count;
    }

    private static boolean sameSegment(String path, int s, int e, int start, int end) {
        return e - s == end - start && path.regionMatches(s, path, start, end - start);
    }

    private static int segmentEnd(String path, int from) {
        int slash = path.indexOf('/', from);
        return slash < 0 ? path.length() : slash;
    }
}
