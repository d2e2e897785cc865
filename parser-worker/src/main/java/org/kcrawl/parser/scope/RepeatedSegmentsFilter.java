package org.kcrawl.parser.scope;

import java.util.HashMap;
import java.util.Map;

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
        Map<String, Integer> counts = new HashMap<>();
        for (String segment : path.split("/")) {
            if (!segment.isEmpty() && counts.merge(segment, 1, Integer::sum) > maxRepeats) {
                return false;
            }
        }
        return true;
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
