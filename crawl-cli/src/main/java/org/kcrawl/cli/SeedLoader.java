package org.kcrawl.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.kcrawl.common.url.UrlNormalizer;

/**
 * Reads the crawl command's seed URLs from its arguments and a seeds file through a {@link SeedInput}
 * (the rules `crawl submit` uses too), reporting bad input as a {@link UsageException}.
 */
final class SeedLoader {
    private final UrlNormalizer normalizer;

    SeedLoader(UrlNormalizer normalizer) {
        this.normalizer = normalizer;
    }

    /** The seeds, in order of first appearance; throws {@link UsageException} naming the bad input. */
    List<String> load(List<String> args, Path seedsFile) {
        SeedInput input = new SeedInput(normalizer, UsageException::new).addArguments(args);
        if (seedsFile != null) {
            try (BufferedReader reader = Files.newBufferedReader(seedsFile, StandardCharsets.UTF_8)) {
                input.addLines(reader, seedsFile.toString());
            } catch (IOException e) {
                throw new UsageException("cannot read --seeds " + seedsFile + ": " + e.getMessage());
            }
        }
        return input.seeds();
    }
}
