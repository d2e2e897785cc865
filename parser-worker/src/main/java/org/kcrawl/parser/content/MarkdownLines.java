package org.kcrawl.parser.content;

/**
 * The lines of a Markdown document as {@link MarkdownWriter} makes them: paragraph and line separation
 * asked for lazily (so empty elements leave no blank lines), the prefixes of open block quotes and list
 * items at the start of every line, inline markers written only around text (an emphasis with nothing
 * in it leaves nothing), escaping, and the cut at the size cap.
 */
final class MarkdownLines {
    private static final int NONE = 0;
    private static final int SPACE = 1;
    private static final int LINE = 2;
    private static final int PARAGRAPH = 3;

    private StringBuilder out = new StringBuilder(8192);
    private final MarkdownContainers containers = new MarkdownContainers();
    private final InlineMarkers inlines = new InlineMarkers();
    private StringBuilder cell;
    private int max;
    private int pending;
    private boolean lineOpen;
    private boolean lineEmpty;
    /** Where the last hard break ended the output; another break right there makes it a paragraph's end. */
    private int hardBreakEnd;
    /** How many digits the current line's text began with; -1 once it has anything else. */
    private int leadingDigits;
    /** The last line written is blank: a paragraph break needs no other. */
    private boolean blankLine;
    private String headingMarker;
    /** The open line is a heading's: its text starts no block, so nothing at its start is escaped for that. */
    private boolean headingLine;
    private boolean inFence;
    private boolean truncated;
    private boolean full;

    void reset(int maxChars) {
        if (out.capacity() > ContentExtractor.KEPT_CHARS) {
            out = new StringBuilder(8192); // a huge page's buffer does not stay with the thread
        }
        out.setLength(0);
        containers.clear();
        inlines.clear();
        cell = null;
        headingMarker = null;
        max = maxChars;
        pending = NONE;
        lineEmpty = true;
        hardBreakEnd = -1;
        lineOpen = blankLine = inFence = truncated = full = false;
    }

    boolean full() {
        return full;
    }

    boolean truncated() {
        return truncated;
    }

    String finish() {
        if (inFence) {
            newline();
            out.append("```");
        } else if (out.length() == hardBreakEnd) {
            dropHardBreak();
        }
        int n = out.length();
        while (n > 0 && Character.isWhitespace(out.charAt(n - 1))) {
            n--;
        }
        out.setLength(n);
        return out.toString();
    }

    void paragraph() {
        pending = Math.max(pending, PARAGRAPH);
    }

    void line() {
        pending = Math.max(pending, LINE);
    }

    void space() {
        pending = Math.max(pending, SPACE);
    }

    /** A marker for the start of the next line's content ({@code ## } of a heading). */
    void lineMarker(String marker) {
        headingMarker = marker;
    }

    void text(char[] c, int from, int to, boolean preformatted) {
        if (full) {
            return;
        }
        if (preformatted && cell == null) {
            fenced(c, from, to);
            return;
        }
        for (int i = from; i < to; i++) {
            char ch = c[i];
            if (ContentTree.isBlank(ch)) {
                if (pending == NONE) {
                    pending = SPACE;
                }
                continue;
            }
            content(ch);
            if (lineEmpty) {
                leadingDigits = 0;
            }
            // "1.8" starts no list: a number's dot or parenthesis does only before a blank (or what may be one)
            if (needsEscape(ch) || isListNumberEnd(ch) && (i + 1 == to || ContentTree.isBlank(c[i + 1]))) {
                target().append('\\');
            }
            leadingDigits = leadingDigits >= 0 && ch >= '0' && ch <= '9' ? leadingDigits + 1 : -1;
            target().append(ch);
            lineEmpty = false;
        }
        checkSize();
    }

    /** Markup, already escaped. */
    void raw(String markup) {
        if (full) {
            return;
        }
        content();
        target().append(markup);
        lineEmpty = false;
        leadingDigits = -1;
        checkSize();
    }

    void inline(String open, String close) {
        inlines.push(open, close);
    }

    void closeInline() {
        inlines.close(target());
    }

    void hardBreak() {
        if (cell != null) {
            space();
            return;
        }
        if (lineOpen && !lineEmpty) {
            out.append('\\');
            newline();
            hardBreakEnd = out.length();
        } else if (!lineOpen && out.length() == hardBreakEnd) {
            dropHardBreak(); // two breaks in a row end a paragraph, as they look
            paragraph();
        }
    }

    /** Takes back the hard break just written: at a block's end CommonMark shows its backslash as text. */
    private void dropHardBreak() {
        out.setLength(hardBreakEnd - 2);
        out.append('\n');
    }

    void rule() {
        paragraph();
        raw("* * *");
        paragraph();
    }

