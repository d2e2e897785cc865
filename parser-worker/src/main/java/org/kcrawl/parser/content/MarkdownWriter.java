package org.kcrawl.parser.content;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Writes the selected content of a {@link ContentTree} as CommonMark: ATX headings, paragraphs, nested
 * lists, block quotes, fenced code blocks with the language the page names, pipe tables for tables of
 * data (a table whose cells hold paragraphs, lists or code blocks is layout, and its cells are written as blocks),
 * links and images with absolute URLs, emphasis, strong emphasis, code spans, hard line breaks and
 * thematic breaks. Text is escaped where CommonMark would read it as markup. Stops at {@code maxChars}
 * as {@link PlainTextWriter} does.
 */
final class MarkdownWriter {
    private static final char[] NEWLINE = {'\n'};
    private final MarkdownLines lines = new MarkdownLines();
    private final List<String> rowCells = new ArrayList<>();
    private final List<List<String>> tableRows = new ArrayList<>();
    private final ImageAlts alts = new ImageAlts();
    private UnaryOperator<String> resolver;
    private int pipeTableAt = -1;
    /** Tables open inside the pipe table being written. */
    private int nestedInPipe;
    private int preDepth;

    /** The Markdown of {@code s}'s content, on a page titled {@code title} (null when it has none). */
    String write(ContentTree t, Selection s, int maxChars, UnaryOperator<String> resolver, String title) {
        this.resolver = resolver;
        lines.reset(maxChars);
        alts.reset(title);
        pipeTableAt = -1;
        nestedInPipe = 0;
        preDepth = 0;
        for (int i = 0; i < s.rootCount && !lines.full(); i++) {
            int root = s.roots[i];
            lines.paragraph();
            for (int e = t.evStart[root]; e < t.evEnd[root] && !lines.full(); e++) {
                int event = t.ev[e];
                int n = ContentTree.index(event);
                switch (ContentTree.kind(event)) {
                    case ContentTree.START -> {
                        if (s.removed[n]) {
                            e = t.evEnd[n] - 1;
                            continue;
                        }
                        start(t, n);
                    }
                    case ContentTree.END -> end(t, n);
                    default -> lines.text(t.segments.text, t.segments.from[n], t.segments.to[n], preDepth > 0);
                }
            }
        }
        return lines.finish();
    }

    boolean truncated() {
        return lines.truncated();
    }

    private void start(ContentTree t, int n) {
        int code = t.code[n];
        if (pipeTableAt >= 0) {
            tableStart(code);
            return;
        }
        if (preDepth > 0 && code != ContentTags.PRE) {
            // A fence is literal text: a link, emphasis or image in it would show its markup as written.
            if (code == ContentTags.BR) {
                lines.text(NEWLINE, 0, 1, true);
            }
            return;
        }
        switch (code) {
            case ContentTags.H1, ContentTags.H2, ContentTags.H3, ContentTags.H4, ContentTags.H5, ContentTags.H6 -> {
                lines.paragraph();
                lines.lineMarker("#".repeat(ContentTags.headingLevel(code)) + " ");
            }
            case ContentTags.UL, ContentTags.OL -> lines.openList(code == ContentTags.OL);
            case ContentTags.LI -> lines.openItem();
            case ContentTags.BLOCKQUOTE -> lines.openQuote();
            case ContentTags.PRE -> {
                preDepth++;
                if (preDepth == 1) {
                    lines.openFence(t.label[n]);
                }
            }
            case ContentTags.CODE -> {
                // A code span shows its content as written: a link in it would not be a link.
                String tick = holdsLink(t, n) ? "" : "`";
                lines.inline(tick, tick);
            }
            case ContentTags.EM -> lines.inline("*", "*");
            case ContentTags.STRONG -> lines.inline("**", "**");
            case ContentTags.A -> {
                String url = target(t, n);
                lines.inline("[", url == null ? null : "](" + url + ")");
            }
            case ContentTags.IMG -> image(t, n);
            case ContentTags.BR -> lines.hardBreak();
            case ContentTags.HR -> lines.rule();
            case ContentTags.TABLE -> {
                if (isDataTable(t, n)) {
                    pipeTableAt = n;
                    tableRows.clear();
                    lines.paragraph();
                }
            }
            case ContentTags.TD, ContentTags.TH -> lines.space();
            default -> {
                if (ContentTags.isBlock(code)) {
                    lines.paragraph();
                }
            }
        }
    }

