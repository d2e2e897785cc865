package org.kcrawl.parser.content.pdf;

import java.util.List;

/**
 * What a PDF says: its text, metadata, pages and links, or why its text is missing.
 *
 * @param text the text in reading order, paragraphs separated by a blank line; null when none was read
 * @param textTruncated true when {@code text} was cut at the size asked for
 * @param title the document's title (XMP {@code dc:title}, else the info dictionary's Title)
 * @param author its author or authors, separated by ", " (XMP {@code dc:creator}, else Author)
 * @param published when it was created, ISO 8601 (XMP {@code xmp:CreateDate}, else CreationDate)
 * @param modified when it was last modified, ISO 8601 (XMP {@code xmp:ModifyDate}, else ModDate)
 * @param pages its number of pages; 0 when it could not be opened
 * @param links the URIs of its link annotations, in page order, without repeats, as written (unresolved)
 * @param textError why {@code text} is absent or incomplete; null when it is whole
 */
public record PdfContent(String text, boolean textTruncated, String title, String author, String published,
                         String modified, int pages, List<String> links, PdfTextError textError) {
    public PdfContent {
        links = links == null ? List.of() : List.copyOf(links);
    }

    /** A PDF that was not read, for {@code error}. */
    static PdfContent unread(PdfTextError error) {
        return new PdfContent(null, false, null, null, null, null, 0, List.of(), error);
    }
}
