package org.kcrawl.parser.content;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;

/**
 * The inline markers open around text in a Markdown document (emphasis, links): each written only when text
 * comes inside it, so an empty one leaves nothing; a link with no usable target is left as its text; and an
 * emphasis that begins or ends inside a word (a drop cap's {@code <b>A</b>dvertise}) is left out, so the word
 * stays whole for whatever reads the Markdown without rendering it.
 */
final class InlineMarkers {
    private final Deque<Inline> open = new ArrayDeque<>();
    /** Inlines whose opening marker waits for text. */
    private int waiting;
    /** The emphasis closed last, while nothing but its closing marker follows it: it may end inside a word. */
    private Inline justClosed;
    private StringBuilder justClosedIn;

    void clear() {
        open.clear();
        waiting = 0;
        justClosed = null;
    }

    /** An inline opens: {@code open} is written before its first text, {@code close} (null: a link) after it. */
    void push(String openMarker, String closeMarker) {
        open.push(new Inline(openMarker, closeMarker));
        waiting++;
    }

    /**
     * Before text goes into {@code t}: an emphasis closed just before, with no space since, is taken out when
     * {@code next} goes on its word (a character of no word, {@code '\0'}, for markup); then the markers of
     * inlines waiting for text are written.
     */
    void beforeText(StringBuilder t, char next, boolean spaced) {
        if (justClosed != null) {
            if (!spaced && justClosedIn == t && Character.isLetterOrDigit(next) && t.length() > 0
                    && endsInWord(t, justClosed)) {
                unwrite(t, justClosed);
            }
            justClosed = null;
        }
        for (Iterator<Inline> it = open.descendingIterator(); waiting > 0 && it.hasNext(); ) {
            Inline in = it.next();
            if (!in.written) {
                waiting--;
                in.written = true;
                in.mark = t.length();
                t.append(in.open);
            }
        }
    }

    /** The innermost inline ends; its text went into {@code t}. */
    void close(StringBuilder t) {
        justClosed = null;
        Inline in = open.poll();
        if (in == null) {
            return;
        }
        if (!in.written) {
            waiting--;
            return;
        }
        if (in.close == null) {
            if (in.mark < t.length() && t.charAt(in.mark) == '[') {
                t.deleteCharAt(in.mark); // a link with no usable target is its text
            }
            return;
        }
        in.closedAt = t.length();
        t.append(in.close);
        if (in.mark > 0 && Character.isLetterOrDigit(t.charAt(in.mark - 1))
                && in.mark + in.open.length() < t.length() && Character.isLetterOrDigit(t.charAt(in.mark + in.open.length()))) {
            unwrite(t, in); // began inside a word
        } else {
            justClosed = in;
            justClosedIn = t;
        }
    }

    private static boolean endsInWord(StringBuilder t, Inline in) {
        return in.closedAt + in.close.length() == t.length() && in.closedAt > 0
                && Character.isLetterOrDigit(t.charAt(in.closedAt - 1));
    }

    /** Takes an emphasis's markers out of {@code t}: the closing one is the last thing in it. */
    private static void unwrite(StringBuilder t, Inline in) {
        t.setLength(in.closedAt);
        t.delete(in.mark, in.mark + in.open.length());
    }

    private static final class Inline {
        final String open;
        final String close;
        boolean written;
        int mark;
        int closedAt;

        Inline(String open, String close) {
            this.open = open;
            this.close = close;
        }
    }
}
