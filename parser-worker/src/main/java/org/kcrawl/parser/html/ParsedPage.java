package org.kcrawl.parser.html;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.kcrawl.common.redirect.Refresh;
import org.kcrawl.common.url.InvalidUrlException;
import org.kcrawl.parser.content.PageContent;
import org.kcrawl.parser.content.pdf.PdfTextError;

/**
 * What the parser learned from one fetched page.
 *
 * @param kind how the page was treated
 * @param title the document title, null if none (or noindex)
 * @param description the meta description, null if none (or noindex)
 * @param canonical the normalized absolute canonical URL, null if none (or noindex)
 * @param lang the {@code <html lang>} value, null if none (or noindex)
 * @param h1 the first {@code <h1>} text, null if none (or noindex)
 * @param textLength characters of visible text (0 for noindex); of a PDF, characters of its text
 * @param charset the character set the body was decoded with, null when it was not decoded
 * @param charsetSource where that character set came from, null when it was not decoded
 * @param links distinct links found, in document order, the page's own URL excluded
 * @param droppedLinks links that could not be used, by problem (not http(s), malformed, too long)
 * @param robots the page's meta robots and X-Robots-Tag directives combined
 * @param parseTruncated true when only a prefix of the body was parsed (size cap or time budget)
 * @param budgetExceeded true when the time budget ended the parse early
 * @param fields values of the configured extraction rules (empty for noindex)
 * @param refresh the refresh the page declares in its markup ({@code <meta http-equiv="refresh">}, the
 *                first whose content parses, as browsers take it), its URL resolved against the page's
 *                base and normalized; null when it declares none, names no URL (a reload) or none
 *                usable, or the response's {@code Refresh} header stands for the page's refresh
 *                instead. Whether it is a redirect is the crawl's redirect rules' call
 * @param error why parsing failed, null when it did not; such a page has metadata only
 * @param content the page's text, Markdown, hashes and stated metadata; {@link PageContent#NONE} for
 *                {@code content: none}, a noindex page, a page neither HTML nor PDF, and every page that
 *                was not parsed (a redirect, a 304, a failure, a sitemap)
 * @param pages a PDF's number of pages; 0 for anything else, and for a PDF that could not be opened
 * @param textError why a PDF's text is absent or incomplete; null when it is whole, and for anything else
 */
public record ParsedPage(
        Kind kind,
        String title,
        String description,
        String canonical,
        String lang,
        String h1,
        int textLength,
        String charset,
        DetectedCharset.Source charsetSource,
        List<DiscoveredLink> links,
        Map<InvalidUrlException.Problem, Integer> droppedLinks,
        RobotsDirectives robots,
        boolean parseTruncated,
        boolean budgetExceeded,
        Map<String, Object> fields,
        Refresh refresh,
        String error,
        PageContent content,
        int pages,
        PdfTextError textError) {

    /** How a page was treated. */
    public enum Kind {
        /** Parsed as HTML. */
        HTML,
        /** Neither HTML nor a PDF that was read: a metadata-only record. */
        NON_HTML,
        /** A PDF, read for its text, metadata and links ({@code content: none} leaves it {@link #NON_HTML}). */
        PDF,
        /** A sitemap or sitemap index: its listed URLs are the links. */
        SITEMAP,
        /** A 3xx response: the fetcher republished the target, so only the record is written. */
        REDIRECT,
        /** Parsing threw: a metadata-only record, the error counted and logged. */
        FAILED,
        /** A recrawl's 304: no body, nothing parsed, a record that says the page did not change. */
        NOT_MODIFIED
    }

    public ParsedPage {
        if (kind == null) {
            throw new IllegalArgumentException("kind must not be null");
        }
        if (textLength < 0) {
            throw new IllegalArgumentException("textLength must be >= 0 but was " + textLength);
        }
        links = links == null ? List.of() : List.copyOf(links);
        droppedLinks = droppedLinks == null || droppedLinks.isEmpty()
                ? Map.of() : java.util.Collections.unmodifiableMap(new EnumMap<>(droppedLinks));
        robots = robots == null ? RobotsDirectives.NONE : robots;
        fields = fields == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(fields));
        content = content == null ? PageContent.NONE : content;
        if (pages < 0) {
            throw new IllegalArgumentException("pages must be >= 0 but was " + pages);
        }
    }

    /** The record of a page that carries no parsed content. */
    public static ParsedPage metadataOnly(Kind kind, String error) {
        return new ParsedPage(kind, null, null, null, null, null, 0, null, null, List.of(), Map.of(),
                RobotsDirectives.NONE, false, false, Map.of(), null, error, PageContent.NONE, 0, null);
    }
}
