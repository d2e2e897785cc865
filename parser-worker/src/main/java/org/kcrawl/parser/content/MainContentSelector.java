package org.kcrawl.parser.content;

import java.util.Arrays;

/**
 * Finds a page's main content in its {@link ContentTree}, the way Readability.js does on a DOM: text
 * blocks of 25 characters or more score by their commas and length, each block's score goes to its
 * parent and (divided) to four more ancestors, a candidate's score is cut by the share of its text in
 * links, the best candidate climbs to an ancestor that scores nearly as well, and its siblings that score
 * well or read as prose join it. Page furniture is left out on the way: elements whose class or id name
 * navigation, comments, sharing, cookie notices and the like ({@link ClassWords}), furniture by tag or ARIA
 * role, and, inside the content, parts whose shape says furniture ({@link ContentCleaner}).
 *
 * <p>When that leaves less than {@value #CHAR_THRESHOLD} characters the page is tried again with the
 * class judgements, then the cleaning, turned off, and the longest result is kept: a page without an
 * article's shape (a reference page, a listing) keeps its central text rather than nothing. A short post
 * the first attempt found ({@value #MIN_POST} characters or more) stands, though, when what the longer
 * result adds is mostly link text (the blog's menus and archive around the post), or when the post was found
 * in an element whose class names a post's body ({@link ClassWords#namesPostBody}): the longer text is then
 * the blog's profile or sidebar, which the first attempt left out by its class. A shorter post (a picture's
 * title and byline, mostly not links) stands when the longer result adds two thirds link text or more. When the
 * first attempt finds nothing and the others less than such a post, the page has no article's shape, and the
 * body without its furniture is its content. Then the page's headline (its {@code h1} before the content) is
 * put in front when the content lacks one ({@link Headline}).
 *
 * <p>Every pass is linear in the page's elements. One instance per thread; not thread-safe.
 */
final class MainContentSelector {
    static final int STRIP_UNLIKELY = 1;
    static final int WEIGHT_CLASSES = 1 << 1;
    static final int CLEAN_CONDITIONALLY = 1 << 2;
    private static final int[] ATTEMPTS = {
        STRIP_UNLIKELY | WEIGHT_CLASSES | CLEAN_CONDITIONALLY, WEIGHT_CLASSES | CLEAN_CONDITIONALLY,
        CLEAN_CONDITIONALLY, 0};
    /** Characters of content below which the page is tried again with fewer judgements. */
    static final int CHAR_THRESHOLD = 500;
    static final int MIN_PARAGRAPH = 25;
    /** Characters of a short post that the first attempt found, which the later ones must not bury. */
    private static final int MIN_POST = 150;
    /** The share of link text in what a later attempt adds above which it found the page around the post. */
    private static final float ADDED_LINKS = 0.5f;
    /** The same against a shorter post: two thirds, as a post of links (a reading list) adds about half. */
    private static final float ADDED_LINKS_SHORT = 0.65f;
    private static final int TOP_CANDIDATES = 5;
    private static final int ANCESTOR_LEVELS = 5;

    private final ContentCleaner cleaner = new ContentCleaner();
    private final BreakParagraphs breaks = new BreakParagraphs();
    private boolean hasBreaks;
    private final Selection attempt = new Selection();
    private final Selection best = new Selection();
    private final Selection first = new Selection();
    /** Characters and link characters the first attempt kept, when under {@link #CHAR_THRESHOLD}. */
    private int firstChars;
    private int firstLinks;
    /** Whether the first attempt's best candidate is in a post's body by its class. */
    private boolean firstInPostBody;
    private float[] score = new float[1024];
    private boolean[] scored = new boolean[1024];
    private boolean[] dead = new boolean[1024];
    private final int[] top = new int[TOP_CANDIDATES];

