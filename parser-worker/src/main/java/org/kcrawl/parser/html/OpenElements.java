package org.kcrawl.parser.html;

/**
 * The elements a {@link PageDigest} has open, innermost last: the name and {@link HtmlTags} flags of the
 * first {@value #MAX_DEPTH}, and how many there are beyond (nesting that deep is counted, not remembered,
 * as jsoup caps its depth too). What the tree builder's rules ask of them: the innermost of a name, within
 * a boundary, and whether whitespace is kept.
 */
final class OpenElements {
    /** Open elements remembered. */
    static final int MAX_DEPTH = 512;
    /** How far up jsoup looks for a whitespace-preserving ancestor: the parent and five more. */
    private static final int PRESERVE_LOOKUP = 6;

    private final String[] names = new String[MAX_DEPTH];
    private final int[] flags = new int[MAX_DEPTH];
    /** Open paragraphs among the remembered ones. */
    private int paragraphs;
    private int depth;

    /** How many elements are open, remembered or not. */
    int depth() {
        return depth;
    }

    /** True when a paragraph is open. */
    boolean hasParagraph() {
        return paragraphs > 0;
    }

    /** The innermost remembered element's name, or null when none is open. */
    String current() {
        return depth == 0 ? null : names[Math.min(depth, MAX_DEPTH) - 1];
    }

    /** Opens {@code name} with its tag {@code flags}; {@code paragraph} when it is a paragraph. */
    void push(String name, int tagFlags, boolean paragraph) {
        if (depth < MAX_DEPTH) {
            names[depth] = name;
            // The paragraph bit rides along (foreign flags lack it), so a pop knows what it closes.
            flags[depth] = paragraph ? tagFlags | HtmlTags.PARAGRAPH : tagFlags & ~HtmlTags.PARAGRAPH;
            if (paragraph) {
                paragraphs++;
            }
        }
        depth++;
    }

    /** Closes the innermost element; returns its flags (0 for one past {@link #MAX_DEPTH}). */
    int pop() {
        depth--;
        if (depth >= MAX_DEPTH) {
            return 0;
        }
        int closed = flags[depth];
        if (HtmlTags.is(closed, HtmlTags.PARAGRAPH)) {
            paragraphs--;
        }
        names[depth] = null;
        return closed;
    }

    /** The innermost open {@code name}, or -1. */
    int indexOf(String name) {
        for (int i = Math.min(depth, MAX_DEPTH) - 1; i >= 0; i--) {
            if (name.equals(names[i])) {
                return i;
            }
        }
        return -1;
    }

    /** The innermost open {@code name} not enclosed by {@code boundary}, or -1. */
    int indexWithin(String name, String boundary) {
        return indexWithin(name, boundary, boundary);
    }

    /** The innermost open {@code name} not enclosed by {@code boundary} or {@code otherBoundary}, or -1. */
    int indexWithin(String name, String boundary, String otherBoundary) {
        for (int i = Math.min(depth, MAX_DEPTH) - 1; i >= 0; i--) {
            String open = names[i];
            if (name.equals(open)) {
                return i;
            }
            if (boundary.equals(open) || otherBoundary.equals(open)) {
                return -1;
            }
        }
        return -1;
    }

    /** True when the parent or one of its five nearest ancestors keeps whitespace ({@code pre} and the like). */
    boolean preserving() {
        int top = Math.min(depth, MAX_DEPTH);
        for (int i = top - 1; i >= 0 && i >= top - PRESERVE_LOOKUP; i--) {
            if (HtmlTags.is(flags[i], HtmlTags.PRESERVE_WHITESPACE)) {
                return true;
            }
        }
        return false;
    }
}
