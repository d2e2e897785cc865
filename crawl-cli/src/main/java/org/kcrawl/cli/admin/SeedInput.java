package org.kcrawl.cli.admin;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.kcrawl.common.message.Checks;
import org.kcrawl.common.url.InvalidUrlException;
import org.kcrawl.common.url.UrlNormalizer;

/**
 * Collects seed URLs from arguments and seed lists (one URL a line; blank lines and {@code #}
 * comments ignored), checks and normalizes each as the crawl command does, and drops duplicates.
 * Every seed is checked before any is submitted, so a typo on line 900 does not leave half a seed list
 * in the cluster.
 */
final class SeedInput {
    private final UrlNormalizer normalizer;
    private final Set<String> seeds = new LinkedHashSet<>();

    SeedInput(UrlNormalizer normalizer) {
        if (normalizer == null) {
            throw new IllegalArgumentException("normalizer must not be null");
        }
        this.normalizer = normalizer;
    }

    /** Adds URLs given as arguments; throws {@link AdminUsageException} naming the first bad one. */
    SeedInput addArguments(List<String> urls) {
        for (String url : urls) {
            seeds.add(check(url, "argument"));
        }
        return this;
    }

    /** Adds the URLs of a seed list called {@code source} in messages; the reader is not closed. */
    SeedInput addLines(BufferedReader reader, String source) throws IOException {
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
    List<String> seeds() {
        return new ArrayList<>(seeds);
    }

    private String check(String url, String where) {
        try {
            return normalizer.normalize(Checks.httpUrl(url, "seed URL"));
        } catch (IllegalArgumentException | InvalidUrlException e) {
            throw new AdminUsageException("bad URL in " + where + ": " + e.getMessage());
        }
    }
}
