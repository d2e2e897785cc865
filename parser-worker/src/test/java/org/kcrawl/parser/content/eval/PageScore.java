package org.kcrawl.parser.content.eval;

/**
 * One page's precision, recall and F1 of the extracted text's shingles against the reference body's.
 *
 * <p>Edge cases: an empty output on a page whose reference has text scores 0/0/0 (an extractor that gives
 * up earns no precision); an empty output on an empty reference scores 1/1/1; any output on an empty
 * reference scores precision 0, recall 1, F1 0. The shipped sets hold no page with an empty reference.
 */
public record PageScore(double precision, double recall, double f1, int extractedShingles,
                        int referenceShingles, int commonShingles) {

    /** Scores an extracted text against a reference text. */
    public static PageScore of(String extracted, String reference) {
        return of(Shingles.of(extracted), Shingles.of(reference));
    }

    /** Scores precomputed shingles (a reference is shingled once and scored against many outputs). */
    public static PageScore of(Shingles extracted, Shingles reference) {
        int out = extracted.size();
        int ref = reference.size();
        if (ref == 0) {
            return out == 0 ? new PageScore(1, 1, 1, 0, 0, 0) : new PageScore(0, 1, 0, out, 0, 0);
        }
        if (out == 0) {
            return new PageScore(0, 0, 0, 0, ref, 0);
        }
        int common = extracted.common(reference);
        double precision = (double) common / out;
        double recall = (double) common / ref;
        double f1 = common == 0 ? 0 : 2 * precision * recall / (precision + recall);
        return new PageScore(precision, recall, f1, out, ref, common);
    }
}
