package org.kcrawl.parser.html;

import java.util.function.BooleanSupplier;

/**
 * Splits an HTML document into start tags, end tags, text and the rest, following the HTML
 * tokenization rules jsoup follows: attribute names lower-cased and values decoded, first duplicate
 * wins, comments ({@code <!-- -->}, and the bogus {@code <! >}, {@code <? >}, {@code </ >} ones),
 * doctypes, CDATA sections, character references, and the raw content of {@code script},
 * {@code style} and the other data elements, the escapable raw content of {@code title} and
 * {@code textarea}, and {@code plaintext}. A tag cut off by the end of input is dropped.
 *
 * <p>It does not build a tree: {@link PageDigest} keeps the little tree state the record needs. It
 * differs from a full HTML5 tokenizer only where it does not matter for links and text: a
 * {@code </script>} inside a commented-out {@code <script>} within a script ends the script here.
 *
 * <p>One instance reads one document; not thread-safe.
 */
final class HtmlTokenizer {
    /** How much input is read between two looks at the time budget. */
    private static final int BUDGET_STRIDE = 64 * 1024;

    /** The document; read as an array, which costs less per character than a String, most of all before the JIT's last tier. */
    private final char[] s;
    private final int n;
    private final TokenSink sink;
    private final BooleanSupplier expired;
    private final TagAttributes attributes;
    private final StringBuilder decoded = new StringBuilder();
    private char[] decodedChars = new char[256];
    private boolean stoppedEarly;
    /** Whether the tag {@link #attributes} last read ended with {@code />}. */
    private boolean selfClosing;

    /**
     * @param html the document, in {@code html[0, length)}
     * @param length the document's length
     * @param sink hears the tokens
     * @param expired true once the time budget is spent; reading then stops at the next tag
     */
    HtmlTokenizer(char[] html, int length, TokenSink sink, BooleanSupplier expired) {
        this.s = html;
        this.n = length;
        this.attributes = new TagAttributes(html);
        this.sink = sink;
        this.expired = expired;
    }

    /** Reads the whole document (or until the budget is spent). */
    void run() {
        int pos = 0;
        int text = 0;
        boolean references = false;
        int nextBudgetCheck = BUDGET_STRIDE;
        while (pos < n) {
            char c = s[pos];
            if (c == '&') {
                references = true;
                pos++;
                continue;
            }
            if (c != '<') {
                pos++;
                continue;
            }
            if (pos >= nextBudgetCheck) {
                nextBudgetCheck = pos + BUDGET_STRIDE;
                if (expired.getAsBoolean()) {
                    stoppedEarly = true;
                    emitText(text, pos, references);
                    return;
                }
            }
            int end = markup(pos, text, references);
            if (end < 0) {
                pos++; // a '<' that starts nothing is text
            } else {
                pos = end;
                text = end;
                references = false;
            }
        }
        emitText(text, n, references);
    }

    /** True when the time budget stopped the reading before the end. */
    boolean stoppedEarly() {
        return stoppedEarly;
    }

    /**
     * The markup starting with the {@code <} at {@code at}, after the text from {@code text}: emits
     * both and returns where reading goes on, or -1 when the {@code <} is text.
     */
    private int markup(int at, int text, boolean references) {
        if (at + 1 >= n) {
            return -1;
        }
        char c = s[at + 1];
        if (HtmlChars.isAsciiLetter(c)) {
            emitText(text, at, references);
            return startTag(at + 1);
        }
        if (c == '/') {
            if (at + 2 >= n) {
                return -1; // "</" at the very end is text
            }
            emitText(text, at, references);
            char d = s[at + 2];
            if (HtmlChars.isAsciiLetter(d)) {
                return endTag(at + 2);
            }
            return d == '>' ? at + 3 : bogusComment(at + 2);
        }
        if (c == '!') {
            emitText(text, at, references);
            return declaration(at + 2);
        }
        if (c == '?') {
            emitText(text, at, references);
            return bogusComment(at + 1);
        }
        return -1;
    }

