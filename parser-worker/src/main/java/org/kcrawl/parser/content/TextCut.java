package org.kcrawl.parser.content;

/**
 * Where a text over its cap ({@code max_text_chars}) is cut: at the end of its last paragraph before the
 * cap, else of its last line (a list of names, a table's rows: one item a line, no blank line between),
 * else of its last word; each only when it keeps at least half the cap, so a page whose items hold no
 * space (a class list, a text in Chinese) is not cut back to its headline. Failing all three, at the cap
 * itself, never between the two halves of a surrogate pair.
 */
final class TextCut {
    private TextCut() {}

    /** The length to keep of {@code text}, which is longer than {@code max}. */
    static int at(CharSequence text, int max) {
        int least = max / 2;
        int at = lastBefore(text, max, "\n\n", least);
        if (at < 0) {
            at = lastBefore(text, max, "\n", least);
        }
        if (at < 0) {
            at = lastBefore(text, max, " ", least);
        }
        if (at < 0) {
            at = Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
        }
        return at;
    }

    /** The last start of {@code mark} from {@code least} to {@code max}, or -1. */
    private static int lastBefore(CharSequence text, int max, String mark, int least) {
        for (int i = Math.min(max, text.length() - mark.length()); i >= least; i--) {
            if (startsAt(text, i, mark)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean startsAt(CharSequence text, int i, String mark) {
        for (int k = 0; k < mark.length(); k++) {
            if (text.charAt(i + k) != mark.charAt(k)) {
                return false;
            }
        }
        return true;
    }
}
