package org.kcrawl.parser.content;

/**
 * What the parser extracts of a page's content.
 *
 * @param mode which text: the main content, all visible text, or none
 * @param markdown also give the main content as CommonMark
 * @param maxTextChars the most characters of {@code text} (and of {@code markdown}) a record carries;
 *                     longer ones are cut at a paragraph, line or word and flagged
 */
public record ContentOptions(ContentMode mode, boolean markdown, int maxTextChars) {
    /** The least {@code max_text_chars}: below it even a short article would be cut. */
    public static final int MIN_TEXT_CHARS = 1000;
    /** The defaults, where the parser's settings (content, markdown, max_text_chars) take theirs from. */
    public static final ContentOptions DEFAULTS = new ContentOptions(ContentMode.MAIN, false, 200_000);

    public ContentOptions {
        if (mode == null) {
            throw new IllegalArgumentException("content mode must not be null");
        }
        if (maxTextChars < MIN_TEXT_CHARS) {
            throw new IllegalArgumentException("max_text_chars must be at least " + MIN_TEXT_CHARS + " but was "
                    + maxTextChars);
        }
    }
}
