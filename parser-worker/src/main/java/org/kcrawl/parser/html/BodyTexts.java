package org.kcrawl.parser.html;

/**
 * The two texts a {@link PageDigest} measures as the body streams past: the whole body's (its length)
 * and the first {@code <h1>}'s (kept), each laid out as jsoup's {@code text()} lays it out.
 */
final class BodyTexts {
    private final int keep;
    private final ElementText body = new ElementText();
    private ElementText h1;
    /** Depth of the first {@code <h1>} while it is open, or -1. */
    private int h1Depth = -1;

    /** Texts whose heading keeps its first {@code keep} characters. */
    BodyTexts(int keep) {
        this.keep = keep;
    }

    /** Characters of the body's text. */
    int bodyLength() {
        return body.length();
    }

    /** The first {@code <h1>}'s text, or null when there is none (or it has no visible text). */
    String h1() {
        return h1 == null ? null : h1.keptText();
    }

    /** An element starts at {@code depth}; the first {@code h1} begins the heading's text. */
    void elementStart(String name, boolean block, int depth) {
        body.elementStart(block);
        if (h1Depth >= 0) {
            h1.elementStart(block);
        }
        if (h1 == null && depth >= 0 && name.equals("h1")) {
            h1 = new ElementText(keep);
            h1Depth = depth;
        }
    }

    /** The element at {@code depth} ends ({@code -1}: an empty element, which ends where it starts). */
    void elementEnd(boolean block, int depth) {
        if (depth >= 0 && depth == h1Depth) {
            h1Depth = -1; // the heading's own end is outside its text
        } else if (h1Depth >= 0) {
            h1.elementEnd(block);
        }
        body.elementEnd(block);
    }

    void text(char[] text, int from, int to, boolean preserve) {
        body.text(text, from, to, preserve);
        if (h1Depth >= 0) {
            h1.text(text, from, to, preserve);
        }
    }

    void otherNode() {
        body.otherNode();
        if (h1Depth >= 0) {
            h1.otherNode();
        }
    }
}
