package org.kcrawl.parser.content;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Locale;

/**
 * Which of several lists of words occur in a string, as substrings, ignoring case, in one pass over it
 * (an Aho-Corasick automaton): the cost is the string's length whatever the number of words, where
 * searching each word in turn costs their number times that.
 *
 * <p>Words are ASCII lower-case letters, digits and {@code -}; every other character of the string
 * breaks a match. A string with a character outside ASCII is lower-cased by the root locale's rules first,
 * as {@link String#toLowerCase(Locale)} would (the Kelvin sign becomes {@code k}).
 */
final class WordAutomaton {
    private static final int SYMBOLS = 26 + 10 + 2;
    private static final int OTHER = SYMBOLS - 1;
    private static final byte[] SYMBOL = new byte[128];

    static {
        Arrays.fill(SYMBOL, (byte) OTHER);
        for (char c = 'a'; c <= 'z'; c++) {
            SYMBOL[c] = (byte) (c - 'a');
            SYMBOL[c - 'a' + 'A'] = (byte) (c - 'a');
        }
        for (char c = '0'; c <= '9'; c++) {
            SYMBOL[c] = (byte) (26 + c - '0');
        }
        SYMBOL['-'] = 36;
    }

    /** A state's row in {@link #rows}: its next rows by symbol, then the lists it reports. */
    private static final int ROW = SYMBOLS + 1;

    /**
     * The automaton as one table of rows: {@code rows[row + symbol]} is the row of the state after reading
     * the symbol, {@code rows[row + SYMBOLS]} the lists (as bits) whose words end at the row's state. Rows,
     * not state numbers, so a character costs an addition and a load (no multiplication on the chain).
     */
    private final int[] rows;

    /** {@code lists[i]}: the words of list i, reported as bit {@code 1 << i}. */
    WordAutomaton(String[]... lists) {
        if (lists.length > 31) {
            throw new IllegalArgumentException("at most 31 lists, not " + lists.length);
        }
        int capacity = 1;
        for (String[] list : lists) {
            for (String word : list) {
                capacity += word.length();
            }
        }
        int[] go = new int[capacity * SYMBOLS];
        Arrays.fill(go, -1);
        int[] out = new int[capacity];
        int states = 1;
        for (int l = 0; l < lists.length; l++) {
            for (String word : lists[l]) {
                int s = 0;
                for (int i = 0; i < word.length(); i++) {
                    int sym = symbolOfWordChar(word, i);
                    if (go[s * SYMBOLS + sym] < 0) {
                        go[s * SYMBOLS + sym] = states++;
                    }
                    s = go[s * SYMBOLS + sym];
                }
                out[s] |= 1 << l;
            }
        }
        link(go, out, states);
        rows = new int[states * ROW];
        for (int st = 0; st < states; st++) {
            for (int sym = 0; sym < SYMBOLS; sym++) {
                rows[st * ROW + sym] = go[st * SYMBOLS + sym] * ROW;
            }
            rows[st * ROW + SYMBOLS] = out[st];
        }
    }

    /** The bits of the lists with a word in {@code s} (0 for null). */
    int match(String s) {
        if (s == null) {
            return 0;
        }
        int[] t = rows;
        int row = 0;
        int bits = 0;
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (c >= 128) {
                return matchLowered(s.toLowerCase(Locale.ROOT));
            }
            row = t[row + SYMBOL[c]];
            bits |= t[row + SYMBOLS];
        }
        return bits;
    }

    private int matchLowered(String s) {
        int[] t = rows;
        int row = 0;
        int bits = 0;
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            row = t[row + (c < 128 ? SYMBOL[c] : OTHER)];
            bits |= t[row + SYMBOLS];
        }
        return bits;
    }

    /**
     * Failure links, breadth first, folded into the full transition table {@code next}; each state reports its
     * suffixes' lists in {@code found}.
     */
    private static void link(int[] next, int[] found, int states) {
        int[] fail = new int[states];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int sym = 0; sym < SYMBOLS; sym++) {
            int t = next[sym];
            if (t < 0) {
                next[sym] = 0;
            } else {
                fail[t] = 0;
                queue.add(t);
            }
        }
        while (!queue.isEmpty()) {
            int s = queue.poll();
            found[s] |= found[fail[s]];
            for (int sym = 0; sym < SYMBOLS; sym++) {
                int t = next[s * SYMBOLS + sym];
                if (t < 0) {
                    next[s * SYMBOLS + sym] = next[fail[s] * SYMBOLS + sym];
                } else {
                    fail[t] = next[fail[s] * SYMBOLS + sym];
                    queue.add(t);
                }
            }
        }
    }

    private static int symbolOfWordChar(String word, int i) {
        char c = word.charAt(i);
        if (c >= 128 || SYMBOL[c] == OTHER || c >= 'A' && c <= 'Z') {
            throw new IllegalArgumentException("a word is lower-case ASCII letters, digits and '-', not '" + word + "'");
        }
        return SYMBOL[c];
    }
}
