package org.kcrawl.parser.content;

/**
 * The page's headline in front of its content: selections often start below the {@code h1} (a news template
 * puts it in a header block of its own, or the cleaning takes out its wrapper).
 */
final class Headline {
    private Headline() {}

    /**
     * Puts the page's headline in front when what is kept shows no {@code h1}: the last {@code h1}
     * before the content, else one inside it that the cleaning took out with its wrapper (a
     * {@code div class="header"}), never one in navigation, an aside or a footer.
     */
    static void add(ContentTree t, Selection s) {
        if (s.rootCount == 0 || s.roots[0] == 0 || showsHeading(t, s)) {
            return;
        }
        int first = s.roots[0];
        int before = -1;
        int within = -1;
        for (int n = 1; n <= t.lastDescendant[first]; n++) {
            if (t.code[n] != ContentTags.H1 || t.chars[n] == 0 || insideFurniture(t, n)) {
                continue;
            }
            if (n < first && !MainContentSelector.contains(t, n, first)) {
                before = n;
            } else if (within < 0 && n > first && !s.removed[n] && removedWithin(t, s, n, first)) {
                within = n;
            }
        }
        int headline = before >= 0 ? before : within;
        if (headline >= 0) {
            s.addFirstRoot(headline);
        }
    }

    /** True when an {@code h1} of the roots is kept. */
    private static boolean showsHeading(ContentTree t, Selection s) {
        for (int i = 0; i < s.rootCount; i++) {
            int r = s.roots[i];
            for (int n = r; n <= t.lastDescendant[r]; n++) {
                if (s.removed[n]) {
                    n = t.lastDescendant[n];
                } else if (t.code[n] == ContentTags.H1) {
                    return true;
                }
            }
        }
        return false;
    }

    /** True when {@code node}, inside {@code root}, is left out with one of its ancestors (or itself). */
    private static boolean removedWithin(ContentTree t, Selection s, int node, int root) {
        for (int a = node; a > root; a = t.parent[a]) {
            if (s.removed[a]) {
                return true;
            }
        }
        return false;
    }

    private static boolean insideFurniture(ContentTree t, int n) {
        for (int a = n; a > 0; a = t.parent[a]) {
            int code = t.code[a];
            if (ContentTags.isFurniture(code) || code == ContentTags.FOOTER
                    || (t.flags[a] & ContentTree.ROLE_FURNITURE) != 0) {
                return true;
            }
        }
        return false;
    }
}
