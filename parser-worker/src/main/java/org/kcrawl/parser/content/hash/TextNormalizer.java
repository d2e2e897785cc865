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
        Normal n = normalForm(text);
        return new String(n.chars(), 0, n.length());
    }

    /**
     * The normal form of {@code text} as characters {@code chars[0, length)}, and whether they are all
     * ASCII: what the hashes read, without making a string of it.
     */
    static Normal normalForm(CharSequence text) {
        if (text == null) {
            return new Normal(new char[0], 0, true);
        }
        String s = text.toString();
        char[] chars = s.toCharArray();
        if (!isAscii(chars)) {
            String general = Whitespace.collapse(Normalizer.normalize(s, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT));
            char[] normal = general.toCharArray();
            return new Normal(normal, normal.length, isAscii(normal));
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
        return new Normal(chars, out, true);
    }

    /** A normal form: {@code chars[0, length)}, {@code ascii} when every one is. */
    record Normal(char[] chars, int length, boolean ascii) {
        boolean isEmpty() {
            return length == 0;
        }
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
