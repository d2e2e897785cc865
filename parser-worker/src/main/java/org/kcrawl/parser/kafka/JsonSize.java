package org.kcrawl.parser.kafka;

import java.util.List;
import org.kcrawl.common.message.MessageCodec;

/**
 * Upper bounds of the UTF-8 JSON size of extraction values as {@link MessageCodec} writes them,
 * computed without encoding. Strings are charged per character: quotes and backslashes 2 bytes,
 * control characters and surrogates 6 (Jackson may write them as {@code \\uXXXX}), other characters
 * their UTF-8 length. Values other than strings and lists of strings are encoded to be measured.
 */
final class JsonSize {
    private JsonSize() {}

    /** The bytes {@code value} takes at most. */
    static long of(Object value) {
        if (value == null) {
            return 4; // null
        }
        if (value instanceof String s) {
            return 2 + chars(s, 0, s.length());
        }
        if (value instanceof List<?> list) {
            long n = 2 + Math.max(0, list.size() - 1);
            for (Object e : list) {
                n += of(e);
            }
            return n;
        }
        return MessageCodec.get().encode(value).length;
    }

    /** The bytes the characters {@code from} (inclusive) to {@code to} of {@code s} take at most, quotes excluded. */
    static long chars(String s, int from, int to) {
        long n = 0;
        for (int i = from; i < to; i++) {
            n += of(s.charAt(i));
        }
        return n;
    }

    /**
     * The longest prefix of {@code s} whose characters take at most {@code budget} bytes (quotes
     * excluded); never ends between the two halves of a surrogate pair.
     */
    static String prefixWithin(String s, long budget) {
        long used = 0;
        int end = 0;
        while (end < s.length()) {
            long c = of(s.charAt(end));
            if (used + c > budget) {
                break;
            }
            used += c;
            end++;
        }
        if (end > 0 && end < s.length() && Character.isHighSurrogate(s.charAt(end - 1))
                && Character.isLowSurrogate(s.charAt(end))) {
            end--;
        }
        return s.substring(0, end);
    }

    private static int of(char c) {
        if (c == '"' || c == '\\') {
            return 2;
        }
        if (c < 0x20 || Character.isSurrogate(c)) {
            return 6;
        }
        if (c < 0x80) {
            return 1;
        }
        return c < 0x800 ? 2 : 3;
    }
}
