package org.kcrawl.parser.content.eval;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits text into the benchmark's word tokens: maximal runs of Unicode letters and decimal digits, with
 * combining marks kept inside the word they follow (so a Devanagari or Arabic word stays one token).
 * Everything else (spaces, punctuation, symbols, Markdown markup) separates tokens and is never a token.
 * Case is kept: the extracted text and the reference come from the same page.
 */
public final class WordTokens {
    private WordTokens() {}

    /** The tokens of {@code text}, in order; an empty list for null or token-free text. */
    public static List<String> of(String text) {
        List<String> tokens = new ArrayList<>();
        if (text == null) {
            return tokens;
        }
        int start = -1;
        int i = 0;
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            boolean word = isWordStart(cp) || (start >= 0 && isMark(cp));
            if (word && start < 0) {
                start = i;
            } else if (!word && start >= 0) {
                tokens.add(text.substring(start, i));
                start = -1;
            }
            i += Character.charCount(cp);
        }
        if (start >= 0) {
            tokens.add(text.substring(start));
        }
        return tokens;
    }

    private static boolean isWordStart(int cp) {
        return Character.isLetter(cp) || Character.getType(cp) == Character.DECIMAL_DIGIT_NUMBER;
    }

    private static boolean isMark(int cp) {
        int type = Character.getType(cp);
        return type == Character.NON_SPACING_MARK || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK;
    }
}
