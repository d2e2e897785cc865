package org.kcrawl.parser.html;

import java.io.ByteArrayInputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.LongSupplier;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Parser;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.HtmlContent;
import org.kcrawl.common.redirect.Refresh;
import org.kcrawl.common.url.InvalidUrlException;
import org.kcrawl.common.url.UrlNormalizer;
import org.kcrawl.parser.content.ContentCollector;
import org.kcrawl.parser.content.ContentExtractor;
import org.kcrawl.parser.content.ContentMode;
import org.kcrawl.parser.content.ContentOptions;
import org.kcrawl.parser.content.PageContent;
import org.kcrawl.parser.content.pdf.PdfExtractor;
import org.kcrawl.parser.content.pdf.PdfSniffer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Parses a fetched page into a {@link ParsedPage}: character set, metadata, robots directives, links,
 * the meta refresh, extracted fields and the page's content ({@link ContentExtractor}: its text, Markdown,
 * hashes and stated metadata, by the {@code content} setting). A PDF is read by {@link PdfPageParser}
 * (unless {@code content} is {@code none}); redirects and other responses get metadata-only results.
 *
 * <p>Two readers, one result: a page that an extraction rule applies to is parsed into a jsoup
 * document (the rules' selectors need one); every other page is read by {@link PageDigest}, which
 * takes from the markup exactly what the record needs without building a document, at a fraction of
 * the cost. Both give the same links, title, description, canonical, lang, heading, robots
 * directives and meta refresh; see {@link PageDigest} for the text length. The content comes from the
 * same reading: the digest feeds the extractor's {@link ContentCollector} as it goes, and the document
 * path hands the extractor its document. Thread-safe: every call builds its own reader, so one instance
 * serves the whole pool.
 */
public final class PageParser {
    private static final Logger log = LoggerFactory.getLogger(PageParser.class);
    /**
     * Characters of a parse thread's decoding buffer kept between pages (512 KiB): pages up to 256 KB of
     * UTF-8, nearly all of them; a larger one decodes into an array of its own rather than leaving the
     * thread holding megabytes in the old generation of a small heap.
     */
    private static final int KEPT_CHARS = 256 * 1024;
    private static final ThreadLocal<char[]> CHARS = ThreadLocal.withInitial(() -> new char[64 * 1024]);

    /** Longest title, description, h1 or lang kept; records stay small whatever the page says. */
    public static final int MAX_TEXT_FIELD = 2048;

    private final UrlNormalizer normalizer;
    private final CharsetDetector charsets;
    private final ParseLimits limits;
    private final FieldExtractor fields;
    private final ContentExtractor content;
    private final LongSupplier nanoClock;
    private final LinkExtractor linkExtractor;
    private final PdfPageParser pdfs;

    /**
     * @param normalizer normalizes every link
     * @param charsets chooses the character set of undeclared bodies
     * @param limits the size cap and time budget of one page
     * @param fields computes the record's extracted fields
     * @param content extracts the page's content; its {@code max_text_chars} caps a PDF's text too
     * @param nanoClock a monotonic clock ({@code System::nanoTime}; tests pass a fake one)
     */
    public PageParser(UrlNormalizer normalizer, CharsetDetector charsets, ParseLimits limits,
                      FieldExtractor fields, ContentExtractor content, LongSupplier nanoClock) {
        this.normalizer = requireNonNull(normalizer, "normalizer");
        this.charsets = requireNonNull(charsets, "charsets");
        this.limits = requireNonNull(limits, "limits");
        this.fields = requireNonNull(fields, "fields");
        this.content = requireNonNull(content, "content");
        this.nanoClock = requireNonNull(nanoClock, "nanoClock");
        this.linkExtractor = new LinkExtractor(normalizer);
        this.pdfs = new PdfPageParser(new PdfExtractor(limits.maxParseBytes(), limits.timeBudget(),
                content.options().maxTextChars(), nanoClock), linkExtractor);
    }

    /**
     * A parser with default normalization, charset fallback, limits and content ({@link ContentOptions#DEFAULTS}:
     * the main text), extracting no fields.
     */
    public static PageParser defaults() {
        return new PageParser(UrlNormalizer.defaults(), CharsetDetector.defaults(), ParseLimits.defaults(),
                FieldExtractor.NONE, new ContentExtractor(ContentOptions.DEFAULTS), System::nanoTime);
    }

    /** Parses {@code page}. Throws only on a bug or a jsoup failure; callers keep the page either way. */
    public ParsedPage parse(FetchedPage page) {
        requireNonNull(page, "page");
        if (page.redirectTo() != null) {
            return ParsedPage.metadataOnly(ParsedPage.Kind.REDIRECT, null);
        }
        if (!isHtml(page)) {
            // HTML first: an HTML page costs no PDF sniffing, and one that mentions %PDF- early stays HTML.
            return content.options().mode() != ContentMode.NONE && PdfSniffer.isPdf(declaredType(page), page.body())
                    ? pdfs.parse(page, selfUrl(page.finalUrl()))
                    : ParsedPage.metadataOnly(ParsedPage.Kind.NON_HTML, null);
        }
        long deadline = nanoClock.getAsLong() + limits.timeBudget().toNanos();
        byte[] body = page.body();
        int length = Math.min(body.length, limits.maxParseBytes());
        DetectedCharset charset = charsets.detect(body, length, page.contentType());
        return fields.appliesTo(page.finalUrl())
                ? parseDocument(page, body, length, charset, deadline)
                : digest(page, body, length, charset, deadline);
    }

    /** Reads the page with {@link PageDigest}: everything but extracted fields, without a document. */
    private ParsedPage digest(FetchedPage page, byte[] body, int length, DetectedCharset charset, long deadline) {
        CharBuffer html = decoded(body, length, charset);
        ContentCollector collector = content.collector(page.finalUrl(), html.limit());
        PageDigest d = PageDigest.of(html.array(), html.limit(), page.finalUrl(),
                () -> nanoClock.getAsLong() - deadline > 0, collector);
        RobotsDirectives robots = d.robots().and(RobotsDirectives.parse(page.headers().get("x-robots-tag")));
        LinkExtractor.Result links = linkExtractor.extract(d.baseUri(), d.links(), selfUrl(page.finalUrl()));
        PageContent text = collector == null || robots.noindex() ? PageContent.NONE
                : collector.finish(d.baseUri(), new ContentReferences(linkExtractor, d.baseUri()));
        Content c = new Content(d.title(), d.description(), d.lang(), d.h1(), d.textLength(), Map.of(), text);
        return result(charset, links, robots, refresh(page, d.refresh(), d.baseUri()),
                length < body.length || d.stoppedEarly(), d.stoppedEarly(), c);
    }

    /** Parses the page into a jsoup document, for the extraction rules. */
    private ParsedPage parseDocument(FetchedPage page, byte[] body, int length, DetectedCharset charset,
                                     long deadline) {
        DeadlineReader reader = new DeadlineReader(decoder(body, length, charset), nanoClock, deadline);
        Document doc = Parser.htmlParser().parseInput(reader, page.finalUrl());
        PageScan scan = PageScan.of(doc);
        RobotsDirectives robots = scan.robots().and(RobotsDirectives.parse(page.headers().get("x-robots-tag")));
        LinkExtractor.Result links = linkExtractor.extract(doc.baseUri(), scan.links(), selfUrl(page.finalUrl()));
        boolean truncated = length < body.length || reader.expired();
        Refresh refresh = refresh(page, scan.refresh(), doc.baseUri());
        if (robots.noindex()) {
            return result(charset, links, robots, refresh, truncated, reader.expired(), Content.NONE);
        }
        Element body0 = doc.body();
        Content c = new Content(doc.title(), scan.description(), scan.lang(),
                scan.firstH1() == null ? null : scan.firstH1().text(), body0 == null ? 0 : body0.text().length(),
                fields.extract(page.finalUrl(), doc),
                content.extract(doc, page.finalUrl(), new ContentReferences(linkExtractor, doc.baseUri())));
        return result(charset, links, robots, refresh, truncated, reader.expired(), c);
    }

    /**
     * The page's meta refresh {@code declared} in its markup, its URL resolved against the document's
     * {@code baseUri} as a link's would be; null when there is none to follow: no meta refresh, one
     * naming no URL (a reload) or an unusable one (a browser would not go there either), or a page whose
     * {@code Refresh} header parses: browsers take the header before any meta element, and the fetcher
     * has already judged it (it made the page a redirect, or found it none).
     */
    private Refresh refresh(FetchedPage page, Refresh declared, String baseUri) {
        if (declared == null || declared.url() == null || Refresh.parse(page.headers().get("refresh")) != null) {
            return null;
        }
        try {
            return declared.withUrl(linkExtractor.resolve(baseUri, declared.url()));
        } catch (InvalidUrlException e) {
            log.debug("ignoring the meta refresh of {} to '{}': {}", page.finalUrl(), declared.url(), e.getMessage());
            return null;
        }
    }

    /** The result of an HTML page; a noindex page keeps its links (for nofollow and counting) and nothing else. */
    private static ParsedPage result(DetectedCharset charset, LinkExtractor.Result links, RobotsDirectives robots,
                                     Refresh refresh, boolean truncated, boolean budgetExceeded, Content content) {
        Content c = robots.noindex() ? Content.NONE : content;
        return new ParsedPage(ParsedPage.Kind.HTML, clip(c.title()), clip(c.description()),
                robots.noindex() ? null : links.canonical(), clip(c.lang()), clip(c.h1()), c.textLength(),
                charset.charset().name(), charset.source(), links.links(), links.dropped(), robots,
                truncated, budgetExceeded, c.fields(), refresh, null, c.text(), 0, null);
    }

    /** What a page says about itself, as the record shows it; nothing for a noindex page. */
    private record Content(String title, String description, String lang, String h1, int textLength,
                           Map<String, Object> fields, PageContent text) {
        static final Content NONE = new Content(null, null, null, null, 0, Map.of(), PageContent.NONE);
    }

    /** True for HTML content types, and for untyped bodies that start like HTML: the crawl's one decision. */
    static boolean isHtml(FetchedPage page) {
        return HtmlContent.isHtml(page);
    }

    /** The page's declared content type (its own, else its Content-Type header), null when it has none. */
    private static String declaredType(FetchedPage page) {
        String type = page.contentType();
        if (type == null || type.isBlank()) {
            type = page.headers().get("content-type");
        }
        return type == null || type.isBlank() ? null : type;
    }

    /**
     * The body's characters, malformed or unmappable bytes as U+FFFD (as the document path's reader gives
     * them), in this thread's buffer: valid until the thread's next call. Reusing it spares twice the
     * page's size in garbage per page.
     */
    private static CharBuffer decoded(byte[] body, int length, DetectedCharset charset) {
        int skip = charset.bomLength();
        // UTF-8 (most pages) never makes more chars than bytes and is decoded without a decoder of its own.
        boolean utf8 = charset.charset().equals(StandardCharsets.UTF_8);
        CharsetDecoder decoder = utf8 ? null : replacingDecoder(charset.charset());
        int most = utf8 ? length - skip + 1
                : (int) Math.ceil((length - skip) * (double) decoder.maxCharsPerByte()) + 1;
        char[] chars = CHARS.get();
        if (chars.length < most) {
            chars = new char[most];
            if (most <= KEPT_CHARS) {
                CHARS.set(chars); // a rare huge page does not stay in memory after it is parsed
            }
        }
        if (utf8) {
            return CharBuffer.wrap(chars, 0, Utf8Chars.decode(body, skip, length, chars));
        }
        CharBuffer out = CharBuffer.wrap(chars);
        decoder.decode(ByteBuffer.wrap(body, skip, length - skip), out, true);
        decoder.flush(out);
        return out.flip();
    }

    private static Reader decoder(byte[] body, int length, DetectedCharset charset) {
        int skip = charset.bomLength();
        return new InputStreamReader(new ByteArrayInputStream(body, skip, length - skip),
                replacingDecoder(charset.charset()));
    }

    /** A decoder of {@code charset} that reads malformed or unmappable bytes as U+FFFD, as browsers do. */
    static CharsetDecoder replacingDecoder(Charset charset) {
        return charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
    }

    private String selfUrl(String finalUrl) {
        try {
            return normalizer.normalize(finalUrl);
        } catch (InvalidUrlException e) {
            return null; // then no link is treated as a self-reference; nothing is lost
        }
    }

    /** {@code value} trimmed and cut to {@link #MAX_TEXT_FIELD} characters; null when it is blank. */
    static String clip(String value) {
        if (value == null) {
            return null;
        }
        String v = value.trim();
        if (v.isEmpty()) {
            return null;
        }
        return v.length() <= MAX_TEXT_FIELD ? v : v.substring(0, MAX_TEXT_FIELD);
    }

    private static <T> T requireNonNull(T value, String name) {
        if (value == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        return value;
    }
}
