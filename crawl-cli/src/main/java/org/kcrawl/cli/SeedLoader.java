package org.kcrawl.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.kcrawl.common.runtime.UsageException;
import org.kcrawl.common.url.UrlNormalizer;

/**
 * Reads the crawl command's seed URLs from its arguments and a seeds file ({@code -}: standard input)
 * through a {@link SeedInput} (the rules {@code crawl submit} uses too), reporting bad input as a
 * {@link UsageException}.
 */
final class SeedLoader {
    /** The seeds file that means standard input. */
    static final String STDIN = "-";

    private final UrlNormalizer normalizer;
    private final InputStream stdin;

    SeedLoader(UrlNormalizer normalizer) {
        this(normalizer, System.in);
    }

    SeedLoader(UrlNormalizer normalizer, InputStream stdin) {
        this.normalizer = normalizer;
        this.stdin = stdin;
    }

    /** The seeds, in order of first appearance; throws {@link UsageException} naming the bad input. */
    List<String> load(List<String> args, Path seedsFile) {
        SeedInput input = new SeedInput(normalizer, UsageException::new).addArguments(args);
        if (seedsFile != null && seedsFile.toString().equals(STDIN)) {
            try {
                // Standard input belongs to the process: it is read to its end, not closed.
                input.addLines(new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8)), "stdin");
            } catch (IOException e) {
                throw new UsageException("cannot read --seeds - (standard input): " + e.getMessage());
            }
        } else if (seedsFile != null) {
            try (BufferedReader reader = Files.newBufferedReader(seedsFile, StandardCharsets.UTF_8)) {
                input.addLines(reader, seedsFile.toString());
            } catch (IOException e) {
                throw new UsageException("cannot read --seeds " + seedsFile + ": " + e.getMessage());
            }
        }
        return input.seeds();
    }
}
