package org.kcrawl.parser.content.eval;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Outputs made elsewhere (Readability.js under node, trafilatura under Python), read from
 * {@code DIR/<set>/<id>.txt}; a missing file counts as an empty output, so a tool that failed on a page is
 * scored as having found nothing there.
 */
public final class PreExtractedTexts implements ContentExtractor {
    private final Path dir;

    /** Reads outputs from {@code dir}. */
    public PreExtractedTexts(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("extractor file:" + dir + ": no such directory");
        }
        this.dir = dir;
    }

    /** The file that holds (or would hold) a page's output under {@code root}. */
    public static Path fileOf(Path root, EvalPage page) {
        return root.resolve(page.set()).resolve(safeName(page.id()) + ".txt");
    }

    /** A page id as a file name: characters outside {@code [A-Za-z0-9._-]} become {@code _}. */
    public static String safeName(String id) {
        return id.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    @Override
    public String extract(EvalPage page) throws IOException {
        Path file = fileOf(dir, page);
        return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    }
}
