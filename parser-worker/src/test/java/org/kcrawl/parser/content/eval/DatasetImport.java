package org.kcrawl.parser.content.eval;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;

/**
 * Builds a set file ({@code <set>.jsonl.gz}) from a collection as its public distribution lays it out:
 * {@code DatasetImport KIND RAW_DIR OUT_DIR [--name NAME] [--max-pages N]}, KIND one of cleaneval, cleanportaleval,
 * dragnet, l3s-gn1, readability. Pages without a reference word or without HTML are left out and counted;
 * {@code --max-pages} keeps the N pages whose SHA-256 of {@code set/id} is smallest, a sample that does not
 * change when the collection's file order does.
 */
public final class DatasetImport {
    private DatasetImport() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            System.err.println("usage: DatasetImport cleaneval|cleanportaleval|dragnet|l3s-gn1|readability RAW_DIR OUT_DIR"
                    + " [--name NAME] [--max-pages N]");
            System.exit(2);
        }
        String kind = args[0];
        String name = kind;
        int maxPages = Integer.MAX_VALUE;
        for (int i = 3; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--name" -> name = args[i + 1];
                case "--max-pages" -> maxPages = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path raw = Path.of(args[1]);
        List<EvalPage> read = switch (kind) {
            case "cleaneval", "cleanportaleval" -> RawSets.cleanEval(name, raw);
            case "dragnet" -> RawSets.dragnet(name, raw);
            case "l3s-gn1" -> RawSets.l3s(name, raw);
            case "readability" -> RawSets.readability(name, raw);
            default -> throw new IllegalArgumentException("unknown collection " + kind);
        };
        List<EvalPage> kept = new ArrayList<>();
        int noReference = 0;
        for (EvalPage p : read) {
            if (WordTokens.of(p.reference()).isEmpty() || p.html().isBlank()) {
                noReference++;
            } else {
                kept.add(p);
            }
        }
        int found = kept.size();
        if (kept.size() > maxPages) {
            kept = kept.stream().sorted(Comparator.comparing(p -> sampleKey(p))).limit(maxPages).toList();
        }
        Path file = EvalSetFiles.write(Path.of(args[2]), name, kept);
        long dev = kept.stream().filter(p -> p.split() == Split.DEV).count();
        System.out.printf("%s: %d pages read, %d without reference text or HTML left out, %d kept%s "
                        + "(%d dev, %d holdout) -> %s%n", name, read.size(), noReference, kept.size(),
                found > kept.size() ? " of " + found + " by sample" : "", dev, kept.size() - dev, file);
    }

    private static String sampleKey(EvalPage p) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(("sample/" + p.set() + "/" + p.id()).getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
