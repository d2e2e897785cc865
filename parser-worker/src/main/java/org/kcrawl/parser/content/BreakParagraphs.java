package org.kcrawl.parser.content;

import java.util.Arrays;

/**
 * Paragraphs written with line breaks instead of {@code <p>}: text in one element divided by two or more
 * {@code <br>} in a row (whitespace between them), as old table layouts and hand-written pages do. Readability
 * turns each run of inline content after such a pair into a paragraph of that element before it scores, so an
 * article of ten such paragraphs in a cell or span scores as ten paragraphs, not as one block of text that a
 * menu beside it outscores. This finds those runs in a finished {@link ContentTree} and gives each element the
 * summed score of its runs long enough to be paragraphs, by the selector's paragraph rule, except runs mostly of
 * link text (a list of headlines written with breaks). A block child ends a run; only the next pair of breaks
 * starts one again. The text before the first pair stays the element's own. One instance per thread; not
 * thread-safe.
 */
final class BreakParagraphs {
    /** Per node: the summed score of its paragraphs of breaks (0 for most). */
    float[] score = new float[1024];
    private int[] runChars = new int[1024];
    private int[] runCommas = new int[1024];
    private int[] runLinkChars = new int[1024];
    /** The last thing in the node was a break (whitespace after it aside). */
    private boolean[] afterBreak = new boolean[1024];
    /** The node's current run follows two breaks. */
    private boolean[] inRun = new boolean[1024];
    private int[] stack = new int[256];

    /** Finds the paragraphs of breaks of {@code t}; false (and nothing filled) when the page has none. */
    boolean find(ContentTree t) {
        if (!hasTwoBreaks(t)) {
            return false;
        }
        ensure(t.size);
        Arrays.fill(score, 0, t.size, 0f);
        int depth = 0;
        for (int e = 0; e < t.events; e++) {
            int event = t.ev[e];
            int i = ContentTree.index(event);
            switch (ContentTree.kind(event)) {
                case ContentTree.START -> {
                    if (depth > 0) {
                        child(t, stack[depth - 1], i);
                    }
                    if (depth == stack.length) {
                        stack = Arrays.copyOf(stack, depth * 2);
                    }
                    stack[depth++] = i;
                    startRun(i);
                    afterBreak[i] = false;
                    inRun[i] = false;
                }
                case ContentTree.END -> {
                    endRun(i);
                    depth = Math.max(0, depth - 1);
                }
                default -> {
                    if (depth > 0) {
                        text(t, stack[depth - 1], i);
                    }
                }
            }
        }
        return true;
    }

    /** Element {@code c} starts inside {@code p}. */
    private void child(ContentTree t, int p, int c) {
        int code = t.code[c];
        if (code == ContentTags.BR) {
            if (afterBreak[p]) {
                endRun(p);
                startRun(p);
                inRun[p] = true;
            }
            afterBreak[p] = true;
            return;
        }
        afterBreak[p] = false;
        if (ContentTags.isBlock(code) || code == ContentTags.TD || code == ContentTags.TH
                || code == ContentTags.TBODY) {
            endRun(p);
            startRun(p);
            inRun[p] = false;
        } else {
            runChars[p] += t.chars[c]; // an inline child's text is its parent's run's (t is summed)
            runCommas[p] += t.commas[c];
            runLinkChars[p] += t.linkChars[c];
        }
    }

    private void text(ContentTree t, int p, int segment) {
        int counted = 0;
        int commas = 0;
        boolean space = true;
        char[] s = t.text;
        for (int k = t.segFrom[segment], end = t.segTo[segment]; k < end; k++) {
            char c = s[k];
            if (ContentTree.isBlank(c)) {
                space = true;
                continue;
            }
            counted += space ? 2 : 1; // the space before a word counts one, as the tree counts
            space = false;
            commas += ContentTree.isComma(c) ? 1 : 0;
        }
        if (counted > 0) {
            afterBreak[p] = false;
            runChars[p] += counted;
            runCommas[p] += commas;
            if ((t.flags[p] & ContentTree.IN_LINK) != 0) {
                runLinkChars[p] += counted;
            }
        }
    }

    private void startRun(int n) {
        runChars[n] = 0;
        runCommas[n] = 0;
        runLinkChars[n] = 0;
    }

    /** The run of {@code n} ends: a paragraph when it follows two breaks and is not mostly link text. */
    private void endRun(int n) {
        if (inRun[n] && runChars[n] >= MainContentSelector.MIN_PARAGRAPH && 2 * runLinkChars[n] < runChars[n]) {
            score[n] += MainContentSelector.paragraphScore(runChars[n], runCommas[n]);
        }
    }

    private static boolean hasTwoBreaks(ContentTree t) {
        int breaks = 0;
        for (int n = 1; n < t.size && breaks < 2; n++) {
            breaks += t.code[n] == ContentTags.BR ? 1 : 0;
        }
        return breaks >= 2;
    }

    private void ensure(int nodes) {
        if (score.length < nodes) {
            int n = Math.max(nodes, score.length * 2);
            score = new float[n];
            runChars = new int[n];
            runCommas = new int[n];
            runLinkChars = new int[n];
            afterBreak = new boolean[n];
            inRun = new boolean[n];
        }
    }
}
