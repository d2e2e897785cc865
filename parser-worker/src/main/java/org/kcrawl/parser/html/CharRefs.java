package org.kcrawl.parser.html;

import org.jsoup.nodes.Entities;

/**
 * Decodes HTML character references ({@code &amp;}, {@code &#233;}, {@code &#x2014;}, legacy ones
 * without a semicolon) the way jsoup's tokenizer does, so that text and attribute values read by
 * {@link HtmlTokenizer} equal what jsoup would have put in its document. Entity names come from
 * jsoup's own table ({@link Entities}). Stateless; the decoding appends to a caller's builder.
 */
final class CharRefs {
    /** Windows-1252 meanings of the numeric references 0x80 to 0x9F, as browsers read them. */
    private static final int[] WIN1252 = {
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    };
    private static final int REPLACEMENT = 0xFFFD;

    private CharRefs() {}

    /**
     * Decodes {@code s[from, to)} into {@code out}. In an attribute value ({@code inAttribute}), a
     * named reference without its semicolon followed by a letter, digit, {@code =}, {@code -} or
     * {@code _} stays literal, and {@code quote} (the value's quote character, or {@code >} for an
     * unquoted value) right after {@code &} is not a reference.
     */
    static void decode(char[] s, int from, int to, boolean inAttribute, char quote, StringBuilder out) {
        int i = from;
        while (i < to) {
            int amp = i;
            while (amp < to && s[amp] != '&') {
                amp++;
            }
            out.append(s, i, amp - i);
            if (amp == to) {
                return;
            }
            i = reference(s, amp + 1, to, inAttribute, quote, out);
        }
    }

    /** Decodes the reference after the {@code &} at {@code at - 1}; returns where reading goes on. */
    private static int reference(char[] s, int at, int to, boolean inAttribute, char quote, StringBuilder out) {
        if (at >= to) {
            out.append('&');
            return at;
        }
        char c = s[at];
        if (c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == ' ' || c == '<' || c == '&'
                || inAttribute && c == quote) {
            out.append('&');
            return at;
        }
        return c == '#' ? numeric(s, at + 1, to, out) : named(s, at, to, inAttribute, out);
    }

    private static int numeric(char[] s, int at, int to, StringBuilder out) {
        boolean hex = at < to && (s[at] == 'x' || s[at] == 'X');
        int start = hex ? at + 1 : at;
        int end = start;
        while (end < to && (hex ? isHex(s[end]) : isDigit(s[end]))) {
            end++;
        }
        if (end == start) {
            out.append('&');
            return at - 1; // "&#" without digits: both characters are text
        }
        int value = parse(s, start, end, hex ? 16 : 10);
        if (value < 0 || value > 0x10FFFF) {
            value = REPLACEMENT;
        } else if (value >= 0x80 && value < 0x80 + WIN1252.length) {
            value = WIN1252[value - 0x80];
        }
        out.appendCodePoint(value);
        return end < to && s[end] == ';' ? end + 1 : end;
    }

    /** The value of the digits, or -1 when it does not fit an int (jsoup then gives U+FFFD too). */
    private static int parse(char[] s, int from, int to, int radix) {
        long value = 0;
        for (int i = from; i < to; i++) {
            value = value * radix + Character.digit(s[i], radix);
            if (value > Integer.MAX_VALUE) {
                return -1;
            }
        }
        return (int) value;
    }

    private static int named(char[] s, int at, int to, boolean inAttribute, StringBuilder out) {
        int end = at;
        while (end < to && isAsciiLetter(s[end])) {
            end++;
        }
        while (end < to && isDigit(s[end])) {
            end++;
        }
        boolean semicolon = end < to && s[end] == ';';
        char common = semicolon ? common(s, at, end) : 0;
        if (common != 0) {
            out.append(common); // the references nearly every page uses, without making their names
            return end + 1;
        }
        String name = new String(s, at, end - at);
        boolean found = Entities.isBaseNamedEntity(name) || Entities.isNamedEntity(name) && semicolon;
        if (!found) {
            if (inAttribute) {
                out.append('&');
                return at;
            }
            // Text may end a legacy reference early: "&notit;" reads as "¬it;".
            name = Entities.findPrefix(name);
            if (name.isEmpty()) {
                out.append('&');
                return at;
            }
            end = at + name.length();
            semicolon = end < to && s[end] == ';';
        }
        if (inAttribute && !semicolon && end < to) {
            char next = s[end];
            if (isAsciiLetter(next) || isDigit(next) || next == '=' || next == '-' || next == '_') {
                out.append('&');
                return at;
            }
        }
        out.append(Entities.getByName(name));
        return semicolon ? end + 1 : end;
    }

    /** The character of {@code &amp;}, {@code &lt;}, {@code &gt;}, {@code &quot;} or {@code &nbsp;} named by {@code s[from, to)}, or 0. */
    private static char common(char[] s, int from, int to) {
        int n = to - from;
        if (n == 2 && s[from + 1] == 't') {
            return s[from] == 'l' ? '<' : s[from] == 'g' ? '>' : 0;
        }
        if (n == 3 && s[from] == 'a' && s[from + 1] == 'm' && s[from + 2] == 'p') {
            return '&';
        }
        if (n == 4 && s[from] == 'q' && s[from + 1] == 'u' && s[from + 2] == 'o' && s[from + 3] == 't') {
            return '"';
        }
        if (n == 4 && s[from] == 'n' && s[from + 1] == 'b' && s[from + 2] == 's' && s[from + 3] == 'p') {
            return '\u00a0';
        }
        return 0;
    }

    private static boolean isAsciiLetter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isHex(char c) {
        return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }
}
