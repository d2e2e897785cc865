package org.kcrawl.parser.html;

/**
 * The text of an element as jsoup's {@code Element.text()} builds it, fed node by node in document
 * order: whitespace runs collapse to one space (except under whitespace-preserving elements), a
 * space separates block elements and {@code <br>} from what comes before them, and from text or an
 * inline element right after a block ends; zero-width spaces and soft hyphens are dropped; the
 * result is trimmed. It counts the characters without keeping them, except for an optional prefix
 * of {@code keep} characters (for a heading), so measuring a 2 MiB body allocates nothing.
 */
final class ElementText {
    private final int keep;
    private final StringBuilder kept;
    private int length;
    /** Index of the first character above U+0020 (what {@code trim()} keeps from), or -1. */
    private int firstVisible = -1;
    /** Characters at or below U+0020 at the end (what {@code trim()} drops there). */
    private int trailingLow;
    private char last;
    /** A block element ended and its next sibling has not been seen yet. */
    private boolean afterBlock;

    /** Text that is counted only. */
    ElementText() {
        this(0);
    }

    /** Text whose first {@code keep} characters are also kept. */
    ElementText(int keep) {
        this.keep = keep;
        this.kept = keep > 0 ? new StringBuilder(Math.min(keep, 256)) : null;
    }

    /** An element starts: a block one (or {@code br}) is separated from the text before it. */
    void elementStart(boolean block) {
        if (afterBlock && !block) {
            space(); // an inline element right after a block
        }
        afterBlock = false;
        if (block) {
            space();
        }
    }

    /** An element ends: after a block, text or an inline element that follows gets a space. */
    void elementEnd(boolean block) {
        afterBlock = block;
    }

    /** A node that is neither text nor an element (a comment): it is the block's next sibling, so no space. */
    void otherNode() {
        afterBlock = false;
    }

    /** Text of a text node; {@code preserve} under {@code pre} and the like, where whitespace is kept as it is. */
    void text(char[] s, int from, int to, boolean preserve) {
        if (afterBlock) {
            space();
            afterBlock = false;
        }
        if (preserve || kept != null) {
            appendEach(s, from, to, preserve);
            return;
        }
        // Counting only (the body's text): the state lives in locals for the loop and is written back once.
        int len = length;
        int first = firstVisible;
        int low = trailingLow;
        char lastChar = last;
        boolean stripLeading = len > 0 && lastChar == ' ';
        boolean reachedVisible = false;
        boolean lastWasWhite = false;
        for (int i = from; i < to; i++) {
            char c = s[i];
            if (c > ' ' && c < '\u00a0') {
                // Visible and neither white nor invisible: most characters of a page, decided in two tests.
                lastWasWhite = false;
                reachedVisible = true;
                lastChar = c;
                if (first < 0) {
                    first = len;
                }
                low = 0;
                len++;
            } else if (c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\u00a0') {
                if (stripLeading && !reachedVisible || lastWasWhite) {
                    continue;
                }
                lastWasWhite = true;
                lastChar = ' ';
                low++;
                len++;
            } else if (c != '\u200b' && c != '\u00ad') {
                lastWasWhite = false;
                reachedVisible = true;
                lastChar = c;
                if (c > ' ') {
                    if (first < 0) {
                        first = len;
                    }
                    low = 0;
                } else {
                    low++;
                }
                len++;
            }
        }
        length = len;
        firstVisible = first;
        trailingLow = low;
        last = lastChar;
    }

    /** The same as {@link #text} character by character, keeping what is kept. */
    private void appendEach(char[] s, int from, int to, boolean preserve) {
        if (preserve) {
            for (int i = from; i < to; i++) {
                append(s[i]);
            }
            return;
        }
        boolean stripLeading = length > 0 && last == ' ';
        boolean reachedVisible = false;
        boolean lastWasWhite = false;
        for (int i = from; i < to; i++) {
            char c = s[i];
            if (c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == '\u00a0') {
                if (stripLeading && !reachedVisible || lastWasWhite) {
                    continue;
                }
                append(' ');
                lastWasWhite = true;
            } else if (c != '\u200b' && c != '\u00ad') {
                append(c);
                lastWasWhite = false;
                reachedVisible = true;
            }
        }
    }

    /** The length of the trimmed text. */
    int length() {
        return firstVisible < 0 ? 0 : length - firstVisible - trailingLow;
    }

    /** The kept prefix of the text, trimmed; null when nothing visible was kept. */
    String keptText() {
        if (kept == null) {
            return null;
        }
        String text = kept.toString().trim();
        return text.isEmpty() ? null : text;
    }

    private void space() {
        if (length > 0 && last != ' ') {
            append(' ');
        }
    }

    private void append(char c) {
        if (kept != null && length < keep) {
            kept.append(c);
        }
        if (c > ' ') {
            if (firstVisible < 0) {
                firstVisible = length;
            }
            trailingLow = 0;
        } else {
            trailingLow++;
        }
        last = c;
        length++;
    }
}
