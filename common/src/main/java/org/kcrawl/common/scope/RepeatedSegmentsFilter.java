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
        if (path == null || path.length() < 2 * (maxRepeats + 1) || slashes(path) <= maxRepeats) {
            return true; // too short to hold maxRepeats + 1 non-empty segments
        }
        // Count each segment's occurrences at its first occurrence: paths have a few dozen segments at
        // most (the URL length filter runs first), and this makes no strings and no map per link.
        int n = path.length();
        for (int start = 1; start < n; ) {
            int end = segmentEnd(path, start);
            if (end > start && !seenBefore(path, start, end) && occurrences(path, start, end) > maxRepeats) {
                return false;
            }
            start = end + 1;
        }
        return true;
    }

    /** True when the segment {@code path[start, end)} also occurs before {@code start}. */
    private static boolean seenBefore(String path, int start, int end) {
        for (int s = 1; s < start; ) {
            int e = segmentEnd(path, s);
            if (sameSegment(path, s, e, start, end)) {
                return true;
            }
            s = e + 1;
        }
        return false;
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

    private static int slashes(String path) {
        int n = 0;
        for (int i = 0; i < path.length(); i++) {
            if (path.charAt(i) == '/') {
                n++;
            }
        }
        return n;
    }
}
