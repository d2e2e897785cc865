package org.kcrawl.parser.content;

import java.util.Arrays;

/**
 * The text of one page's body as {@link ContentTree} keeps it: every text node's characters, one after
 * another in one array, and per node (a segment) where they are, whether their whitespace is kept, and
 * what they count for the selection (characters with whitespace runs counting one, commas).
 * One instance per tree, emptied between pages.
 */
final class TextSegments {
    char[] text = new char[16 * 1024];
    int length;
    int count;
    int[] from = new int[1024];
    int[] to = new int[1024];
    boolean[] preserve = new boolean[1024];
    /** A segment's characters as the node's counts take them (whitespace runs counting one), and its commas. */
    int[] chars = new int[1024];
    int[] commas = new int[1024];

    void clear() {
        length = 0;
        count = 0;
    }

    /** Makes room at once for {@code segments} segments of {@code characters} characters in all. */
    void expect(int segments, int characters) {
        if (segments > from.length) {
            grow(segments);
        }
        if (characters > text.length) {
            text = new char[characters]; // empty: cleared
        }
    }

    /** Drops arrays a huge page grew, so a thread does not keep them for the pages after it. */
    void shrink(int keptSegments, int keptChars) {
        if (text.length > keptChars) {
            text = new char[keptChars];
        }
        if (from.length > keptSegments) {
            grow(keptSegments);
        }
    }

    /** Adds {@code chars[from, to)} (not empty) as the next segment; returns its number. */
    int add(char[] source, int start, int end, boolean keepWhitespace) {
        int n = end - start;
        if (length + n > text.length) {
            text = Arrays.copyOf(text, Math.max(length + n, text.length * 2));
        }
        // Copied as it is counted: most text nodes are a few words, where an arraycopy call costs more
        // than the characters it copies.
        char[] kept = text;
        int at = length - start;
        int counted = 0;
        int commaCount = 0;
        boolean space = true;
        for (int i = start; i < end; i++) {
            char c = source[i];
            kept[at + i] = c;
            if (ContentTree.isBlank(c)) {
                space = true;
                continue;
            }
            if (space) {
                counted++; // the space before a word counts one, as in normalized text
                space = false;
            }
            counted++;
            if (c <= ',' ? c == ',' : c >= '\u060c' && (c == '\u060c' || c == '\u3001' || c == '\uff0c')) {
                commaCount++;
            }
        }
        if (count == from.length) {
            grow(count * 2);
        }
        from[count] = length;
        to[count] = length + n;
        preserve[count] = keepWhitespace;
        chars[count] = counted;
        commas[count] = commaCount;
        length += n;
        return count++;
    }

    private void grow(int capacity) {
        from = Arrays.copyOf(from, capacity);
        to = Arrays.copyOf(to, capacity);
        preserve = Arrays.copyOf(preserve, capacity);
        chars = Arrays.copyOf(chars, capacity);
        commas = Arrays.copyOf(commas, capacity);
    }
}
