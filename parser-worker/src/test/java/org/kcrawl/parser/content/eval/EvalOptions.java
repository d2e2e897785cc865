package org.kcrawl.parser.content.eval;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** The evaluation's command line, checked once. */
public record EvalOptions(String extractor, Path data, List<String> sets, Set<Split> splits, boolean markdown,
                          Path out, boolean texts) {
    /** The usage text printed for {@code --help} and after a bad option. */
    public static final String USAGE = """
            usage: content-eval [--extractor NAME] [--data DIR] [--sets a,b] [--split dev|holdout|all]
                                [--markdown] [--out DIR [--texts]]
              --extractor NAME  %s (default all-text)
              --data DIR        directory of <set>.jsonl.gz files (default eval/datasets)
              --sets a,b        only these sets (default every set in DIR)
              --split S         dev (tune here), holdout (report here) or all (default all: both, apart)
              --markdown        the output is Markdown: score its words, link and image targets left out
              --out DIR         write per-page scores (pages.tsv) and the summary (summary.md) to DIR
              --texts           with --out: also each output and reference, DIR/{output,reference}/<set>/<id>.txt
            """.formatted(Extractors.NAMES);

    /** Parses {@code args}; an {@link IllegalArgumentException} says what is wrong. */
    public static EvalOptions parse(String[] args) {
        String extractor = "all-text";
        Path data = Path.of("eval/datasets");
        List<String> sets = new ArrayList<>();
        Set<Split> splits = EnumSet.allOf(Split.class);
        boolean markdown = false;
        Path out = null;
        boolean texts = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--extractor" -> extractor = value(args, ++i, a);
                case "--data" -> data = Path.of(value(args, ++i, a));
                case "--sets" -> sets = List.of(value(args, ++i, a).split(","));
                case "--split" -> splits = splits(value(args, ++i, a));
                case "--markdown" -> markdown = true;
                case "--out" -> out = Path.of(value(args, ++i, a));
                case "--texts" -> texts = true;
                default -> throw new IllegalArgumentException("unknown option '" + a + "'");
            }
        }
        if (texts && out == null) {
            throw new IllegalArgumentException("--texts needs --out DIR");
        }
        return new EvalOptions(extractor, data, sets, splits, markdown, out, texts);
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length || args[i].startsWith("--")) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static Set<Split> splits(String s) {
        return switch (s) {
            case "all" -> EnumSet.allOf(Split.class);
            case "dev" -> EnumSet.of(Split.DEV);
            case "holdout" -> EnumSet.of(Split.HOLDOUT);
            default -> throw new IllegalArgumentException("--split is dev, holdout or all, not '" + s + "'");
        };
    }
}
