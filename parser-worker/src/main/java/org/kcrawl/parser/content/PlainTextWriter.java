package org.kcrawl.parser.content;

/**
 * Writes the selected content of a {@link ContentTree} as plain text: blocks as paragraphs separated by
 * a blank line, list items, table rows and line breaks on lines of their own, table cells separated by a
 * tab, whitespace collapsed except in preformatted blocks. Stops at {@code maxChars}, cutting at the last
 * paragraph (or, failing that, word) boundary before it.
 */
final class PlainTextWriter {
    private static final int NONE = 0;
    private static final int SPACE = 1;
    private static final int LINE = 2;
    private static final int PARAGRAPH = 3;

    private final StringBuilder out = new StringBuilder(8192);
    private int pending;
    private boolean truncated;
    private boolean cellStart;

    /** The text of {@code s}'s roots, at most {@code maxChars}; {@link #truncated} says whether it was cut. */
    String write(ContentTree t, Selection s, int maxChars) {
        out.setLength(0);
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
                if (out.length() > maxChars) {
                    cut(maxChars);
                }
            }
        }
        return out.toString();
    }

    boolean truncated() {
        return truncated;
    }

    private void start(int code) {
        switch (code) {
            case ContentTags.BR -> pending = Math.max(pending, LINE);
            case ContentTags.LI, ContentTags.DT, ContentTags.DD, ContentTags.TR -> {
                pending = Math.max(pending, LINE);
                cellStart = true;
            }
            case ContentTags.TD, ContentTags.TH -> {
                if (!cellStart && out.length() > 0 && pending < LINE) {
                    out.append('\t');
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
        int from = t.segFrom[seg];
        int to = t.segTo[seg];
        char[] c = t.text;
        if (t.segPreserve[seg]) {
            separate();
            for (int i = from; i < to; i++) {
                char ch = c[i];
                if (ch == '\r') {
                    if (i + 1 < to && c[i + 1] == '\n') {
                        continue;
                    }
                    ch = '\n';
                }
                out.append(ch);
            }
            return;
        }
        for (int i = from; i < to; i++) {
            char ch = c[i];
            if (ch <= ' ' || ch == '\u00a0') {
                if (pending == NONE) {
                    pending = SPACE;
                }
                continue;
            }
            if (pending != NONE) {
                separate();
            }
            out.append(ch);
        }
    }

    private void separate() {
        if (out.length() > 0) {
            switch (pending) {
                case SPACE -> out.append(' ');
                case LINE -> trimAnd("\n");
                case PARAGRAPH -> trimAnd("\n\n");
                default -> { }
            }
        }
        pending = NONE;
    }

    private void trimAnd(String separator) {
        int n = out.length();
        while (n > 0 && (out.charAt(n - 1) == ' ' || out.charAt(n - 1) == '\t')) {
            n--;
        }
        out.setLength(n);
        if (n > 0) {
            out.append(separator);
        }
    }

    private void cut(int maxChars) {
        truncated = true;
        int at = out.lastIndexOf("\n\n", maxChars);
        if (at < maxChars / 2) {
            at = out.lastIndexOf(" ", maxChars);
        }
        out.setLength(at > 0 ? at : maxChars);
    }
}
