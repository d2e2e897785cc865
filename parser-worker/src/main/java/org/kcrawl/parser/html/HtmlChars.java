package org.kcrawl.parser.html;

/** The character tests and searches of {@link HtmlTokenizer} over a document's array {@code s[0, n)}. */
final class HtmlChars {
    private HtmlChars() {}

    /** The first {@code c} in {@code s[from, n)}, or -1. */
    static int indexOf(char[] s, int n, char c, int from) {
        for (int i = Math.max(from, 0); i < n; i++) {
            if (s[i] == c) {
                return i;
            }
        }
        return -1;
    }

    /** The first {@code seq} in {@code s[from, n)}, or -1. */
    static int indexOf(char[] s, int n, String seq, int from) {
        char first = seq.charAt(0);
        for (int i = indexOf(s, n, first, from); i >= 0 && i + seq.length() <= n; i = indexOf(s, n, first, i + 1)) {
            if (startsWith(s, n, seq, i)) {
                return i;
            }
        }
        return -1;
    }

    /** True when {@code s[0, n)} holds {@code seq} at {@code at}. */
    static boolean startsWith(char[] s, int n, String seq, int at) {
        if (at < 0 || at + seq.length() > n) {
            return false;
        }
        for (int i = 0; i < seq.length(); i++) {
            if (s[at + i] != seq.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** True when {@code s[0, n)} holds {@code lowerName} at {@code at}, in any case. */
    static boolean matchesIgnoreCase(char[] s, int n, int at, String lowerName) {
        if (at + lowerName.length() > n) {
            return false;
        }
        for (int i = 0; i < lowerName.length(); i++) {
            char c = s[at + i];
            if ((c >= 'A' && c <= 'Z' ? (char) (c + 32) : c) != lowerName.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    static boolean isSpace(char c) {
        return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f';
    }

    static boolean isTagNameEnd(char c) {
        return isSpace(c) || c == '/' || c == '>';
    }

    static boolean isAttributeNameEnd(char c) {
        return isSpace(c) || c == '/' || c == '>' || c == '=';
    }

    static boolean isAsciiLetter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }
}
