package org.kcrawl.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.kcrawl.common.Checks;
import org.kcrawl.common.url.InvalidUrlException;
import org.kcrawl.common.url.UrlNormalizer;

/**
 * Collects seed URLs from arguments and seed lists (one URL a line; blank lines and {@code #}
 * comments ignored), checks and normalizes each as the crawl command does, and drops duplicates.
 * Every seed is checked before any is submitted, so a typo on line 900 does not leave half a seed list
 * in the cluster.
 */
public final class SeedInput {
    private final UrlNormalizer normalizer;
    private final Function<String, ? extends RuntimeException> badInput;
    private final Set<String> seeds = new LinkedHashSet<>();

    /**
     * Seeds normalized by {@code normalizer}; a bad one is reported as {@code badInput} of a message
     * naming where it was (the command's own usage exception).
     */
    public SeedInput(UrlNormalizer normalizer, Function<String, ? extends RuntimeException> badInput) {
        if (normalizer == null || badInput == null) {
            throw new IllegalArgumentException("normalizer and badInput must not be null");
        }
        this.normalizer = normalizer;
        this.badInput = badInput;
    }

    /** Adds URLs given as arguments; throws the usage exception naming the first bad one. */
    public SeedInput addArguments(List<String> urls) {
        for (String url : urls) {
            seeds.add(check(url, "argument"));
        }
        return this;
    }

    /** Adds the URLs of a seed list called {@code source} in messages; the reader is not closed. */
    public SeedInput addLines(BufferedReader reader, String source) throws IOException {
        int number = 0;
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
            number++;
            String url = line.strip();
            if (!url.isEmpty() && !url.startsWith("#")) {
                seeds.add(check(url, source + " line " + number));
            }
        }
        return this;
    }

    /** The seeds in order of first appearance, normalized, without duplicates. */
    public List<String> seeds() {
        return new ArrayList<>(seeds);
    }

    private String check(String url, String where) {
        try {
            return normalizer.normalize(Checks.httpUrl(url, "seed URL"));
        } catch (IllegalArgumentException | InvalidUrlException e) {
            throw badInput.apply("bad URL in " + where + ": " + e.getMessage());
        }
    }
}
