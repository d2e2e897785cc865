package org.kcrawl.parser.content.eval;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * The report of a run as a Markdown table: a row per set and split, then per split the unweighted mean over
 * sets (each set counts once, whatever its size, so no single set dominates the figure to tune on).
 */
public final class SummaryTable {
    private SummaryTable() {}

    /** The table for {@code results} (set -> split -> summary), headed by the extractor's name. */
    public static String markdown(String extractor, Map<String, Map<Split, ScoreSummary>> results) {
        StringBuilder sb = new StringBuilder();
        sb.append("extractor: ").append(extractor).append("\n\n");
        sb.append("| set | split | pages | precision | recall | F1 | ms/page |\n");
        sb.append("|---|---|---:|---:|---:|---:|---:|\n");
        Map<Split, double[]> sums = new EnumMap<>(Split.class);
        for (Map.Entry<String, Map<Split, ScoreSummary>> set : results.entrySet()) {
            for (Map.Entry<Split, ScoreSummary> e : set.getValue().entrySet()) {
                ScoreSummary s = e.getValue();
                row(sb, set.getKey(), e.getKey().label(), s.pages(), s.precision(), s.recall(), s.f1(),
                        s.millisPerPage());
                if (s.pages() > 0) {
                    double[] sum = sums.computeIfAbsent(e.getKey(), k -> new double[5]);
                    sum[0]++;
                    sum[1] += s.precision();
                    sum[2] += s.recall();
                    sum[3] += s.f1();
                    sum[4] += s.pages();
                }
            }
        }
        for (Map.Entry<Split, double[]> e : sums.entrySet()) {
            double[] s = e.getValue();
            row(sb, "mean of " + (int) s[0] + " sets", e.getKey().label(), (int) s[4], s[1] / s[0], s[2] / s[0],
                    s[3] / s[0], Double.NaN);
        }
        return sb.toString();
    }

    private static void row(StringBuilder sb, String set, String split, int pages, double p, double r, double f1,
                            double ms) {
        sb.append(String.format(Locale.ROOT, "| %s | %s | %d | %.3f | %.3f | %.3f | %s |%n", set, split, pages, p, r,
                f1, Double.isNaN(ms) ? "" : String.format(Locale.ROOT, "%.2f", ms)));
    }
}
