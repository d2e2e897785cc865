package org.kcrawl.parser.content;

/**
 * Paragraphs written with line breaks instead of {@code <p>}: text in one element divided by two or more
 * {@code <br>} in a row (whitespace between them), as old table layouts and hand-written pages do. Readability
 * turns each run of inline content after such a pair into a paragraph of that element before it scores, so an
 * article of ten such paragraphs in a cell or span scores as ten paragraphs, not as one block of text that a
 * menu beside it outscores. This finds those runs in a finished {@link ContentTree} and gives each element the
 * summed score of its runs long enough to be paragraphs, by the selector's paragraph rule, except runs mostly of
 * link text (a list of headlines written with breaks), and counts them in the tree's paragraphs. A block child
 * ends a run; only the next pair of breaks starts one again. The text before the first pair stays the element's
 * own. Only the elements that hold a pair are read past their breaks, so a page without such paragraphs costs one
 * look at each element. One instance per thread; not thread-safe.
 */
final class BreakParagraphs {
    /** Per node: the summed score of its paragraphs of breaks, valid where {@link #scored} is this page's. */
    private float[] score = new float[1024];
    private int[] scored = new int[1024];
    /** Per break: this page's number once a pair was looked for from it or a run went past it. */
    private int[] seen = new int[1024];
    private int page;
    private int runChars;
    private int runCommas;
    private int runLinkChars;

    /** Finds the paragraphs of breaks of {@code t}; false when it has none. */
    boolean find(ContentTree t) {
        ensure(t.size);
        page++;
        boolean found = false;
        for (int n = 1; n < t.size; n++) {
            if (t.code[n] != ContentTags.BR || seen[n] == page) {
                continue;
            }
            seen[n] = page;
            int after = pairEnd(t, n);
            if (after >= 0) {
                found = true;
                readRuns(t, t.parent[n], after);
            }
        }
        return found;
    }

    /** The summed score of {@code n}'s paragraphs of breaks; 0 for most elements. */
    float score(int n) {
        return scored[n] == page ? score[n] : 0;
    }

    /** Where a pair of breaks that starts with break {@code br} ends (the event after them), or -1. */
    private int pairEnd(ContentTree t, int br) {
        int e = t.evEnd[br];
        boolean pair = false;
        while (e < t.events) {
            int event = t.ev[e];
            int i = ContentTree.index(event);
            int kind = ContentTree.kind(event);
            if (kind == ContentTree.TEXT && t.segments.chars[i] == 0) {
                e++;
            } else if (kind == ContentTree.START && t.code[i] == ContentTags.BR && t.parent[i] == t.parent[br]) {
                seen[i] = page;
                pair = true;
                e = t.evEnd[i];
            } else {
                break;
            }
        }
        return pair ? e : -1;
    }

    /**
     * Reads {@code p}'s content from event {@code e}, just past a pair of breaks, to its end or its next block
     * child, scoring each run between pairs of breaks.
     */
    private void readRuns(ContentTree t, int p, int e) {
        startRun();
        boolean afterBreak = true;
        boolean inLink = (t.flags[p] & ContentTree.IN_LINK) != 0;
        for (int end = t.evEnd[p]; e < end; ) {
            int event = t.ev[e];
            int i = ContentTree.index(event);
            int kind = ContentTree.kind(event);
            if (kind == ContentTree.TEXT) {
                if (count(t, i, inLink)) {
                    afterBreak = false;
                }
                e++;
                continue;
            }
            if (kind == ContentTree.END) {
                break; // p's own end
            }
            int code = t.code[i];
            if (code == ContentTags.BR) {
                seen[i] = page;
                if (afterBreak) {
                    endRun(t, p);
                    startRun();
                }
                afterBreak = true;
            } else if (ContentTags.isBlock(code) || code == ContentTags.TD || code == ContentTags.TH
                    || code == ContentTags.TBODY) {
                break;
            } else {
                runChars += t.chars[i]; // an inline child's text is the run's (t's counts are summed)
                runCommas += t.commas[i];
                runLinkChars += t.linkChars[i];
                afterBreak = false; // an element between two breaks makes them no pair, as in Readability
            }
            e = t.evEnd[i];
        }
        endRun(t, p);
    }

    /** Adds text segment {@code segment} to the run (the tree counted it); whether it has a word. */
    private boolean count(ContentTree t, int segment, boolean inLink) {
        int counted = t.segments.chars[segment];
        runChars += counted;
        runCommas += t.segments.commas[segment];
        runLinkChars += inLink ? counted : 0;
        return counted > 0;
    }

    private void startRun() {
        runChars = 0;
        runCommas = 0;
        runLinkChars = 0;
    }

    /**
     * The run ends: a paragraph of {@code p} when it is long enough and not mostly link text, counted in the
     * tree's paragraphs of {@code p} and its ancestors, as Readability's page has a {@code <p>} there by then (the
     * cleaning's rules weigh paragraphs against images, inputs and list items).
     */
    private void endRun(ContentTree t, int p) {
        if (runChars >= MainContentSelector.MIN_PARAGRAPH && 2 * runLinkChars < runChars) {
            if (scored[p] != page) {
                scored[p] = page;
                score[p] = 0;
            }
            score[p] += MainContentSelector.paragraphScore(runChars, runCommas);
            for (int a = p; a >= 0; a = t.parent[a]) {
                t.paragraphs[a]++;
            }
        }
    }

    private void ensure(int nodes) {
        if (score.length < nodes) {
            int n = Math.max(nodes, score.length * 2);
            score = new float[n];
            scored = new int[n];
            seen = new int[n];
        }
    }
}
