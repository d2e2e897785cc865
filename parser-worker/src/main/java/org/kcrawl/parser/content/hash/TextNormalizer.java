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
    private TextNormalizer() {}

    /** The normal form of {@code text}; the empty string for null or blank text. */
    public static String normalize(CharSequence text) {
        if (text == null) {
            return "";
        }
        String s = text.toString();
        char[] chars = s.toCharArray();
        if (!isAscii(chars)) {
            return Whitespace.collapse(Normalizer.normalize(s, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT));
        }
        // ASCII, nearly every page of English: lower case and whitespace in one pass over an array, the
        // same result as the general path (ASCII's whitespace is its controls and the space).
        int out = 0;
        boolean pending = false;
        for (char c : chars) {
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
        return new String(chars, 0, out);
    }

    private static boolean isAscii(char[] s) {
        for (char c : s) {
            if (c >= 0x80) {
                return false;
            }
        }
        return true;
    }
}
