package org.kcrawl.parser.content.hash;

import java.text.Normalizer;
import org.kcrawl.parser.content.Whitespace;

/**
 * What the {@linkplain TextNormalizer normal form} makes of each character of the Basic Multilingual Plane
 * when it stands among characters that leave it alone: its lower case, {@link #SPACE}, or
 * {@link #IN_CONTEXT} when its normal form is not that simple (NFKC changes it, it may combine with the
 * character before it, or its lower case depends on its neighbours: the capital sigma, the dotted capital
 * I, surrogates). Learnt a character at a time, the first time a text has it, so a page pays a table read a
 * character instead of the normalizer's and the case tables' code. Thread-safe: a table entry is
 * written whole and always with the same value.
 */
final class CharFolds {
    /** The character's normal form depends on its neighbours, or is not one character: normalize its run. */
    static final char IN_CONTEXT = 1;
    /** The character is whitespace in the normal form (a space of any kind; NFKC makes some of them spaces). */
    static final char SPACE = ' ';
    private static final char UNKNOWN = 0;
    private static final char[] FOLD = new char[0x10000];

    static {
        for (char c = 0; c < 0x80; c++) {
            FOLD[c] = c <= ' ' ? SPACE : c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
        }
    }

    private CharFolds() {}

    /** What {@code c} becomes: its lower case, {@link #SPACE}, or {@link #IN_CONTEXT}. */
    static char of(char c) {
        char f = FOLD[c];
        return f != UNKNOWN ? f : learn(c);
    }

    private static char learn(char c) {
        char f;
        if (Character.isSurrogate(c) || c == '\u0130' || c == '\u03a3' || mayCombineBackward(c)) {
            f = IN_CONTEXT;
        } else {
            String alone = String.valueOf(c);
            String nfkc = Normalizer.normalize(alone, Normalizer.Form.NFKC);
            if (nfkc.equals(alone)) {
                f = Whitespace.isSpace(c) ? SPACE : Character.toLowerCase(c);
            } else {
                f = allSpace(nfkc) ? SPACE : IN_CONTEXT; // the no-break and em spaces; ligatures, full widths
            }
        }
        FOLD[c] = f;
        return f;
    }

    /**
     * Characters that can compose with the one before them, or reorder with it: combining marks, the Hangul
     * vowel and final jamo, the half-width voiced sound marks (NFKC makes them combining marks).
     */
    private static boolean mayCombineBackward(char c) {
        int type = Character.getType(c);
        return type == Character.NON_SPACING_MARK || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK || c >= 0x1100 && c <= 0x11ff || c >= 0xa960 && c <= 0xa97f
                || c >= 0xd7b0 && c <= 0xd7ff || c == 0xff9e || c == 0xff9f;
    }

    private static boolean allSpace(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (!Whitespace.isSpace(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
