package org.kcrawl.parser.content.eval;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs an extractor over the evaluation sets and reports, per set and split, the pages and the mean
 * precision, recall and F1 of word 4-gram shingles against the reference bodies (see {@link PageScore}),
 * as a Markdown table; optionally writes per-page scores and the texts for error analysis. Exit status 0,
 * or 2 for a bad command line or a missing data directory.
 */
public final class ContentEval {
    private final EvalOptions options;
    private final ContentExtractor extractor;
    private final PrintStream log;

    ContentEval(EvalOptions options, ContentExtractor extractor, PrintStream log) {
        this.options = options;
        this.extractor = extractor;
        this.log = log;
    }

    public static void main(String[] args) throws IOException {
        EvalOptions options;
        ContentExtractor extractor;
        try {
            if (args.length == 1 && (args[0].equals("--help") || args[0].equals("-h"))) {
                System.out.print(EvalOptions.USAGE);
                return;
            }
            options = EvalOptions.parse(args);
            extractor = Extractors.named(options.extractor());
            if (!Files.isDirectory(options.data())) {
                throw new IllegalArgumentException("no data directory " + options.data().toAbsolutePath()
                        + ": build the sets as eval/README.md says, or point --data at them");
            }
        } catch (IllegalArgumentException e) {
            System.err.println("content-eval: " + e.getMessage());
            System.err.print(EvalOptions.USAGE);
            System.exit(2);
            return;
        }
        Map<String, Map<Split, ScoreSummary>> results = new ContentEval(options, extractor, System.err).run();
        String table = SummaryTable.markdown(options.extractor() + (options.markdown() ? " (markdown)" : ""), results);
        System.out.print(table);
        if (options.out() != null) {
            Files.writeString(options.out().resolve("summary.md"), table, StandardCharsets.UTF_8);
        }
    }

    /** Scores every chosen page; the summaries by set (in name order) and split. */
    Map<String, Map<Split, ScoreSummary>> run() throws IOException {
        List<String> sets = options.sets().isEmpty() ? EvalSetFiles.names(options.data()) : options.sets();
        if (sets.isEmpty()) {
            throw new IOException("no *" + EvalSetFiles.SUFFIX + " set in " + options.data().toAbsolutePath());
        }
        Map<String, Map<Split, ScoreSummary>> results = new LinkedHashMap<>();
        PrintWriter tsv = null;
        if (options.out() != null) {
            Files.createDirectories(options.out());
            tsv = new PrintWriter(Files.newBufferedWriter(options.out().resolve("pages.tsv"), StandardCharsets.UTF_8));
            tsv.println("set\tsplit\tid\tprecision\trecall\tf1\toutput_shingles\treference_shingles\tcommon_shingles\tms\terror");
        }
        try {
            for (String set : sets) {
                results.put(set, runSet(set, tsv));
            }
        } finally {
            if (tsv != null) {
                tsv.close();
            }
        }
        return results;
    }

    private Map<Split, ScoreSummary> runSet(String set, PrintWriter tsv) throws IOException {
        Map<Split, ScoreSummary> bySplit = new EnumMap<>(Split.class);
        for (Split split : options.splits()) {
            bySplit.put(split, new ScoreSummary());
        }
        List<String> errors = new ArrayList<>();
        for (EvalPage page : EvalSetFiles.read(options.data(), set)) {
            ScoreSummary summary = bySplit.get(page.split());
            if (summary == null) {
                continue;
            }
            String output;
            String error = "";
            long start = System.nanoTime();
            try {
                output = extractor.extract(page);
            } catch (Exception | StackOverflowError e) {
                // Scored as an empty output, counted and shown: a failure is a result, not a reason to stop.
                output = "";
                error = e.getClass().getSimpleName() + ": " + e.getMessage();
                errors.add(page.id() + ": " + error);
            }
            long nanos = System.nanoTime() - start;
            String scored = options.markdown() ? MarkdownText.of(output) : output;
            PageScore score = PageScore.of(scored == null ? "" : scored, page.reference());
            summary.add(score, nanos);
            if (tsv != null) {
                tsv.printf(Locale.ROOT, "%s\t%s\t%s\t%.4f\t%.4f\t%.4f\t%d\t%d\t%d\t%.2f\t%s%n", set,
                        page.split().label(), page.id(), score.precision(), score.recall(), score.f1(),
                        score.extractedShingles(), score.referenceShingles(), score.commonShingles(),
                        nanos / 1e6, error.replaceAll("\\s+", " "));
            }
            if (options.texts()) {
                write(options.out().resolve("output"), page, output == null ? "" : output);
                write(options.out().resolve("reference"), page, page.reference());
            }
        }
        if (!errors.isEmpty()) {
            log.printf("content-eval: %s: the extractor failed on %d pages (scored as empty), first: %s%n",
                    set, errors.size(), errors.get(0));
        }
        return bySplit;
    }

    private static void write(Path root, EvalPage page, String text) throws IOException {
        Path file = PreExtractedTexts.fileOf(root, page);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
