package org.kcrawl.parser.content;

import java.util.Arrays;

/**
 * Which parts of a {@link ContentTree} make the content: the roots, in document order, and the nodes
 * under them that are left out (with their subtrees).
 */
final class Selection {
    int[] roots = new int[8];
    int rootCount;
    boolean[] removed = new boolean[1024];

    void reset(int nodes) {
        rootCount = 0;
        if (removed.length < nodes) {
            removed = new boolean[Math.max(nodes, removed.length * 2)];
        } else {
            Arrays.fill(removed, 0, nodes, false);
        }
    }

    void addRoot(int node) {
        if (rootCount == roots.length) {
            roots = Arrays.copyOf(roots, rootCount * 2);
        }
        roots[rootCount++] = node;
    }

    /** Puts {@code node} first among the roots (a headline before its article). */
    void addFirstRoot(int node) {
        addRoot(node);
        System.arraycopy(roots, 0, roots, 1, rootCount - 1);
        roots[0] = node;
    }

    /** Characters of link text in what is kept: the roots' but the removed parts'. */
    int keptLinkChars(ContentTree t) {
        int links = 0;
        for (int i = 0; i < rootCount; i++) {
            links += kept(t, t.linkChars, roots[i]);
        }
        return links;
    }

    /** {@code counts} (one of the tree's per-node sums) of {@code node} less those of its removed parts. */
    int kept(ContentTree t, int[] counts, int node) {
        int kept = counts[node];
        for (int n = node + 1; n <= t.lastDescendant[node]; n++) {
            if (removed[n]) {
                kept -= counts[n];
                n = t.lastDescendant[n];
            }
        }
        return kept;
    }

    void copyFrom(Selection other, int nodes) {
        rootCount = other.rootCount;
        roots = Arrays.copyOf(other.roots, Math.max(8, other.rootCount));
        if (removed.length < nodes) {
            removed = new boolean[nodes];
        }
        System.arraycopy(other.removed, 0, removed, 0, nodes);
    }
}
