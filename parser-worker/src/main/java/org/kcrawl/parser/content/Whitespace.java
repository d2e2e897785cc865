package org.kcrawl.parser.content;

/**
 * Whitespace as the content parts read it: ASCII controls, Unicode whitespace and space separators
 * (no-break and em spaces among them), every run of it one space, none at either end.
 */
public final class Whitespace {
    private Whitespace() {}

    /** True for a character that separates words: a control, whitespace or a space separator. */
    public static boolean isSpace(char c) {
        // Past the controls and the space, ASCII has no whitespace: two table lookups saved a letter.
        return c <= ' ' || c >= 0x80 && (Character.isWhitespace(c) || Character.isSpaceChar(c));
    }

    /** {@code value} with every run of whitespace as one space, trimmed; the same instance when it already is. */
    public static String collapse(String value) {
        if (isCollapsed(value)) {
            return value;
        }
        StringBuilder b = new StringBuilder(value.length());
        boolean pending = false;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (isSpace(c)) {
                pending = b.length() > 0;
            } else {
                if (pending) {
                    b.append(' ');
                    pending = false;
                }
                b.append(c);
            }
        }
        return b.toString();
    }

    private static boolean isCollapsed(String v) {
        int n = v.length();
        if (n == 0) {
            return true;
        }
        if (isSpace(v.charAt(0)) || isSpace(v.charAt(n - 1))) {
            return false;
        }
        for (int i = 1; i < n - 1; i++) {
            char c = v.charAt(i);
            if (isSpace(c) && (c != ' ' || isSpace(v.charAt(i + 1)))) {
                return false;
            }
        }
        return true;
    }
}
