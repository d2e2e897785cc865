package org.kcrawl.parser.content.meta;

import java.util.ArrayList;
import java.util.List;

/**
 * The best value found so far for each metadata field: each offer comes with its source's rank (lower
 * wins; the first offer wins among equal ranks), so the result does not depend on the order sources
 * appear in beyond that. Keywords gather every value of the best-ranked source (a page states
 * {@code article:tag} once per tag).
 */
final class Votes {
    /** The fields of {@link PageMetadata}. */
    enum Field { AUTHOR, PUBLISHED, MODIFIED, SITE_NAME, IMAGE, TYPE, KEYWORDS }

    /** Most keywords kept. */
    static final int MAX_KEYWORDS = 50;

    private static final int NONE = Integer.MAX_VALUE;
    private final String[] values = new String[Field.values().length];
    private final int[] ranks = new int[Field.values().length];
    private final List<String> keywords = new ArrayList<>();

    Votes() {
        java.util.Arrays.fill(ranks, NONE);
    }

    /** True when an offer of {@code rank} for {@code field} could still win; saves reading a value that cannot. */
    boolean open(Field field, int rank) {
        return rank < ranks[field.ordinal()];
    }

    /** Offers {@code value} (already cleaned; null offers nothing) for {@code field} at {@code rank}. */
    void offer(Field field, int rank, String value) {
        if (value == null || rank >= ranks[field.ordinal()]) {
            return;
        }
        ranks[field.ordinal()] = rank;
        values[field.ordinal()] = value;
    }

    /** Offers keywords at {@code rank}: they replace those of a worse rank and join those of the same rank. */
    void offerKeywords(int rank, List<String> words) {
        int current = ranks[Field.KEYWORDS.ordinal()];
        if (words.isEmpty() || rank > current) {
            return;
        }
        if (rank < current) {
            keywords.clear();
            ranks[Field.KEYWORDS.ordinal()] = rank;
        }
        for (String w : words) {
            if (keywords.size() < MAX_KEYWORDS && keywords.stream().noneMatch(w::equalsIgnoreCase)) {
                keywords.add(w);
            }
        }
    }

    String value(Field field) {
        return values[field.ordinal()];
    }

    List<String> keywords() {
        return List.copyOf(keywords);
    }
}
