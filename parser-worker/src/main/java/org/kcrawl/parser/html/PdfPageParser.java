package org.kcrawl.parser.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.parser.content.PageContent;
import org.kcrawl.parser.content.hash.ContentHashes;
import org.kcrawl.parser.content.meta.PageMetadata;
import org.kcrawl.parser.content.pdf.PdfContent;
import org.kcrawl.parser.content.pdf.PdfExtractor;
import org.kcrawl.parser.content.pdf.PdfTextError;

/**
 * Parses a fetched PDF into its {@link ParsedPage}: its text (with the hashes of an HTML page's text), its
 * title, author and dates, its number of pages, why its text is missing when it is, and its links. The
 * links are its link annotations' URIs, resolved against the PDF's URL and judged by the same
 * {@link LinkExtractor} as a page's {@code <a href>}, so they are followed within scope like any page's.
 * Robots directives come from the {@code X-Robots-Tag} header (a PDF has no meta elements): a noindex PDF
 * keeps its links and nothing else, as a noindex page does. A PDF over the size cap, or whose reading the
 * time budget ended, is marked as parsed in part (the record's {@code truncated}). Thread-safe.
 */
final class PdfPageParser {
    private final PdfExtractor extractor;
    private final LinkExtractor links;

    PdfPageParser(PdfExtractor extractor, LinkExtractor links) {
        this.extractor = extractor;
        this.links = links;
    }

    /** The result of {@code page}, a PDF, whose own normalized URL is {@code selfUrl} (may be null). */
    ParsedPage parse(FetchedPage page, String selfUrl) {
        RobotsDirectives robots = RobotsDirectives.parse(page.headers().get("x-robots-tag"));
        PdfContent pdf = extractor.extract(page.body(), page.truncated());
        List<LinkElement> elements = new ArrayList<>(pdf.links().size());
        for (String uri : pdf.links()) {
            elements.add(new LinkElement("a", uri, ""));
        }
        LinkExtractor.Result found = links.extract(page.finalUrl(), elements, selfUrl);
        boolean budgetExceeded = pdf.textError() == PdfTextError.TIME_BUDGET;
        boolean partly = budgetExceeded || pdf.textError() == PdfTextError.TOO_LARGE;
        if (robots.noindex()) {
            return new ParsedPage(ParsedPage.Kind.PDF, null, null, null, null, null, 0, null, null,
                    found.links(), found.dropped(), robots, partly, budgetExceeded, Map.of(), null, null,
                    PageContent.NONE, 0, null);
        }
        ContentHashes hashes = pdf.text() == null ? null : ContentHashes.of(pdf.text());
        PageContent content = new PageContent(pdf.text(), pdf.textTruncated(), null,
                hashes == null ? null : hashes.textHash(), hashes == null ? null : hashes.simhash(),
                new PageMetadata(pdf.author(), pdf.published(), pdf.modified(), null, null, null, List.of()));
        return new ParsedPage(ParsedPage.Kind.PDF, PageParser.clip(pdf.title()), null, null, null, null,
                pdf.text() == null ? 0 : pdf.text().length(), null, null, found.links(), found.dropped(), robots,
                partly, budgetExceeded, Map.of(), null, null, content, pdf.pages(), pdf.textError());
    }
}
