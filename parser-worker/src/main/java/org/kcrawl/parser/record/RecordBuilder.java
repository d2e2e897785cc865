package org.kcrawl.parser.record;

import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.PageRecord;
import org.kcrawl.common.message.RecordMetadata;
import org.kcrawl.common.message.RecordText;
import org.kcrawl.common.message.SchemaVersions;
import org.kcrawl.parser.content.PageContent;
import org.kcrawl.parser.content.meta.PageMetadata;
import org.kcrawl.parser.html.ParsedPage;

/** Builds the one {@link PageRecord} of a page from what was fetched and what was parsed. */
public final class RecordBuilder {
    /** The text fields of a page that asked not to be indexed: no text, and {@code text_error} saying so. */
    private static final RecordText NOINDEX = new RecordText(null, false, null, null, null, "noindex");

    private RecordBuilder() {}

    /**
     * The record of {@code page}. {@code links} counts the distinct links found; {@code truncated}
     * is set when the fetcher cut the body or the parser read only a prefix of it.
     */
    public static PageRecord build(FetchedPage page, ParsedPage parsed) {
        return build(page, parsed, page == null ? null : page.redirectTo());
    }

    /**
     * The record of {@code page} whose {@code redirect_to} is {@code redirectTo}: where the fetcher's
     * redirect pointed ({@link FetchedPage#redirectTo}), or the meta refresh the parser followed.
     */
    public static PageRecord build(FetchedPage page, ParsedPage parsed, String redirectTo) {
        if (page == null || parsed == null) {
            throw new IllegalArgumentException("page and parsed must not be null");
        }
        return new PageRecord(SchemaVersions.CURRENT,
                page.requestedUrl(),
                page.finalUrl(),
                page.status(),
                page.depth(),
                page.contentType(),
                parsed.title(),
                parsed.description(),
                parsed.canonical(),
                parsed.lang(),
                parsed.links().size(),
                parsed.h1(),
                parsed.textLength(),
                text(parsed),
                metadata(parsed),
                parsed.charset(),
                redirectTo,
                page.truncated() || parsed.parseTruncated(),
                page.fetchedAt(),
                page.fetchMs(),
                parsed.fields(),
                page.notModified());
    }

    /**
     * The record's text fields: the page's content, and why its text is missing: a PDF's reason, or the page's
     * own {@code noindex} (its robots meta or {@code X-Robots-Tag}), which keeps its links and nothing else.
     */
    private static RecordText text(ParsedPage parsed) {
        if (parsed.robots().noindex()) {
            return NOINDEX;
        }
        PageContent c = parsed.content();
        if (c.equals(PageContent.NONE) && parsed.textError() == null) {
            return RecordText.NONE;
        }
        return new RecordText(c.text(), c.textTruncated(), c.markdown(), c.textHash(), c.simhash(),
                parsed.textError() == null ? null : parsed.textError().wireName());
    }

    /** The record's metadata fields: what the page states, and a PDF's number of pages. */
    private static RecordMetadata metadata(ParsedPage parsed) {
        PageMetadata m = parsed.content().metadata();
        if (m.isEmpty() && parsed.pages() == 0) {
            return RecordMetadata.NONE;
        }
        return new RecordMetadata(m.author(), m.published(), m.modified(), m.siteName(), m.image(), m.type(),
                m.keywords(), parsed.pages());
    }
}
