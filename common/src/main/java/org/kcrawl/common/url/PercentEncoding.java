package org.kcrawl.common.url;

import java.nio.charset.StandardCharsets;

/**
 * Puts the percent-encoding of a URL path or query into one canonical form (RFC 3986 section 6.2.2):
 * escapes of unreserved characters are decoded, every other escape gets upper-case hex digits, a
 * {@code %} that starts no valid escape becomes {@code %25}, and characters that may not appear
 * literally (spaces, quotes, non-ASCII) are UTF-8 encoded. Applying it twice changes nothing.
 */
final class PercentEncoding {
    /** Which component is being encoded; they differ in which delimiters may stay literal. */
    enum Component {
        PATH,
        QUERY
    }

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();
    private static final boolean[] UNRESERVED = new boolean[128];
    private static final boolean[] PATH_LITERAL = new boolean[128];
    private static final boolean[] QUERY_LITERAL = new boolean[128];

    static {
        for (char c = 'a'; c <= 'z'; c++) {
            UNRESERVED[c] = true;
            UNRESERVED[Character.toUpperCase(c)] = true;
        }
        for (char c = '0'; c <= '9'; c++) {
            UNRESERVED[c] = true;
        }
        for (char c : "-._~".toCharArray()) {
            UNRESERVED[c] = true;
        }
        for (int c = 0; c < 128; c++) {
            PATH_LITERAL[c] = UNRESERVED[c];
        }
        // sub-delims plus ':' '@' '/', as RFC 3986 allows in a path; '%' is handled separately.
        for (char c : "!$&'()*+,;=:@/".toCharArray()) {
            PATH_LITERAL[c] = true;
        }
        System.arraycopy(PATH_LITERAL, 0, QUERY_LITERAL, 0, 128);
        QUERY_LITERAL['?'] = true;
    }

    private PercentEncoding() {}

    /** The canonical encoding of {@code in} as the given component. */
    static String normalize(String in, Component component) {
        boolean[] literal = component == Component.PATH ? PATH_LITERAL : QUERY_LITERAL;
        if (isCanonical(in, literal)) {
            return in;
        }
        StringBuilder out = new StringBuilder(in.length() + 16);
        int i = 0;
        int n = in.length();
        while (i < n) {
            char c = in.charAt(i);
            if (c == '%') {
                int hi = i + 2 < n ? hexValue(in.charAt(i + 1)) : -1;
                int lo = hi >= 0 ? hexValue(in.charAt(i + 2)) : -1;
                if (lo >= 0) {
                    int b = (hi << 4) | lo;
                    if (b < 128 && UNRESERVED[b]) {
                        out.append((char) b);
                    } else {
                        appendEscape(out, b);
                    }
                    i += 3;
                } else {
                    out.append("%25");
                    i++;
                }
            } else if (c < 128 && literal[c]) {
                out.append(c);
                i++;
            } else {
                int cp = in.codePointAt(i);
                int len = Character.charCount(cp);
                if (Character.isSurrogate(c) && len == 1) {
                    cp = 0xFFFD; // an unpaired surrogate has no UTF-8 form
                }
                for (byte b : new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8)) {
                    appendEscape(out, b & 0xFF);
                }
                i += len;
            }
        }
        return out.toString();
    }

    /** True when {@code in} contains only literal characters and canonical escapes of reserved bytes. */
    private static boolean isCanonical(String in, boolean[] literal) {
        int n = in.length();
        for (int i = 0; i < n; i++) {
            char c = in.charAt(i);
            if (c == '%') {
                if (i + 2 >= n) {
                    return false;
                }
                char h = in.charAt(i + 1);
                char l = in.charAt(i + 2);
                if (!isUpperHex(h) || !isUpperHex(l)) {
                    return false;
                }
                int b = (hexValue(h) << 4) | hexValue(l);
                if (b < 128 && UNRESERVED[b]) {
                    return false;
                }
                i += 2;
            } else if (c >= 128 || !literal[c]) {
                return false;
            }
        }
        return true;
    }

    private static void appendEscape(StringBuilder out, int b) {
        out.append('%').append(HEX[b >> 4]).append(HEX[b & 0xF]);
    }

    private static boolean isUpperHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F');
    }

    private static int hexValue(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }
}
