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

    /** {@code next[state * SYMBOLS + symbol]}: the state after reading the symbol. */
    private final int[] next;
    /** The lists (as bits) whose words end at each state. */
    private final int[] found;

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
        this.next = go;
        this.found = out;
        link(states);
    }

    /** The bits of the lists with a word in {@code s} (0 for null). */
    int match(String s) {
        if (s == null) {
            return 0;
        }
        int state = 0;
        int bits = 0;
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (c >= 128) {
                return matchLowered(s.toLowerCase(Locale.ROOT));
            }
            state = next[state * SYMBOLS + SYMBOL[c]];
            bits |= found[state];
        }
        return bits;
    }

    private int matchLowered(String s) {
        int state = 0;
        int bits = 0;
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            state = next[state * SYMBOLS + (c < 128 ? SYMBOL[c] : OTHER)];
            bits |= found[state];
        }
        return bits;
    }

    /** Failure links, breadth first, folded into a full transition table; each state reports its suffixes' lists. */
    private void link(int states) {
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
