package org.kcrawl.parser.content.meta;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
    /** Most authors joined from one source's repeated key. */
    static final int MAX_AUTHORS = 20;

    private static final int NONE = Integer.MAX_VALUE;
    private final String[] values = new String[Field.values().length];
    private final int[] ranks = new int[Field.values().length];
    private final List<String> keywords = new ArrayList<>();
    /** Names in the author's value, when {@link #offerAuthor} joined several. */
    private int authors;

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

    /**
     * Offers an author at {@code rank}, as {@link #offer} does, except that another author of the same rank joins
     * the first ({@code , } between): a {@code <meta>} key stated once per author ({@code citation_author},
     * {@code dc.creator}) lists the authors. Up to {@value #MAX_AUTHORS} names and {@value MetaValues#MAX_TEXT}
     * characters; a name already there is not repeated.
     */
    void offerAuthor(int rank, String name) {
        int i = Field.AUTHOR.ordinal();
        if (name == null || rank > ranks[i]) {
            return;
        }
        if (rank < ranks[i]) {
            ranks[i] = rank;
            values[i] = name;
            authors = 1;
        } else if (authors < MAX_AUTHORS && values[i].length() + 2 + name.length() <= MetaValues.MAX_TEXT
                && !(", " + values[i] + ", ").toLowerCase(Locale.ROOT)
                .contains(", " + name.toLowerCase(Locale.ROOT) + ", ")) {
            values[i] = values[i] + ", " + name;
            authors++;
        }
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
