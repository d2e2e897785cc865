package org.kcrawl.common.url;

/**
 * The shortcut of {@link UrlNormalizer} for the links most pages are made of: an http(s) URL that is in
 * normal form already, except perhaps for a fragment and {@code .}/{@code ..} segments (what resolving
 * {@code ../other.html#part} against a page gives). Such a URL is normalized by cutting the fragment and
 * resolving the dot segments, without the general normalizer's passes; anything else (a query, an
 * escape, upper case, a default port, an unusual host, a path parameter, spaces) is left to it.
 *
 * <p>The shortcut accepts only inputs whose general normalization is exactly what it returns, and whose
 * result {@link HttpUrl} accepts: lower-case ASCII host names of letters, digits and inner hyphens whose
 * last label starts with a letter, or canonical dotted IPv4 addresses (both of which the host
 * normalization leaves as they are), a port other than the scheme's default without leading zeros,
 * and a path of characters that stay literal. A test checks the agreement on real and random URLs.
 */
final class CanonicalShape {
    private static final int MAX_HOST = 253;
    private static final int MAX_LABEL = 63;
    private static final boolean[] PATH_LITERAL = new boolean[128];

    static {
        for (char c = 'a'; c <= 'z'; c++) {
            PATH_LITERAL[c] = true;
            PATH_LITERAL[c - 32] = true;
        }
        for (char c = '0'; c <= '9'; c++) {
            PATH_LITERAL[c] = true;
        }
        // Unreserved, the sub-delims and ':' '@' '/': what the path's percent-encoding keeps literal. Not ';',
        // which may start a path parameter that the normalizer strips.
        for (char c : "-._~!$&'()*+,=:@/".toCharArray()) {
            PATH_LITERAL[c] = true;
        }
    }

    private CanonicalShape() {}

    /** URLs are read from a copy in this array: fewer checks per character than String.charAt. */
    private static final ThreadLocal<char[]> CHARS = ThreadLocal.withInitial(() -> new char[256]);

    /** The normal form of {@code url} when the shortcut applies, else null. */
    static String normalize(String url) {
        int n = url.length();
        char[] c = CHARS.get();
        if (c.length < n) {
            c = new char[n];
            if (n <= 4096) {
                CHARS.set(c);
            }
        }
        url.getChars(0, n, c, 0);
        return normalize(url, c, n);
    }

    private static String normalize(String url, char[] s, int n) {
        int hostStart;
        int defaultPort;
        if (url.startsWith("http://")) {
            hostStart = 7;
            defaultPort = 80;
        } else if (url.startsWith("https://")) {
            hostStart = 8;
            defaultPort = 443;
        } else {
            return null;
        }
        int i = hostStart;
        while (i < n && s[i] != ':' && s[i] != '/' && s[i] != '#') {
            i++;
        }
        if (!isCanonicalHost(s, hostStart, i)) {
            return null;
        }
        if (i < n && s[i] == ':') {
            int digits = ++i;
            int port = 0;
            while (i < n && s[i] >= '0' && s[i] <= '9') {
                port = port * 10 + (s[i] - '0');
                if (i - digits >= 5) {
                    return null;
                }
                i++;
            }
            if (i == digits || s[digits] == '0' || port > 65535 || port == defaultPort) {
                return null;
            }
        }
        int pathStart = i;
        while (i < n && s[i] != '#') {
            char ch = s[i];
            if (ch >= 128 || !PATH_LITERAL[ch]) {
                return null; // '?', '%', ';', '\', spaces, controls, non-ASCII: the general way
            }
            i++;
        }
        if (pathStart == i) {
            return url.substring(0, pathStart) + "/";
        }
        if (s[pathStart] != '/') {
            return null;
        }
        String path = url.substring(pathStart, i);
        String resolved = DotSegments.remove(path);
        if (resolved == path && i == n) {
            return url; // normal already: the common case makes no new string
        }
        return url.substring(0, pathStart).concat(resolved);
    }

    /**
     * A lower-case host name the host normalization leaves as it is and {@link HttpUrl} accepts: labels
     * of letters, digits and inner hyphens, the last starting with a letter, or a canonical IPv4 address.
     */
    private static boolean isCanonicalHost(char[] s, int from, int to) {
        if (from >= to || to - from > MAX_HOST) {
            return false;
        }
        int labelStart = from;
        boolean lastStartsWithLetter = false;
        for (int i = from; i <= to; i++) {
            char c = i < to ? s[i] : '.';
            if (c == '.') {
                int len = i - labelStart;
                if (len == 0 || len > MAX_LABEL || s[labelStart] == '-' || s[i - 1] == '-') {
                    return false;
                }
                lastStartsWithLetter = s[labelStart] >= 'a';
                labelStart = i + 1;
            } else if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-')) {
                return false;
            }
        }
        return lastStartsWithLetter || isCanonicalIpv4(s, from, to);
    }

    private static boolean isCanonicalIpv4(char[] s, int from, int to) {
        int parts = 0;
        int i = from;
        while (i < to) {
            int start = i;
            int value = 0;
            while (i < to && s[i] >= '0' && s[i] <= '9' && i - start < 3) {
                value = value * 10 + (s[i] - '0');
                i++;
            }
            if (i == start || value > 255 || i - start > 1 && s[start] == '0') {
                return false;
            }
            parts++;
            if (i < to && s[i++] != '.') {
                return false;
            }
        }
        return parts == 4 && s[to - 1] != '.';
    }
}
