package org.kcrawl.parser.content;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;

/** The open block quotes, lists and list items of a Markdown document, and the line prefix they make. */
final class MarkdownContainers {
    private final Deque<Container> open = new ArrayDeque<>();

    void clear() {
        open.clear();
    }

    boolean inItem() {
        for (Container c : open) {
            if (c.kind == Kind.ITEM) {
                return true;
            }
        }
        return false;
    }

    void openList(boolean ordered) {
        open.push(new Container(Kind.LIST, ordered, 0));
    }

    void closeList() {
        while (!open.isEmpty() && open.pop().kind != Kind.LIST) {
            // items left open by the markup close with their list
        }
    }

    /** A list item of the innermost list (a bullet when there is none): its marker goes on its first line. */
    void openItem() {
        Container list = null;
        for (Container c : open) {
            if (c.kind == Kind.LIST) {
                list = c;
                break;
            }
            if (c.kind == Kind.QUOTE) {
                break;
            }
        }
        String marker = list != null && list.ordered ? ++list.count + ". " : "- ";
        Container item = new Container(Kind.ITEM, false, marker.length());
        item.marker = marker;
        open.push(item);
    }

    void closeItem() {
        while (!open.isEmpty()) {
            Container c = open.peek();
            if (c.kind == Kind.LIST) {
                return;
            }
            open.pop();
            if (c.kind == Kind.ITEM) {
                return;
            }
        }
    }

    void openQuote() {
        open.push(new Container(Kind.QUOTE, false, 2));
    }

    void closeQuote() {
        while (!open.isEmpty() && open.pop().kind != Kind.QUOTE) {
            // what the quote held closes with it
        }
    }

    /**
     * The prefix of a new line: {@code > } per quote, a list item's marker on its first line and its
     * width in spaces after; for a {@code blank} line the marker waits for the next.
     */
    String prefix(boolean blank) {
        if (open.isEmpty()) {
            return "";
        }
        StringBuilder p = new StringBuilder();
        for (Iterator<Container> it = open.descendingIterator(); it.hasNext(); ) {
            Container c = it.next();
            switch (c.kind) {
                case QUOTE -> p.append("> ");
                case ITEM -> {
                    if (c.marker != null && !blank) {
                        p.append(c.marker);
                        c.marker = null;
                    } else {
                        p.append(" ".repeat(c.width));
                    }
                }
                default -> { }
            }
        }
        return p.toString();
    }

    private enum Kind { LIST, ITEM, QUOTE }

    private static final class Container {
        final Kind kind;
        final boolean ordered;
        final int width;
        int count;
        String marker;

        Container(Kind kind, boolean ordered, int width) {
            this.kind = kind;
            this.ordered = ordered;
            this.width = width;
        }
    }
}
