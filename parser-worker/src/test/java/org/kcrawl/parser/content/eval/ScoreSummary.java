package org.kcrawl.parser.content.eval;

/**
 * Means over pages of per-page precision, recall and F1 (the mean F1 is the mean of each page's F1, not the
 * F1 of the mean precision and recall), with the extraction time per page.
 */
public final class ScoreSummary {
    private int pages;
    private double precision;
    private double recall;
    private double f1;
    private long nanos;

    /** Adds one page's score and the time its extraction took. */
    public void add(PageScore score, long extractionNanos) {
        pages++;
        precision += score.precision();
        recall += score.recall();
        f1 += score.f1();
        nanos += extractionNanos;
    }

    /** Pages added. */
    public int pages() {
        return pages;
    }

    /** Mean precision; NaN for no pages. */
    public double precision() {
        return pages == 0 ? Double.NaN : precision / pages;
    }

    /** Mean recall; NaN for no pages. */
    public double recall() {
        return pages == 0 ? Double.NaN : recall / pages;
    }

    /** Mean F1; NaN for no pages. */
    public double f1() {
        return pages == 0 ? Double.NaN : f1 / pages;
    }

    /** Mean extraction time per page in milliseconds (one thread, including any parse). */
    public double millisPerPage() {
        return pages == 0 ? Double.NaN : nanos / 1e6 / pages;
    }
}
