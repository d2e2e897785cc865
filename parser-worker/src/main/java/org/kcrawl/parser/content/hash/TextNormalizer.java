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
        if (!isAscii(s)) {
            s = Normalizer.normalize(s, Normalizer.Form.NFKC);
        }
        return Whitespace.collapse(s.toLowerCase(Locale.ROOT));
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }
}
