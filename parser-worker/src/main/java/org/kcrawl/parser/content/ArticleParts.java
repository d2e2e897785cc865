package org.kcrawl.parser.content;

import java.util.Arrays;

/**
 * The other parts of an article split around advertisements: news pages close the story's container before an
 * ad and open another after it ({@code <div class="story-body story-body-1">}, then {@code story-body-2}), in
 * wrappers of their own, so the parts are cousins, not siblings, and the selection keeps one. When the selected
 * root's class is numbered, an element of its tag whose class is the root's but for its digits, outside what is
 * kept and not left out, with prose in it ({@value #MIN_CHARS} characters or more, under a quarter of them in
 * links), is such a part. Only numbered classes: with any class ({@code content}, {@code block}) a sidebar's
 * "About me" block joined a post (Dragnet R961).
 */
final class ArticleParts {
    static final int MIN_CHARS = 250;

    private ArticleParts() {}

    /** Adds the parts of {@code root}'s article to {@code into}, keeping its roots in document order. */
    static void add(ContentTree t, int root, boolean[] dead, Selection into) {
        String cls = t.className[root];
        if (root <= 0 || cls == null || !hasDigit(cls)) {
            return;
        }
        int code = t.code[root];
        boolean added = false;
        for (int n = 1; n < t.size; n++) {
            if (dead[n] || kept(into, n)) {
                n = t.lastDescendant[n]; // nothing under it is a part
                continue;
            }
            String other = t.className[n];
            if (t.code[n] == code && other != null && !MainContentSelector.contains(t, n, root)
                    && t.chars[n] >= MIN_CHARS && t.linkDensity(n) < 0.25 && sameButDigits(cls, other)) {
                into.addRoot(n);
                added = true;
                n = t.lastDescendant[n];
            }
        }
        if (added) {
            Arrays.sort(into.roots, 0, into.rootCount);
        }
    }

    private static boolean kept(Selection s, int n) {
        for (int i = 0; i < s.rootCount; i++) {
            if (s.roots[i] == n) {
                return true;
            }
        }
        return false;
    }

    /** Whether two class attributes are the same once their digits are left out. */
    static boolean sameButDigits(String a, String b) {
        int i = 0;
        int j = 0;
        while (true) {
            while (i < a.length() && isDigit(a.charAt(i))) {
                i++;
            }
            while (j < b.length() && isDigit(b.charAt(j))) {
                j++;
            }
            if (i == a.length() || j == b.length()) {
                return i == a.length() && j == b.length();
            }
            if (a.charAt(i++) != b.charAt(j++)) {
                return false;
            }
        }
    }

    private static boolean hasDigit(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (isDigit(s.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