    /** The main content of {@code t}, a finished tree; valid until the next call. */
    Selection select(ContentTree t) {
        ensure(t.size);
        hasBreaks = breaks.find(t);
        int kept = attempt(t, ATTEMPTS[0], attempt);
        if (kept >= CHAR_THRESHOLD) {
            DivTables.restoreCells(t, attempt);
            Headline.add(t, attempt);
            return attempt;
        }
        firstChars = kept;
        firstLinks = attempt.keptLinkChars(t);
        firstInPostBody = inPostBody(t, top[0]); // the first attempt's best candidate, -1 when none
        first.copyFrom(attempt, t.size);
        Selection chosen = first;
        int bestChars = kept;
        for (int k = 1; k < ATTEMPTS.length; k++) {
            kept = attempt(t, ATTEMPTS[k], attempt);
            if (kept >= CHAR_THRESHOLD) {
                chosen = postStands(t, attempt, kept) ? first : attempt;
                break;
            }
            if (kept > bestChars) {
                bestChars = kept;
                best.copyFrom(attempt, t.size);
                chosen = postStands(t, best, kept) ? first : best;
            }
        }
        if (kept < CHAR_THRESHOLD && firstChars == 0 && bestChars < MIN_POST && t.chars[0] >= CHAR_THRESHOLD) {
            chosen = wholeBody(t);
        }
        DivTables.restoreCells(t, chosen);
        Headline.add(t, chosen);
        return chosen;
    }

    /**
     * The body without its furniture, for a page where no attempt found a post: the first found nothing and
     * the others less than a short post. Such a page has no article's shape (a table of contents, a list of
     * links, a form), and its text is its content, not the fragment the attempts kept (a breadcrumb).
     */
    private Selection wholeBody(ContentTree t) {
        markDead(t, 0);
        attempt.reset(t.size);
        attempt.addRoot(0);
        cleaner.clean(t, attempt, dead, 0);
        return attempt;
    }

    /**
     * Whether the short post the first attempt found stands against {@code s}, a longer result of an attempt
     * with fewer judgements: when what {@code s} adds is mostly link text (the blog's menus, its archive,
     * "previous | next"), it found the page around the post, not more of it. A post under {@value #MIN_POST}
     * characters must be a paragraph, mostly not link text, and the added text two thirds links.
     */
    private boolean postStands(ContentTree t, Selection s, int chars) {
        if (chars <= firstChars || firstChars < MIN_PARAGRAPH) {
            return false;
        }
        int addedLinks = s.keptLinkChars(t) - firstLinks;
        if (firstChars < MIN_POST) {
            return 2 * firstLinks < firstChars && addedLinks > ADDED_LINKS_SHORT * (chars - firstChars);
        }
        return firstInPostBody || addedLinks > ADDED_LINKS * (chars - firstChars);
    }

    private static boolean inPostBody(ContentTree t, int n) {
        for (int a = n; a > 0; a = t.parent[a]) {
            if (ClassWords.namesPostBody(t.className[a])) {
                return true;
            }
        }
        for (int d = n + 1; n > 0 && d <= t.lastDescendant[n]; d++) {
            if (ClassWords.namesPostBody(t.className[d])) {
                return true;
            }
        }
        return false;
    }

    /** Everything visible: the whole body. */
    static void selectAll(ContentTree t, Selection into) {
        into.reset(t.size);
        into.addRoot(0);
    }

    private int attempt(ContentTree t, int flags, Selection into) {
        into.reset(t.size);
        markDead(t, flags);
        Arrays.fill(scored, 0, t.size, false);
        Arrays.fill(score, 0, t.size, 0f);
        scoreParagraphs(t, flags);
        int candidate = topCandidate(t);
        if (candidate <= 0) {
            into.addRoot(0);
        } else {
            candidate = climb(t, candidate);
            addWithSiblings(t, candidate, into);
            ArticleParts.add(t, candidate, dead, into);
        }
        return cleaner.clean(t, into, dead, flags);
    }

    /** Marks the furniture left out of this attempt, and everything inside it. */
    private void markDead(ContentTree t, int flags) {
        dead[0] = false;
        boolean strip = (flags & STRIP_UNLIKELY) != 0;
        int half = t.chars[0] / 2;
        for (int n = 1; n < t.size; n++) {
            dead[n] = dead[t.parent[n]] || furniture(t, n) || judgedOut(t, n, strip ? ClassWords.UNLIKELY : ClassWords.COMMENTS)
                    || (ClassWords.flags(t.judged[n]) & ClassWords.HIDDEN) != 0 && t.chars[n] < half;
        }
    }

    /** Furniture by tag or role, whatever the attempt: navigation, asides, controls, the page's own header and footer. */
    static boolean furniture(ContentTree t, int n) {
        int code = t.code[n];
        if (ContentTags.isFurniture(code)) {
            return true;
        }
        if (code == ContentTags.HEADER) {
            return (t.flags[n] & ContentTree.IN_ARTICLE) == 0;
        }
        return (t.flags[n] & ContentTree.ROLE_FURNITURE) != 0;
    }

