package org.kcrawl.parser.content.eval;

import org.kcrawl.parser.content.ContentMode;
import org.kcrawl.parser.content.ContentOptions;
import org.kcrawl.parser.content.PageContent;
import org.kcrawl.parser.html.DigestContent;

import java.nio.file.Path;

/** The extractors the evaluation knows by name, for {@code --extractor}. */
public final class Extractors {
    /** The names {@link #named} accepts, for messages. */
    public static final String NAMES = "all-text, kcrawl, kcrawl-markdown, kcrawl-full, file:DIR";

    /** No page of the sets is cut: the cap is for records, not for scoring. */
    private static final int MAX_CHARS = 10_000_000;

    private Extractors() {}

    /** kcrawl's extractor as the parser's digest path runs it; its text, or its Markdown. */
    private static ContentExtractor kcrawl(ContentOptions options, boolean markdown) {
        org.kcrawl.parser.content.ContentExtractor extractor = new org.kcrawl.parser.content.ContentExtractor(options);
        return page -> {
            PageContent content = DigestContent.of(page.html(), page.url(), extractor);
            String out = markdown ? content.markdown() : content.text();
            return out == null ? "" : out;
        };
    }

    /** The extractor called {@code name}; an {@link IllegalArgumentException} naming the choices otherwise. */
    public static ContentExtractor named(String name) {
        if (name.startsWith("file:")) {
            return new PreExtractedTexts(Path.of(name.substring("file:".length())));
        }
        return switch (name) {
            case "all-text" -> new AllVisibleText();
            case "kcrawl" -> kcrawl(new ContentOptions(ContentMode.MAIN, false, MAX_CHARS), false);
            case "kcrawl-markdown" -> kcrawl(new ContentOptions(ContentMode.MAIN, true, MAX_CHARS), true);
            case "kcrawl-full" -> kcrawl(new ContentOptions(ContentMode.FULL, false, MAX_CHARS), false);
            default -> throw new IllegalArgumentException(
                    "unknown extractor '" + name + "': choose one of " + NAMES);
        };
    }
}