    private void end(ContentTree t, int n) {
        int code = t.code[n];
        if (pipeTableAt >= 0 && n != pipeTableAt) {
            tableEnd(code);
            return;
        }
        if (preDepth > 0 && code != ContentTags.PRE) {
            return; // nothing was opened for it (start)
        }
        switch (code) {
            case ContentTags.H1, ContentTags.H2, ContentTags.H3, ContentTags.H4, ContentTags.H5, ContentTags.H6 ->
                    lines.paragraph();
            case ContentTags.UL, ContentTags.OL -> lines.closeList();
            case ContentTags.LI -> lines.closeItem();
            case ContentTags.BLOCKQUOTE -> lines.closeQuote();
            case ContentTags.PRE -> {
                if (--preDepth == 0) {
                    lines.closeFence();
                }
            }
            case ContentTags.CODE, ContentTags.EM, ContentTags.STRONG, ContentTags.A -> lines.closeInline();
            case ContentTags.TABLE -> {
                if (n == pipeTableAt) {
                    pipeTableAt = -1;
                    pipeTable(tableRows);
                }
            }
            case ContentTags.TR, ContentTags.DT, ContentTags.DD -> lines.line();
            default -> {
                if (ContentTags.isBlock(code)) {
                    lines.paragraph();
                }
            }
        }
    }

    /**
     * Inside a pipe table: its rows and cells are gathered, the rest of the markup is inline text; a table
     * nested in a cell is read as text of that cell.
     */
    private void tableStart(int code) {
        if (code == ContentTags.TABLE) {
            nestedInPipe++;
        } else if (nestedInPipe > 0 || code == ContentTags.BR) {
            lines.space();
        } else if (code == ContentTags.TR) {
            rowCells.clear();
        } else if (code == ContentTags.TD || code == ContentTags.TH) {
            lines.beginCell();
        }
    }

    private void tableEnd(int code) {
        if (code == ContentTags.TABLE) {
            nestedInPipe--;
        } else if (nestedInPipe > 0) {
            lines.space();
        } else if ((code == ContentTags.TD || code == ContentTags.TH) && lines.inCell()) {
            rowCells.add(lines.endCell());
        } else if (code == ContentTags.TR) {
            if (lines.inCell()) {
                rowCells.add(lines.endCell()); // a cell the markup left open
            }
            if (!rowCells.isEmpty()) {
                tableRows.add(new ArrayList<>(rowCells));
            }
            rowCells.clear();
        }
    }

    private void image(ContentTree t, int n) {
        String src = target(t, n);
        if (src == null) {
            return;
        }
        String alt = t.label[n] == null ? "" : alts.shown(t.label[n]);
        // Spaced from the text and images beside it: read without rendering, an alt is words of its own.
        lines.space();
        lines.raw("![" + escape(alt) + "](" + src + ")");
        lines.space();
    }

    private static boolean holdsLink(ContentTree t, int node) {
        for (int n = node + 1; n <= t.lastDescendant[node]; n++) {
            if (t.code[n] == ContentTags.A) {
                return true;
            }
        }
        return false;
    }

    /** The absolute URL of a link or image: http(s), or a link's mailto: or tel:; null for anything else. */
    private String target(ContentTree t, int n) {
        String ref = t.target[n] == null ? null : t.target[n].strip();
        String url = ref == null || ref.isEmpty() ? null : resolver.apply(ref);
        if (url == null) {
            return null;
        }
        String lower = url.length() > 8 ? url.substring(0, 8).toLowerCase(java.util.Locale.ROOT) : url;
        boolean web = lower.startsWith("http://") || lower.startsWith("https://");
        boolean contact = t.code[n] == ContentTags.A && (lower.startsWith("mailto:") || lower.startsWith("tel:"));
        // CommonMark ends a destination at a space, and at a parenthesis it cannot pair: both are escaped
        return web || contact ? url.replace(" ", "%20").replace("(", "%28").replace(")", "%29") : null;
    }

    /** A pipe table: the first row is the header, every row as wide as the widest. */
    private void pipeTable(List<List<String>> rows) {
        List<String> table = PipeTable.lines(rows);
        if (table.isEmpty()) {
            return;
        }
        lines.paragraph();
        for (int i = 0; i < table.size(); i++) {
            if (i > 0) {
                lines.newline();
            }
            lines.raw(table.get(i));
        }
        lines.paragraph();
    }

    /** A table of cells with no blocks in them: header cells, or short cells only. */
    private static boolean isDataTable(ContentTree t, int table) {
        return t.rows[table] > 0 && t.paragraphs[table] == 0 && t.listItems[table] == 0
                && (t.flags[table] & ContentTree.HAS_CODE_BLOCK) == 0
                && t.headingChars[table] == 0 && t.images[table] <= t.rows[table];
    }

    /** An image's alt text, its brackets and markers escaped. */
    private static String escape(String text) {
        StringBuilder b = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' || c == '[' || c == ']' || c == '*' || c == '_' || c == '`') {
                b.append('\\');
            }
            b.append(c);
        }
        return b.toString();
    }
}