    private int startTag(int from) {
        int i = from;
        while (i < n && !HtmlChars.isTagNameEnd(s[i])) {
            i++;
        }
        if (i >= n) {
            return n;
        }
        String name = lowerCase(from, i);
        attributes.clear();
        int end = attributes(i, true);
        if (end < 0) {
            return n; // cut off by the end of input: dropped
        }
        sink.startTag(name, attributes, selfClosing);
        return content(name, end);
    }

    private int endTag(int from) {
        int i = from;
        while (i < n && !HtmlChars.isTagNameEnd(s[i])) {
            i++;
        }
        if (i >= n) {
            return n;
        }
        String name = lowerCase(from, i);
        int end = attributes(i, false);
        if (end < 0) {
            return n;
        }
        sink.endTag(name);
        return end;
    }

    /**
     * Reads attributes from {@code i} to the tag's {@code >} (storing them when {@code keep}); returns the
     * position after the {@code >}, or -1 when the input ends first. Sets {@link #selfClosing}.
     */
    private int attributes(int i, boolean keep) {
        selfClosing = false;
        while (true) {
            i = skipSpace(i);
            if (i >= n) {
                return -1;
            }
            char c = s[i];
            if (c == '>') {
                return i + 1;
            }
            if (c == '/') {
                selfClosing = i + 1 < n && s[i + 1] == '>';
                i++;
                continue;
            }
            selfClosing = false;
            int nameStart = i++;
            while (i < n && !HtmlChars.isAttributeNameEnd(s[i])) {
                i++;
            }
            if (i >= n) {
                return -1;
            }
            int nameEnd = i;
            i = skipSpace(i);
            int valueFrom = 0;
            int valueTo = 0;
            char quote = '>';
            if (i < n && s[i] == '=') {
                i = skipSpace(i + 1);
                if (i >= n) {
                    return -1;
                }
                char q = s[i];
                if (q == '"' || q == '\'') {
                    int close = HtmlChars.indexOf(s, n, q, i + 1);
                    if (close < 0) {
                        return -1;
                    }
                    valueFrom = i + 1;
                    valueTo = close;
                    quote = q;
                    i = close + 1;
                } else if (q != '>') {
                    valueFrom = i;
                    while (i < n && !HtmlChars.isSpace(s[i]) && s[i] != '>') {
                        i++;
                    }
                    if (i >= n) {
                        return -1;
                    }
                    valueTo = i;
                }
            }
            if (keep) {
                // The value is read only if asked for: most attributes (class, style, id...) never are.
                attributes.add(lowerCase(nameStart, nameEnd), valueFrom, valueTo, quote);
            }
        }
    }

    /** Reads the content of the element {@code name} that starts at {@code from} when it is not markup. */
    private int content(String name, int from) {
        switch (sink.contentAfter(name)) {
            case RAW -> {
                return rawEnd(name, from); // data, not text: nothing a record reads
            }
            case RAW_KEPT -> {
                int end = rawEnd(name, from);
                sink.data(s, from, end);
                return end;
            }
            case ESCAPABLE_RAW -> {
                int end = rawEnd(name, from);
                if (end == n) {
                    // Never closed: like jsoup, end it at the first start tag rather than let a stray
                    // <title> or <textarea> swallow the rest of the page, links and all.
                    int tag = nextStartTag(from);
                    if (tag >= 0) {
                        emitText(from, tag, hasReference(from, tag));
                        sink.endTag(name);
                        return tag;
                    }
                }
                emitText(from, end, hasReference(from, end));
                return end;
            }
            case PLAINTEXT -> {
                emitText(from, n, false);
                return n;
            }
            default -> {
                return from;
            }
        }
    }