    /**
     * Whether the class or id of {@code n} says {@code what} ({@link ClassWords#UNLIKELY} or the narrower
     * {@link ClassWords#COMMENTS}) and nothing that can name content. Comments stay out of every attempt: a short
     * post with a long comment section would otherwise come back as its comments once the post alone is found
     * too short.
     */
    private static boolean judgedOut(ContentTree t, int n, int what) {
        int code = t.code[n];
        if (code == ContentTags.A || (t.flags[n] & (ContentTree.IN_TABLE | ContentTree.IN_CODE)) != 0
                || (t.flags[n] & ContentTree.MARKED_MAIN) != 0 || code == ContentTags.ARTICLE
                || code == ContentTags.MAIN) {
            return false;
        }
        int words = ClassWords.flags(t.judged[n]);
        return (words & what) != 0 && (words & ClassWords.MAYBE) == 0;
    }

    private void scoreParagraphs(ContentTree t, int flags) {
        boolean weigh = (flags & WEIGHT_CLASSES) != 0;
        for (int n = 1; n < t.size; n++) {
            if (dead[n]) {
                n = t.lastDescendant[n];
                continue;
            }
            int code = t.code[n];
            if (hasBreaks && code != ContentTags.DIV && code != ContentTags.P && breaks.score(n) > 0) {
                // Its paragraphs of breaks, as Readability makes them; not a div's or p's: given theirs too, the
                // selection climbed to whole columns on blogs whose posts are written so.
                propagate(t, n, breaks.score(n), weigh);
            }
            boolean blockDiv = code == ContentTags.DIV && (t.flags[n] & ContentTree.HAS_BLOCK_CHILD) != 0;
            if (blockDiv && t.ownChars[n] >= MIN_PARAGRAPH) {
                // Text directly in a div of blocks: Readability wraps it in a paragraph of that div.
                propagate(t, n, paragraphScore(t.ownChars[n], t.ownCommas[n]), weigh);
            } else if (scoresAsParagraph(code) || code == ContentTags.DIV && !blockDiv) {
                if (t.chars[n] >= MIN_PARAGRAPH) {
                    propagate(t, t.parent[n], paragraphScore(t.chars[n], t.commas[n]), weigh);
                }
            }
        }
    }

    private static boolean scoresAsParagraph(int code) {
        return code == ContentTags.P || code == ContentTags.PRE || code == ContentTags.TD
                || code == ContentTags.SECTION || code >= ContentTags.H2 && code <= ContentTags.H6;
    }

    static float paragraphScore(int chars, int commas) {
        return 1 + commas + Math.min(chars / 100, 3);
    }

    /** Adds a paragraph's score to {@code first} and, divided, to its ancestors. */
    private void propagate(ContentTree t, int first, float paragraph, boolean weigh) {
        int a = first;
        for (int level = 0; level < ANCESTOR_LEVELS && a >= 0; level++) {
            if (!scored[a]) {
                scored[a] = true;
                score[a] = initialScore(t, a, weigh);
            }
            int divider = level == 0 ? 1 : level == 1 ? 2 : level * 3;
            score[a] += paragraph / divider;
            a = t.parent[a];
        }
    }

    private static float initialScore(ContentTree t, int n, boolean weigh) {
        float s = switch (t.code[n]) {
            case ContentTags.DIV -> 5;
            case ContentTags.PRE, ContentTags.TD, ContentTags.BLOCKQUOTE -> 3;
            case ContentTags.OL, ContentTags.UL, ContentTags.DL, ContentTags.DD, ContentTags.DT, ContentTags.LI,
                 ContentTags.FORM -> -3;
            case ContentTags.H1, ContentTags.H2, ContentTags.H3, ContentTags.H4, ContentTags.H5, ContentTags.H6,
                 ContentTags.TH -> -5;
            default -> 0;
        };
        if ((t.flags[n] & ContentTree.MARKED_MAIN) != 0 || t.code[n] == ContentTags.ARTICLE) {
            s += 10; // the page names it its content
        }
        return weigh ? s + ClassWords.weight(t.judged[n]) : s;
    }

