package org.kcrawl.parser.content.eval;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The multiset of word 4-gram shingles of a text: every run of four consecutive tokens, counted as often
 * as it occurs. A text of one to three tokens has one shingle, its whole token sequence, so a short
 * reference (a one-line caption, a two-word title) can still be matched; a text with no token has none.
 */
public final class Shingles {
    /** Tokens per shingle, as in the public article-extraction benchmarks. */
    public static final int SIZE = 4;

    private final Map<String, Integer> counts;
    private final int total;

    private Shingles(Map<String, Integer> counts, int total) {
        this.counts = counts;
        this.total = total;
    }

    /** The shingles of {@code text}, tokenized by {@link WordTokens}. */
    public static Shingles of(String text) {
        return ofTokens(WordTokens.of(text));
    }

    /** The shingles of a token sequence. */
    public static Shingles ofTokens(List<String> tokens) {
        Map<String, Integer> counts = new HashMap<>();
        if (tokens.isEmpty()) {
            return new Shingles(counts, 0);
        }
        int n = Math.max(1, tokens.size() - SIZE + 1);
        for (int i = 0; i < n; i++) {
            // U+0001 cannot occur inside a token, so the joined key is unambiguous.
            String key = String.join("\u0001", tokens.subList(i, Math.min(tokens.size(), i + SIZE)));
            counts.merge(key, 1, Integer::sum);
        }
        return new Shingles(counts, n);
    }

    /** How many shingles, counting repeats. */
    public int size() {
        return total;
    }

    /** The size of the multiset intersection: for each shingle, the smaller of its two counts, summed. */
    public int common(Shingles other) {
        Map<String, Integer> small = counts.size() <= other.counts.size() ? counts : other.counts;
        Map<String, Integer> large = small == counts ? other.counts : counts;
        int common = 0;
        for (Map.Entry<String, Integer> e : small.entrySet()) {
            Integer there = large.get(e.getKey());
            if (there != null) {
                common += Math.min(e.getValue(), there);
            }
        }
        return common;
    }
}
