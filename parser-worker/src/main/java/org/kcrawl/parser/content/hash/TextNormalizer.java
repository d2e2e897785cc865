package org.kcrawl.parser.content.hash;

import java.text.Normalizer;
import java.util.Locale;
import org.kcrawl.parser.content.Whitespace;

/**
 * The form of a page's main text that duplicate detection compares: Unicode NFKC (compatibility
 * characters such as ligatures, full-width letters and no-break spaces as their plain forms), lower case
 * (the root locale's rules), every run of whitespace as one space, no leading or trailing space. Two texts
 * that differ only in layout, case or such character variants have the same normal form.
 */
public final class TextNormalizer {
    /** A thread's array for the ASCII road: a page's text is normalized into it, not into a new one. */
    private static final ThreadLocal<char[]> SCRATCH = ThreadLocal.withInitial(() -> new char[8192]);
    /** The largest array a thread keeps after a huge text. */
    private static final int KEPT_CHARS = 256 * 1024;

    private TextNormalizer() {}

    /** The normal form of {@code text}; the empty string for null or blank text. */
    public static String normalize(CharSequence text) {
        Normal n = normalForm(text);
        return new String(n.chars(), 0, n.length());
    }

    /**
     * The normal form of {@code text} as characters {@code chars[0, length)}, and whether they are all
     * ASCII: what the hashes read, without making a string of it. The array may be this thread's scratch
     * array: read it before the thread's next call.
     */
    static Normal normalForm(CharSequence text) {
        if (text == null) {
            return new Normal(new char[0], 0, true);
        }
        String s = text.toString();
        char[] chars = scratch(s.length());
        s.getChars(0, s.length(), chars, 0);
        if (!isAscii(chars, s.length())) {
            return general(s);
        }
        // ASCII, nearly every page of English: lower case and whitespace in one pass over an array, the
        // same result as the general path (ASCII's whitespace is its controls and the space).
        int out = 0;
        boolean pending = false;
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = chars[i];
            if (c <= ' ') {
                pending = out > 0;
                continue;
            }
            if (pending) {
                chars[out++] = ' ';
                pending = false;
            }
            chars[out++] = c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
        }
        return new Normal(chars, out, true);
    }

    /**
     * Text with characters outside ASCII: NFKC (most texts already are), then lower case and whitespace in
     * one pass over an array, as {@code Whitespace.collapse(nfkc.toLowerCase(Locale.ROOT))} would give them.
     * The characters {@link String#toLowerCase} treats by context (capital sigma, dotted capital I,
     * surrogates) take that road itself.
     */
    private static Normal general(String s) {
        String nfkc = Normalizer.isNormalized(s, Normalizer.Form.NFKC) ? s : Normalizer.normalize(s, Normalizer.Form.NFKC);
        char[] c = nfkc.toCharArray();
        int out = 0;
        boolean pending = false;
        boolean ascii = true;
        for (char ch : c) {
            if (ch == '\u03a3' || ch == '\u0130' || Character.isSurrogate(ch)) {
                char[] normal = Whitespace.collapse(nfkc.toLowerCase(Locale.ROOT)).toCharArray();
                return new Normal(normal, normal.length, isAscii(normal));
            }
            if (Whitespace.isSpace(ch)) { // lower-casing never makes or unmakes a space
                pending = out > 0;
                continue;
            }
            if (pending) {
                c[out++] = ' ';
                pending = false;
            }
            char lower = ch < 0x80 ? ch >= 'A' && ch <= 'Z' ? (char) (ch + ('a' - 'A')) : ch : Character.toLowerCase(ch);
            ascii &= lower < 0x80;
            c[out++] = lower;
        }
        return new Normal(c, out, ascii);
    }

    /** A normal form: {@code chars[0, length)}, {@code ascii} when every one is. */
    record Normal(char[] chars, int length, boolean ascii) {}

    private static boolean isAscii(char[] s) {
        return isAscii(s, s.length);
    }

    private static boolean isAscii(char[] s, int n) {
        for (int i = 0; i < n; i++) {
            if (s[i] >= 0x80) {
                return false;
            }
        }
        return true;
    }

    private static char[] scratch(int length) {
        char[] chars = SCRATCH.get();
        if (chars.length < length) {
            chars = new char[Math.max(length, chars.length * 2)];
            if (chars.length <= KEPT_CHARS) {
                SCRATCH.set(chars);
            }
        }
        return chars;
    }
}
