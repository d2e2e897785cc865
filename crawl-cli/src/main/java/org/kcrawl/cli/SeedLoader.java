package org.kcrawl.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.kcrawl.common.message.Checks;

/**
 * Reads seed URLs from the command line and a seeds file (one URL a line, blank lines and lines
 * starting with {@code #} ignored), validates and normalizes them, and drops duplicates.
 */
final class SeedLoader {
    private final UnaryOperator<String> normalizer;

    SeedLoader(UnaryOperator<String> normalizer) {
        this.normalizer = normalizer;
    }

    /** The seeds, in order of first appearance; throws {@link UsageException} naming the bad input. */
    List<String> load(List<String> args, Path seedsFile) {
        Set<String> seeds = new LinkedHashSet<>();
        for (String arg : args) {
            seeds.add(check(arg, "argument"));
        }
        if (seedsFile != null) {
            List<String> lines;
            try {
                lines = Files.readAllLines(seedsFile, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UsageException("cannot read --seeds " + seedsFile + ": " + e.getMessage());
            }
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (!line.isEmpty() && !line.startsWith("#")) {
                    seeds.add(check(line, seedsFile + " line " + (i + 1)));
                }
            }
        }
        return new ArrayList<>(seeds);
    }

    private String check(String url, String where) {
        try {
            return normalizer.apply(Checks.httpUrl(url, "seed URL"));
        } catch (IllegalArgumentException e) {
            throw new UsageException("bad URL in " + where + ": " + e.getMessage());
        }
    }
}
