package org.kcrawl.common.url;

import java.util.ArrayList;
import java.util.List;

/** Resolves {@code .} and {@code ..} segments of an absolute path (RFC 3986 section 5.2.4). */
final class DotSegments {
    private DotSegments() {}

    /** {@code path} without dot segments; {@code ..} above the root stays at the root. */
    static String remove(String path) {
        if (!hasDotSegment(path)) {
            return path;
        }
        String[] segments = path.split("/", -1);
        List<String> kept = new ArrayList<>(segments.length);
        // segments[0] is the empty string before the leading '/'.
        for (int i = 1; i < segments.length; i++) {
            String segment = segments[i];
            boolean last = i == segments.length - 1;
            if (segment.equals(".")) {
                if (last) {
                    kept.add(""); // "/a/." is the directory "/a/"
                }
            } else if (segment.equals("..")) {
                if (!kept.isEmpty()) {
                    kept.remove(kept.size() - 1);
                }
                if (last) {
                    kept.add("");
                }
            } else {
                kept.add(segment);
            }
        }
        return kept.isEmpty() ? "/" : "/" + String.join("/", kept);
    }

    private static boolean hasDotSegment(String path) {
        int n = path.length();
        for (int i = 0; i < n; i++) {
            if (path.charAt(i) == '.' && (i == 0 || path.charAt(i - 1) == '/')) {
                int end = i + 1 < n && path.charAt(i + 1) == '.' ? i + 2 : i + 1;
                if (end == n || path.charAt(end) == '/') {
                    return true;
                }
            }
        }
        return false;
    }
}