    void openList(boolean ordered) {
        if (containers.inItem()) {
            line();
        } else {
            paragraph();
        }
        separateNow();
        containers.openList(ordered);
    }

    void closeList() {
        containers.closeList();
        if (containers.inItem()) {
            line();
        } else {
            paragraph();
        }
    }

    void openItem() {
        line();
        separateNow();
        containers.openItem();
    }

    void closeItem() {
        containers.closeItem();
        line();
    }

    void openQuote() {
        paragraph();
        separateNow();
        containers.openQuote();
    }

    void closeQuote() {
        containers.closeQuote();
        paragraph();
    }

    void openFence(String language) {
        paragraph();
        raw("```" + (language == null ? "" : language));
        newline();
        inFence = true;
    }

    void closeFence() {
        if (!lineEmpty) {
            newline();
        }
        raw("```");
        inFence = false;
        paragraph();
    }

    boolean inCell() {
        return cell != null;
    }

    void beginCell() {
        cell = new StringBuilder();
        pending = NONE;
    }

    String endCell() {
        String text = cell.toString().strip().replace("|", "\\|");
        cell = null;
        pending = NONE;
        return text;
    }

    private void fenced(char[] c, int from, int to) {
        content();
        for (int i = from; i < to && !full; i++) {
            char ch = c[i];
            if (ch == '\r') {
                if (i + 1 < to && c[i + 1] == '\n') {
                    continue;
                }
                ch = '\n';
            }
            if (ch == '\n') {
                newline();
                ensureLine();
            } else {
                out.append(ch);
                lineEmpty = false;
            }
        }
        checkSize();
    }

    /**
     * Writes the separator asked for now, with the prefix of the containers open before a new one opens:
     * the blank line before a block quote is not the quote's.
     */
    private void separateNow() {
        if (cell != null || out.length() == 0 && !lineOpen || pending < LINE) {
            return;
        }
        separate();
        pending = NONE;
    }

    /** Before markup or a fence's text: as {@link #content(char)} for a character that is not a word's. */
    private void content() {
        content('\0');
    }

    /**
     * Before content ({@code next}, the character about to be written): the separator asked for, the line's
     * prefix, and the inline markers waiting for text.
     */
    private void content(char next) {
        boolean spaced = pending != NONE;
        if (cell != null) {
            if (pending != NONE && cell.length() > 0) {
                cell.append(' ');
            }
            pending = NONE;
        } else {
            if (out.length() > 0 || lineOpen) {
                separate();
            }
            pending = NONE;
            ensureLine();
        }
        inlines.beforeText(target(), next, spaced);
    }

    private void separate() {
        if (pending >= LINE && out.length() == hardBreakEnd) {
            dropHardBreak();
        }
        switch (pending) {
            case SPACE -> {
                if (lineOpen && !lineEmpty) {
                    out.append(' ');
                }
            }
            case LINE -> {
                if (lineOpen) {
                    newline();
                }
            }
            case PARAGRAPH -> {
                if (lineOpen) {
                    newline();
                }
                if (!blankLine) {
                    out.append(containers.prefix(true));
                    trimLine();
                    out.append('\n');
                    blankLine = true;
                }
            }
            default -> { }
        }
    }

    private void ensureLine() {
        if (lineOpen) {
            return;
        }
        out.append(containers.prefix(false));
        lineOpen = true;
        blankLine = false;
        lineEmpty = true;
        headingLine = headingMarker != null;
        if (headingMarker != null) {
            out.append(headingMarker);
            headingMarker = null;
        }
    }

    /** Ends the line (not in a cell). */
    void newline() {
        if (cell != null) {
            return;
        }
        trimLine();
        out.append('\n');
        lineOpen = false;
        lineEmpty = true;
    }

    private void trimLine() {
        int n = out.length();
        while (n > 0 && out.charAt(n - 1) == ' ') {
            n--;
        }
        out.setLength(n);
    }

    private boolean needsEscape(char c) {
        if (c == '\\' || c == '[' || c == ']' || c == '*' || c == '_' || c == '`' || c == '<') {
            return true;
        }
        return lineEmpty && cell == null && !inFence && !headingLine
                && (c == '#' || c == '>' || c == '-' || c == '+' || c == '=' || c == '|');
    }

    /** A {@code .} or {@code )} after the digits a line began with, which would make it an ordered list item. */
    private boolean isListNumberEnd(char c) {
        return (c == '.' || c == ')') && leadingDigits > 0 && leadingDigits <= 9 && cell == null && !inFence
                && !headingLine;
    }

    private StringBuilder target() {
        return cell != null ? cell : out;
    }

    private void checkSize() {
        if (out.length() <= max) {
            return;
        }
        truncated = true;
        full = true;
        out.setLength(TextCut.at(out, max));
    }
}