    /** The best candidate after cutting each by its link density; -1 when none scored. Fills {@link #top}. */
    private int topCandidate(ContentTree t) {
        Arrays.fill(top, -1);
        for (int n = 0; n < t.size; n++) {
            if (!scored[n]) {
                continue;
            }
            score[n] *= (float) (1 - t.linkDensity(n));
            for (int i = 0; i < TOP_CANDIDATES; i++) {
                if (top[i] < 0 || score[n] > score[top[i]]) {
                    System.arraycopy(top, i, top, i + 1, TOP_CANDIDATES - i - 1);
                    top[i] = n;
                    break;
                }
            }
        }
        return top[0];
    }

    /**
     * Readability's moves up from the best candidate: to the ancestor shared by three near-equal candidates
     * (the article split in parts), to a parent that scores better (within a third), and past wrappers
     * that hold nothing else.
     */
    private int climb(ContentTree t, int candidate) {
        float best = score[candidate];
        int alternatives = 0;
        for (int i = 1; i < TOP_CANDIDATES; i++) {
            if (top[i] >= 0 && score[top[i]] / best >= 0.75f) {
                alternatives++;
            }
        }
        if (alternatives >= 3) {
            for (int p = t.parent[candidate]; p > 0; p = t.parent[p]) {
                int holds = 0;
                for (int i = 1; i < TOP_CANDIDATES; i++) {
                    if (top[i] >= 0 && score[top[i]] / best >= 0.75f && contains(t, p, top[i])) {
                        holds++;
                    }
                }
                if (holds >= 3) {
                    candidate = p;
                    break;
                }
            }
        }
        float last = score[candidate];
        float threshold = last / 3;
        for (int p = t.parent[candidate]; p > 0; p = t.parent[p]) {
            if (!scored[p]) {
                continue;
            }
            if (score[p] < threshold) {
                break;
            }
            if (score[p] > last) {
                candidate = p;
                break;
            }
            last = score[p];
        }
        while (t.parent[candidate] > 0 && t.children[t.parent[candidate]] == 1) {
            candidate = t.parent[candidate];
        }
        return candidate;
    }

    static boolean contains(ContentTree t, int ancestor, int node) {
        return node > ancestor && node <= t.lastDescendant[ancestor];
    }

    /** The candidate and those of its siblings that score near it or read as prose, in document order. */
    private void addWithSiblings(ContentTree t, int candidate, Selection into) {
        int parent = t.parent[candidate];
        float topScore = scored[candidate] ? score[candidate] : 0;
        float threshold = Math.max(10, topScore * 0.2f);
        String cls = t.className[candidate];
        for (int s = parent + 1; s <= t.lastDescendant[parent]; s = t.lastDescendant[s] + 1) {
            if (s == candidate) {
                into.addRoot(s);
                continue;
            }
            if (dead[s]) {
                continue;
            }
            float bonus = cls != null && !cls.isEmpty() && cls.equals(t.className[s]) ? topScore * 0.2f : 0;
            if (scored[s] && score[s] + bonus >= threshold) {
                into.addRoot(s);
            } else if (t.code[s] == ContentTags.P) {
                int chars = t.chars[s];
                double density = t.linkDensity(s);
                if (chars > 80 && density < 0.25 || chars > 0 && chars < 80 && density == 0 && endsSentence(t, s)) {
                    into.addRoot(s);
                }
            }
        }
    }

    /**
     * True when the node's text has a full stop before a space or at its end (Readability's {@code /\\.( |$)/} on
     * its trimmed text): blanks after the stop keep it, as trimming and collapsing them would.
     */
    private static boolean endsSentence(ContentTree t, int node) {
        boolean stop = false;
        for (int e = t.evStart[node]; e < t.evEnd[node]; e++) {
            int event = t.ev[e];
            if (ContentTree.kind(event) == ContentTree.TEXT) {
                int seg = ContentTree.index(event);
                for (int i = t.segments.from[seg]; i < t.segments.to[seg]; i++) {
                    char c = t.segments.text[i];
                    if (stop && c == ' ') {
                        return true;
                    }
                    if (!ContentTree.isBlank(c)) {
                        stop = c == '.';
                    }
                }
            }
        }
        return stop;
    }

    private void ensure(int nodes) {
        if (score.length < nodes) {
            int n = Math.max(nodes, score.length * 2);
            score = new float[n];
            scored = new boolean[n];
            dead = new boolean[n];
        }
    }
}
