package org.kcrawl.parser.content;

import java.nio.CharBuffer;
import java.util.Arrays;

/**
 * Writes the selected content of a {@link ContentTree} as plain text: blocks as paragraphs separated by
 * a blank line, list items, table rows and line breaks on lines of their own, table cells separated by a
 * tab, whitespace collapsed except in preformatted blocks. Stops at {@code maxChars}, cut where
 * {@link TextCut} says.
 */
final class PlainTextWriter {
    private static final int NONE = 0;
    private static final int SPACE = 1;
    private static final int LINE = 2;
    /** A line ended by a {@code <br>}: another one right after it ends the paragraph, as two breaks look. */
    private static final int BREAK = 3;
    private static final int PARAGRAPH = 4;

    /** The text written: an array, which costs less per character than a StringBuilder before the JIT's last tier. */
    private char[] out = new char[8192];
    private int length;
    private int pending;
    private boolean truncated;
    private boolean cellStart;

    /** The text of {@code s}'s roots, at most {@code maxChars}; {@link #truncated} says whether it was cut. */
    String write(ContentTree t, Selection s, int maxChars) {
        length = 0;
        pending = NONE;
        truncated = false;
        for (int i = 0; i < s.rootCount && !truncated; i++) {
            int root = s.roots[i];
            pending = Math.max(pending, PARAGRAPH);
            for (int e = t.evStart[root]; e < t.evEnd[root] && !truncated; e++) {
                int event = t.ev[e];
                int index = ContentTree.index(event);
                switch (ContentTree.kind(event)) {
                    case ContentTree.START -> {
                        if (s.removed[index]) {
                            e = t.evEnd[index] - 1;
                            continue;
                        }
                        start(t.code[index]);
                    }
                    case ContentTree.END -> end(t.code[index]);
                    default -> text(t, index);
                }
                if (length > maxChars) {
                    cut(maxChars);
                }
            }
        }
        String text = new String(out, 0, length);
        if (out.length > ContentExtractor.KEPT_CHARS) {
            out = new char[8192]; // a huge page's buffer does not stay with the thread
        }
        return text;
    }

    boolean truncated() {
        return truncated;
    }

    private void start(int code) {
        switch (code) {
            case ContentTags.BR -> pending = pending == BREAK ? PARAGRAPH : Math.max(pending, BREAK);
            case ContentTags.LI, ContentTags.DT, ContentTags.DD, ContentTags.TR -> {
                pending = Math.max(pending, LINE);
                cellStart = true;
            }
            case ContentTags.TD, ContentTags.TH -> {
                if (!cellStart && length > 0 && pending < LINE) {
                    append('\t');
                    pending = NONE;
                }
                cellStart = false;
            }
            default -> {
                if (ContentTags.isBlock(code)) {
                    pending = Math.max(pending, PARAGRAPH);
                }
            }
        }
    }

    private void end(int code) {
        switch (code) {
            case ContentTags.LI, ContentTags.DT, ContentTags.DD, ContentTags.TR -> pending = Math.max(pending, LINE);
            default -> {
                if (ContentTags.isBlock(code)) {
                    pending = Math.max(pending, PARAGRAPH);
                }
            }
        }
    }

    private void text(ContentTree t, int seg) {
        int from = t.segments.from[seg];
        int to = t.segments.to[seg];
        char[] c = t.segments.text;
        if (t.segments.preserve[seg]) {
            separate();
            for (int i = from; i < to; i++) {
                char ch = c[i];
                if (ch == '\r') {
                    if (i + 1 < to && c[i + 1] == '\n') {
                        continue;
                    }
                    ch = '\n';
                }
                append(ch);
            }
            return;
        }
        // Room for the segment and the separator before it (a space stands for a blank it consumed), so the
        // loop writes without a check; the writer's state in locals, which the JIT's first tier keeps in
        // registers where it keeps fields in memory.
        if (length + (to - from) + 2 > out.length) {
            out = Arrays.copyOf(out, Math.max(length + (to - from) + 2, out.length * 2));
        }
        char[] o = out;
        int n = length;
        int p = pending;
        for (int i = from; i < to; i++) {
            char ch = c[i];
            if (ContentTree.isBlank(ch)) {
                if (p == NONE) {
                    p = SPACE;
                }
                continue;
            }
            if (p != NONE) {
                if (n > 0) {
                    if (p == SPACE) {
                        o[n++] = ' ';
                    } else {
                        length = n;
                        trimAnd(p == PARAGRAPH ? 2 : 1);
                        n = length;
                        o = out;
                    }
                }
                p = NONE;
            }
            o[n++] = ch;
        }
        length = n;
        pending = p;
    }

    private void append(char c) {
        if (length == out.length) {
            out = Arrays.copyOf(out, length * 2);
        }
        out[length++] = c;
    }

    private void separate() {
        if (length > 0) {
            switch (pending) {
                case SPACE -> append(' ');
                case LINE, BREAK -> trimAnd(1);
                case PARAGRAPH -> trimAnd(2);
                default -> { }
            }
        }
        pending = NONE;
    }

    /** Drops trailing spaces and tabs, then ends the line ({@code newlines} 1) or the paragraph (2). */
    private void trimAnd(int newlines) {
        while (length > 0 && (out[length - 1] == ' ' || out[length - 1] == '\t')) {
            length--;
        }
        for (int i = 0; i < newlines && length > 0; i++) {
            append('\n');
        }
    }

    private void cut(int maxChars) {
        truncated = true;
        length = TextCut.at(CharBuffer.wrap(out, 0, length), maxChars);
    }
}
