package org.kcrawl.common.url;

/** Resolves {@code .} and {@code ..} segments of an absolute path (RFC 3986 section 5.2.4). */
final class DotSegments {
    private DotSegments() {}

    /** {@code path} without dot segments; {@code ..} above the root stays at the root. */
    static String remove(String path) {
        if (!hasDotSegment(path)) {
            return path;
        }
        // The output only ever shrinks: write it into one array, cutting back to the last '/' for "..".
        int n = path.length();
        char[] out = new char[n + 1];
        int len = 0;
        int i = 1; // path[0] is the leading '/'
        while (i <= n) {
            int end = path.indexOf('/', i);
            if (end < 0) {
                end = n;
            }
            boolean last = end == n;
            int segment = end - i;
            if (segment == 1 && path.charAt(i) == '.') {
                if (last) {
                    out[len++] = '/'; // "/a/." is the directory "/a/"
                }
            } else if (segment == 2 && path.charAt(i) == '.' && path.charAt(i + 1) == '.') {
                while (len > 0 && out[len - 1] != '/') {
                    len--;
                }
                if (len > 0) {
                    len--; // drop the segment's own '/' too
                }
                if (last) {
                    out[len++] = '/';
                }
            } else {
                out[len++] = '/';
                path.getChars(i, end, out, len);
                len += segment;
            }
            i = end + 1;
        }
        return len == 0 ? "/" : new String(out, 0, len);
    }

    private static boolean hasDotSegment(String path) {
        int n = path.length();
        // From dot to dot: most paths hold one, a file extension's; a charAt per character, a call each on
        // C1-compiled code, made this check most of the method's cost.
        for (int i = path.indexOf('.'); i >= 0; i = path.indexOf('.', i + 1)) {
            if (i == 0 || path.charAt(i - 1) == '/') {
                int end = i + 1 < n && path.charAt(i + 1) == '.' ? i + 2 : i + 1;
                if (end == n || path.charAt(end) == '/') {
                    return true;
                }
            }
        }
        return false;
    }
}
