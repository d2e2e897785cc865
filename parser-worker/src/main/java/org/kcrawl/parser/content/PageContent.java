package org.kcrawl.parser.content;

import org.kcrawl.parser.content.meta.PageMetadata;

/**
 * What a record carries of a page's content; each field null when absent.
 *
 * @param text the main content (or all visible text) as plain text: blocks as paragraphs separated by a
 *             blank line, headings, list items and table rows on their own lines
 * @param textTruncated true when {@code text} (or {@code markdown}) was cut at {@code max_text_chars}
 * @param markdown the same content as CommonMark, when asked for
 * @param textHash exact-duplicate hash of {@code text} (32 hex digits)
 * @param simhash near-duplicate fingerprint of {@code text} (16 hex digits)
 * @param metadata what the page states about itself; {@link PageMetadata#EMPTY} when nothing
 */
public record PageContent(String text, boolean textTruncated, String markdown, String textHash, String simhash,
                          PageMetadata metadata) {
    /** No content: {@code --content none}, a noindex page, a page that is not HTML. */
    public static final PageContent NONE = new PageContent(null, false, null, null, null, PageMetadata.EMPTY);

    public PageContent {
        metadata = metadata == null ? PageMetadata.EMPTY : metadata;
    }
}
