package org.kcrawl.parser.content;

import java.util.regex.Pattern;

/**
 * Where a post's comments begin when the page writes them as plain siblings of the post, with nothing named
 * "comment" around them (blog engines and news sites of the 2000s: TypePad's {@code <h2><a id="comments"></a>
 * Comments</h2>} followed by paragraphs): a heading that says only "Comments", "12 Responses", "Leave a Reply"
 * or the like, or the empty anchor the page's "comments" links jump to. Everything of the content from there on
 * is the readers', not the post, and is cut, once the post before it has {@value #MIN_POST} characters (a
 * heading at the top is the post's own).
 */
final class CommentsStart {
    private static final Pattern HEADING = Pattern.compile("((\\d+\\s+)?comments|\\d+\\s+(comment|responses?|replies)"
            + "|(reader|user|readers'|your) comments|leave a (comment|reply)|post a comment|add (a |your )?comment"
            + "|have your say)(\\s*\\(\\d+\\))?\\s*:?", Pattern.CASE_INSENSITIVE);
    /** Characters of text above which a part is not a heading of comments. */
    private static final int MAX_HEADING = 30;
    private static final int MIN_POST = 150;

    private CommentsStart() {}

    /** Cuts {@code s} where its comments begin, if they do; returns the characters of text cut. */
    static int cut(ContentTree t, Selection s) {
        int before = 0;
        for (int i = 0; i < s.rootCount; i++) {
            int root = s.roots[i];
            for (int n = root; n <= t.lastDescendant[root]; n++) {
                if (s.removed[n]) {
                    n = t.lastDescendant[n];
                } else if (n > root && before >= MIN_POST && startsComments(t, n)) {
                    return cutFrom(t, s, i, n);
                } else {
                    before += t.ownChars[n];
                }
            }
        }
        return 0;
    }

    private static boolean startsComments(ContentTree t, int n) {
        int code = t.code[n];
        if (code == ContentTags.A) {
            return t.target[n] == null && t.chars[n] == 0 && (ClassWords.flags(t.judged[n]) & ClassWords.COMMENTS) != 0;
        }
        // Not a link to the comments, nor a line of a code block.
        return (ContentTags.isHeading(code) || code == ContentTags.DIV || code == ContentTags.P)
                && t.chars[n] > 0 && t.chars[n] <= MAX_HEADING && t.linkChars[n] == 0 && (t.flags[n] & ContentTree.IN_CODE) == 0
                && ContentCleaner.isShort(t, n) && mayStartHeading(firstChar(t, n))
                && HEADING.matcher(ContentCleaner.text(t, n)).matches();
    }

    /** Whether a heading of comments can start with {@code c}: most short parts of a page are read no further. */
    private static boolean mayStartHeading(char c) {
        return c >= '0' && c <= '9' || "cCrRuUyYlLpPaAhH".indexOf(c) >= 0;
    }

    /** The first character of the part's text that is not blank, or 0. */
    private static char firstChar(ContentTree t, int n) {
        for (int e = t.evStart[n]; e < t.evEnd[n]; e++) {
            if (ContentTree.kind(t.ev[e]) == ContentTree.TEXT) {
                int seg = ContentTree.index(t.ev[e]);
                for (int i = t.segments.from[seg]; i < t.segments.to[seg]; i++) {
                    if (!ContentTree.isBlank(t.segments.text[i])) {
                        return t.segments.text[i];
                    }
                }
            }
        }
        return 0;
    }

    /** Removes node {@code from} and all that follows it in root {@code rootIndex}, and the roots after it. */
    private static int cutFrom(ContentTree t, Selection s, int rootIndex, int from) {
        int cut = 0;
        for (int n = from; n <= t.lastDescendant[s.roots[rootIndex]]; n = t.lastDescendant[n] + 1) {
            if (!s.removed[n]) { // what follows in document order: the node's subtree, then its next sibling's
                cut += s.kept(t, t.chars, n);
                s.removed[n] = true;
            }
        }
        for (int i = rootIndex + 1; i < s.rootCount; i++) {
            cut += s.kept(t, t.chars, s.roots[i]);
        }
        s.rootCount = rootIndex + 1;
        return cut;
    }
}