    /** The first {@code <} followed by a letter at or after {@code from}, or -1. */
    private int nextStartTag(int from) {
        int lt = HtmlChars.indexOf(s, n, '<', from);
        while (lt >= 0 && lt + 1 < n) {
            if (HtmlChars.isAsciiLetter(s[lt + 1])) {
                return lt;
            }
            lt = HtmlChars.indexOf(s, n, '<', lt + 1);
        }
        return -1;
    }

    /** True when {@code s[from, to)} holds an {@code &} (looked for in that range only: a page has thousands of values). */
    private boolean hasReference(int from, int to) {
        for (int i = from; i < to; i++) {
            if (s[i] == '&') {
                return true;
            }
        }
        return false;
    }

    /** Where raw content ends: at the {@code </name} followed by space, {@code /} or {@code >}; else the input's end. */
    private int rawEnd(String name, int from) {
        int i = from;
        while (true) {
            int lt = HtmlChars.indexOf(s, n, "</", i);
            if (lt < 0) {
                return n;
            }
            int after = lt + 2 + name.length();
            if (after < n && HtmlChars.matchesIgnoreCase(s, n, lt + 2, name)) {
                char c = s[after];
                if (HtmlChars.isSpace(c) || c == '/' || c == '>') {
                    return lt;
                }
            }
            i = lt + 2;
        }
    }

    /** After {@code <!}: a comment, a doctype, a CDATA section or a bogus comment. */
    private int declaration(int from) {
        if (HtmlChars.startsWith(s, n, "--", from)) {
            sink.other();
            int body = from + 2;
            if (HtmlChars.startsWith(s, n, ">", body)) {
                return body + 1; // "<!-->"
            }
            if (HtmlChars.startsWith(s, n, "->", body)) {
                return body + 2; // "<!--->"
            }
            int end = HtmlChars.indexOf(s, n, "--", body);
            while (end >= 0) {
                if (HtmlChars.startsWith(s, n, ">", end + 2)) {
                    return end + 3;
                }
                if (HtmlChars.startsWith(s, n, "!>", end + 2)) {
                    return end + 4;
                }
                end = HtmlChars.indexOf(s, n, "--", end + 1);
            }
            return n;
        }
        if (HtmlChars.startsWith(s, n, "[CDATA[", from)) {
            int start = from + 7;
            int end = HtmlChars.indexOf(s, n, "]]>", start);
            int stop = end < 0 ? n : end;
            if (stop > start) {
                sink.text(s, start, stop, true);
            }
            return end < 0 ? n : end + 3;
        }
        return bogusComment(from); // a doctype reads the same way: up to the next '>'
    }

    private int bogusComment(int from) {
        sink.other();
        int end = HtmlChars.indexOf(s, n, '>', from);
        return end < 0 ? n : end + 1;
    }

    private void emitText(int from, int to, boolean references) {
        if (from >= to) {
            return;
        }
        if (!references) {
            sink.text(s, from, to, false);
            return;
        }
        decoded.setLength(0);
        CharRefs.decode(s, from, to, false, '\0', decoded);
        int length = decoded.length();
        if (decodedChars.length < length) {
            decodedChars = new char[Math.max(length, decodedChars.length * 2)];
        }
        decoded.getChars(0, length, decodedChars, 0);
        sink.text(decodedChars, 0, length, false);
    }

    private int skipSpace(int i) {
        while (i < n && HtmlChars.isSpace(s[i])) {
            i++;
        }
        return i;
    }

    private String lowerCase(int from, int to) {
        String known = KnownNames.find(s, from, to);
        if (known != null) {
            return known;
        }
        for (int i = from; i < to; i++) {
            char c = s[i];
            if (c >= 'A' && c <= 'Z') {
                char[] chars = new char[to - from];
                for (int j = from; j < to; j++) {
                    char d = s[j];
                    chars[j - from] = d >= 'A' && d <= 'Z' ? (char) (d + 32) : d;
                }
                return new String(chars);
            }
        }
        return string(from, to);
    }

    private String string(int from, int to) {
        return new String(s, from, to - from);
    }
}
