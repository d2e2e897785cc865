package org.kcrawl.parser.content;

import java.util.Arrays;
import java.util.Objects;

/**
 * The other parts of an article split around advertisements: news pages close the story's container before an
 * ad and open another after it ({@code <div class="story-body story-body-1">}, then {@code story-body-2}), in
 * wrappers of their own, so the parts are cousins, not siblings, and the selection keeps one. A part is an
 * element of the selected root's tag whose class is the root's but for its number, numbered in document order
 * (a later part has a greater number), in a wrapper of the same tag and class as the root's but not the same
 * one, outside what is kept and not left out, with prose in it ({@value #MIN_CHARS} characters or more, under a
 * quarter of them in links). Numbers in document order and wrappers alike, because classes that carry numbers
 * for other reasons are common: a layout's columns ({@code col-md-8} beside {@code col-md-4}), a type scale
 * ({@code body2} on every paragraph); with any shared class, not only numbered ones, a sidebar's "About me"
 * block joined a post (Dragnet R961).
 */
final class ArticleParts {
    static final int MIN_CHARS = 80;

    private ArticleParts() {}

    /** Adds the parts of {@code root}'s article to {@code into}, keeping its roots in document order. */
    static void add(ContentTree t, int root, boolean[] dead, Selection into) {
        if (root <= 0) {
            return;
        }
        int part = root;
        while (numberOf(t, part) < 0 && t.children[part] == 1 && t.ownChars[part] == 0) {
            part++; // the selection climbed past the part's wrapper, which holds nothing else: its only child
        }
        String cls = t.className[part];
        long number = numberOf(t, part);
        if (number < 0) {
            return;
        }
        int code = t.code[part];
        int wrapper = t.parent[part];
        boolean added = false;
        for (int n = 1; n < t.size; n++) {
            if (dead[n] || kept(into, n)) {
                n = t.lastDescendant[n]; // nothing under it is a part
                continue;
            }
            String other = t.className[n];
            if (t.code[n] == code && other != null && t.parent[n] != wrapper && !MainContentSelector.contains(t, n, root)
                    && t.chars[n] >= MIN_CHARS && t.linkDensity(n) < 0.25 && sameButDigits(cls, other)
                    && inOrder(n, number(other), part, number) && sameWrapper(t, t.parent[n], wrapper)) {
                into.addRoot(n);
                added = true;
                n = t.lastDescendant[n];
            }
        }
        if (added) {
            Arrays.sort(into.roots, 0, into.rootCount);
        }
    }

    private static long numberOf(ContentTree t, int n) {
        return t.className[n] == null ? -1 : number(t.className[n]);
    }

    /** Whether parts numbered so stand in document order: the later one has the greater number. */
    private static boolean inOrder(int n, long nNumber, int root, long rootNumber) {
        return nNumber != rootNumber && n < root == nNumber < rootNumber;
    }

    private static boolean sameWrapper(ContentTree t, int a, int b) {
        return a > 0 && b > 0 && t.code[a] == t.code[b] && Objects.equals(t.className[a], t.className[b]);
    }

    /** The last number in a class attribute; -1 when it has none (or one too long to be a part's). */
    static long number(String cls) {
        int end = cls.length();
        while (end > 0 && !isDigit(cls.charAt(end - 1))) {
            end--;
        }
        int start = end;
        while (start > 0 && isDigit(cls.charAt(start - 1))) {
            start--;
        }
        return end == 0 || end - start > 9 ? -1 : Long.parseLong(cls, start, end, 10);
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

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
