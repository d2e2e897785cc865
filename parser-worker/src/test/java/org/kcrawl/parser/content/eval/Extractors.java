package org.kcrawl.parser.content.eval;

import java.nio.file.Path;

/** The extractors the evaluation knows by name, for {@code --extractor}. */
public final class Extractors {
    /** The names {@link #named} accepts, for messages. */
    public static final String NAMES = "all-text, file:DIR";

    private Extractors() {}

    /** The extractor called {@code name}; an {@link IllegalArgumentException} naming the choices otherwise. */
    public static ContentExtractor named(String name) {
        if (name.startsWith("file:")) {
            return new PreExtractedTexts(Path.of(name.substring("file:".length())));
        }
        return switch (name) {
            case "all-text" -> new AllVisibleText();
            // kcrawl's own extractor (org.kcrawl.parser.content) plugs in here, for example
            // case "kcrawl" -> ... text, and case "kcrawl-markdown" -> ... markdown (run with --markdown);
            // add its names to NAMES too.
            default -> throw new IllegalArgumentException(
                    "unknown extractor '" + name + "': choose one of " + NAMES);
        };
    }
}
