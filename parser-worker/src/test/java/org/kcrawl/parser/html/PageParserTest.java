package org.kcrawl.parser.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.parser.testing.Pages.fixture;
import static org.kcrawl.parser.testing.Pages.html;
import static org.kcrawl.parser.testing.Pages.page;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.redirect.Refresh;
import org.kcrawl.common.url.InvalidUrlException;
import org.kcrawl.parser.content.ContentExtractor;
import org.kcrawl.parser.content.ContentOptions;
import org.kcrawl.parser.testing.Pages;

class PageParserTest {
    private static final String GUIDE = "https://www.example.org/docs/guide/index.html";

    private final PageParser parser = PageParser.defaults();

    @Test
    void extractsMetadataFromARealisticPage() {
        ParsedPage p = parser.parse(page(GUIDE, "text/html; charset=UTF-8", fixture("links.html")));

        assertThat(p.kind()).isEqualTo(ParsedPage.Kind.HTML);
        assertThat(p.title()).isEqualTo("Link extraction fixture");
        assertThat(p.description()).isEqualTo("Every kind of link a crawler meets.");
        assertThat(p.lang()).isEqualTo("en-GB");
        assertThat(p.h1()).isEqualTo("First heading");
        assertThat(p.canonical()).isEqualTo(GUIDE);
        assertThat(p.charset()).isEqualTo("UTF-8");
        assertThat(p.charsetSource()).isEqualTo(DetectedCharset.Source.HEADER);
        assertThat(p.textLength()).isBetween(300, 1000);
        assertThat(p.robots()).isEqualTo(RobotsDirectives.NONE);
        assertThat(p.parseTruncated()).isFalse();
    }

    @Test
    void resolvesNormalizesAndDeduplicatesLinksInDocumentOrder() {
        ParsedPage p = parser.parse(page(GUIDE, "text/html; charset=UTF-8", fixture("links.html")));

        assertThat(p.links()).extracting(DiscoveredLink::url).containsExactly(
                "https://www.example.org/docs/guide/intro.html",
                "https://www.example.org/docs/reference/",
                "https://www.example.org/about",
                "https://cdn.example.net/lib.js?v=2",
                "https://other.example.com/Page",
                "https://www.example.org/docs/guide/search?lang=fr&q=caf%C3%A9",
                "https://www.example.org/docs/guide/spaced.html",
                "https://www.example.org/docs/guide/sponsored.html",
                "https://www.example.org/docs/guide/mixed.html",
                "https://www.example.org/docs/guide/area-target.html",
                "https://embed.example.com/player?id=7",
                "https://www.example.org/docs/guide/page?x=1",
                "https://www.example.org/docs/guide/b%C3%BCcher/~user/",
                "https://xn--bcher-kva.example/");
        assertThat(p.links()).filteredOn(DiscoveredLink::nofollow).extracting(DiscoveredLink::url)
                .containsExactly("https://www.example.org/docs/guide/sponsored.html");
        assertThat(p.links()).filteredOn(l -> l.kind() == DiscoveredLink.Kind.AREA).hasSize(1);
        assertThat(p.links()).filteredOn(l -> l.kind() == DiscoveredLink.Kind.FRAME).extracting(DiscoveredLink::url)
                .containsExactly("https://embed.example.com/player?id=7");
        assertThat(p.droppedLinks()).containsExactlyInAnyOrderEntriesOf(Map.of(
                InvalidUrlException.Problem.UNSUPPORTED_SCHEME, 5,
                InvalidUrlException.Problem.MALFORMED, 1));
    }

    @Test
    void survivesMalformedMarkup() {
        ParsedPage p = parser.parse(page("http://broken.example/dir/page.html", "text/html", fixture("malformed.html")));

        assertThat(p.title()).isEqualTo("Broken <b>markup</b> page");
        assertThat(p.links()).extracting(DiscoveredLink::url).containsExactlyInAnyOrder(
                "http://broken.example/unquoted",
                "http://broken.example/dir/single-quoted.html",
                "http://broken.example/dir/page?a=1&b=2",
                "http://broken.example/dir/in-table.html",
                "http://broken.example/dir/after-table.html",
                "http://broken.example/dir/outer.html",
                "http://broken.example/dir/nested.html",
                "http://broken.example/in-noscript",
                "http://broken.example/dir/UPPER.HTML",
                "http://[0:0:0:0:0:0:0:1]:8080/ipv6");
        assertThat(p.links()).extracting(DiscoveredLink::url)
                .noneMatch(u -> u.contains("commented") || u.contains("in-script") || u.contains("in-style")
                        || u.contains("in-textarea"));
        assertThat(p.droppedLinks()).containsEntry(InvalidUrlException.Problem.UNSUPPORTED_SCHEME, 1);
    }

    @Test
    void followsFramesOfAFrameset() {
        ParsedPage p = parser.parse(page("http://frames.example/", "text/html", fixture("frameset.html")));

        assertThat(p.links()).extracting(DiscoveredLink::url).contains(
                "http://frames.example/menu.html", "http://frames.example/content/main.html");
        assertThat(p.links()).filteredOn(l -> l.kind() == DiscoveredLink.Kind.FRAME).hasSize(2);
    }

    @Test
    void obeysMetaRobotsNoindexAndNofollow() {
        ParsedPage p = parser.parse(page("http://private.example/", "text/html", fixture("robots-noindex.html")));

        assertThat(p.robots()).isEqualTo(new RobotsDirectives(true, true));
        assertThat(p.title()).isNull();
        assertThat(p.description()).isNull();
        assertThat(p.h1()).isNull();
        assertThat(p.lang()).isNull();
        assertThat(p.textLength()).isZero();
        assertThat(p.links()).as("links are still counted; the scope step refuses them").hasSize(2);
    }

    @Test
    void obeysTheXRobotsTagHeader() {
        var page = Pages.page("http://h.example/", 200, "text/html",
                "<title>T</title><a href=/a>a</a>".getBytes(StandardCharsets.UTF_8),
                Map.of("x-robots-tag", "googlebot: noindex, NoFollow"), 0);
        ParsedPage p = parser.parse(page);

        assertThat(p.robots()).isEqualTo(new RobotsDirectives(false, true));
        assertThat(p.title()).isEqualTo("T");
    }

    @Test
    void decodesUndeclaredWindows1252ByFallback() {
        ParsedPage p = parser.parse(page("http://w.example/", "text/html", fixture("windows-1252.html")));

        assertThat(p.charset()).isEqualTo("windows-1252");
        assertThat(p.charsetSource()).isEqualTo(DetectedCharset.Source.FALLBACK);
        assertThat(p.title()).isEqualTo("Caf\u00e9 \u201cquotes\u201d \u20ac5");
        assertThat(p.h1()).isEqualTo("Na\u00efve r\u00e9sum\u00e9");
        assertThat(p.links()).extracting(DiscoveredLink::url).containsExactly("http://w.example/caf%C3%A9.html");
    }

    @Test
    void decodesShiftJisDeclaredByMetaCharset() {
        ParsedPage p = parser.parse(page("http://jp.example/", "text/html", fixture("shift_jis.html")));

        assertThat(p.charset()).isEqualTo("Shift_JIS");
        assertThat(p.charsetSource()).isEqualTo(DetectedCharset.Source.META);
        assertThat(p.title()).isEqualTo("\u65e5\u672c\u8a9e\u306e\u30da\u30fc\u30b8");
        assertThat(p.description()).isEqualTo("\u6587\u5b57\u30b3\u30fc\u30c9\u306e\u30c6\u30b9\u30c8");
        assertThat(p.lang()).isEqualTo("ja");
        assertThat(p.links()).extracting(DiscoveredLink::url).containsExactly(
                "http://jp.example/%E3%83%AA%E3%83%B3%E3%82%AF/%E3%83%9A%E3%83%BC%E3%82%B8.html");
    }

    @Test
    void aByteOrderMarkBeatsHeaderAndMeta() {
        ParsedPage p = parser.parse(page("http://bom.example/", "text/html; charset=iso-8859-1", fixture("bom-utf8.html")));

        assertThat(p.charsetSource()).isEqualTo(DetectedCharset.Source.BOM);
        assertThat(p.charset()).isEqualTo("UTF-8");
        assertThat(p.title()).isEqualTo("BOM \u00fcber alles \u2713");
        assertThat(p.links()).extracting(DiscoveredLink::url).containsExactly("http://bom.example/%C3%BCber.html");
    }

    @Test
    void decodesUtf16WithBom() {
        ParsedPage p = parser.parse(page("http://u16.example/", null, fixture("utf16le-bom.html")));

        assertThat(p.kind()).as("untyped body sniffed as HTML").isEqualTo(ParsedPage.Kind.HTML);
        assertThat(p.charset()).isEqualTo("UTF-16LE");
        assertThat(p.title()).isEqualTo("UTF-16 \u00e9t\u00e9");
        assertThat(p.links()).extracting(DiscoveredLink::url).containsExactly("http://u16.example/sixteen.html");
    }

    @Test
    void readsLatin1DeclarationsAsWindows1252() {
        ParsedPage p = parser.parse(page("http://l1.example/", "text/html", fixture("http-equiv-latin1.html")));

        assertThat(p.charsetSource()).isEqualTo(DetectedCharset.Source.META);
        assertThat(p.charset()).isEqualTo("windows-1252");
        assertThat(p.title()).isEqualTo("Prix \u20ac10 \u00e0 la cr\u00e8me");
    }

    @Test
    void redirectsAndNonHtmlGetMetadataOnly() {
        ParsedPage redirect = parser.parse(Pages.redirect("http://r.example/old", "http://r.example/new"));
        assertThat(redirect.kind()).isEqualTo(ParsedPage.Kind.REDIRECT);
        assertThat(redirect.links()).isEmpty();
        assertThat(redirect.charset()).isNull();

        ParsedPage pdf = parser.parse(page("http://r.example/doc.pdf", "application/pdf",
                "%PDF-1.7 <a href='/x'>".getBytes(StandardCharsets.ISO_8859_1)));
        assertThat(pdf.kind()).as("read as a PDF, not as HTML").isEqualTo(ParsedPage.Kind.PDF);
        assertThat(pdf.links()).isEmpty();
        assertThat(pdf.title()).isNull();
        assertThat(pdf.textError()).isEqualTo(org.kcrawl.parser.content.pdf.PdfTextError.TRUNCATED);

        ParsedPage image = parser.parse(page("http://r.example/logo.png", "image/png",
                "\u0089PNG <a href='/x'>".getBytes(StandardCharsets.ISO_8859_1)));
        assertThat(image.kind()).isEqualTo(ParsedPage.Kind.NON_HTML);
        assertThat(image.links()).isEmpty();

        ParsedPage untypedHtml = parser.parse(page("http://r.example/about", null,
                "<html><title>PDF</title><p>Files start with %PDF-1.7".getBytes(StandardCharsets.UTF_8)));
        assertThat(untypedHtml.kind()).as("HTML that mentions a PDF's header").isEqualTo(ParsedPage.Kind.HTML);

        ParsedPage untypedText = parser.parse(page("http://r.example/notes", null,
                "just words <a href='/x'>".getBytes(StandardCharsets.UTF_8)));
        assertThat(untypedText.kind()).isEqualTo(ParsedPage.Kind.NON_HTML);
    }

    @Test
    void parsesXhtmlAndReadsTheTypeFromHeadersWhenTheFieldIsEmpty() {
        var xhtml = Pages.page("http://x.example/", 200, null,
                "<html><head><title>X</title></head></html>".getBytes(StandardCharsets.UTF_8),
                Map.of("content-type", "application/xhtml+xml"), 0);
        assertThat(parser.parse(xhtml).title()).isEqualTo("X");
    }

    @Test
    void parsesAtMostTheSizeCap() {
        PageParser capped = new PageParser(org.kcrawl.common.url.UrlNormalizer.defaults(), CharsetDetector.defaults(),
                new ParseLimits(2048, java.time.Duration.ofSeconds(5)), FieldExtractor.NONE,
                new ContentExtractor(ContentOptions.DEFAULTS), System::nanoTime);
        StringBuilder sb = new StringBuilder("<title>big</title>");
        for (int i = 0; i < 500; i++) {
            sb.append("<a href=\"/p").append(i).append("\">p</a>\n");
        }
        ParsedPage p = capped.parse(html("http://big.example/", sb.toString()));

        assertThat(p.parseTruncated()).isTrue();
        assertThat(p.budgetExceeded()).isFalse();
        assertThat(p.links()).hasSizeBetween(50, 150);
        assertThat(p.links().get(0).url()).isEqualTo("http://big.example/p0");
    }

    @Test
    void theTimeBudgetEndsAPathologicalParseWithWhatItHas() {
        // A fake clock that moves one second per read: the budget of 3 s allows only a few reads.
        long[] now = {0};
        PageParser budgeted = new PageParser(org.kcrawl.common.url.UrlNormalizer.defaults(),
                CharsetDetector.defaults(), new ParseLimits(4 * 1024 * 1024, java.time.Duration.ofSeconds(3)),
                FieldExtractor.NONE,
                new ContentExtractor(ContentOptions.DEFAULTS), () -> now[0] += 1_000_000_000L);
        StringBuilder sb = new StringBuilder("<title>slow</title>");
        for (int i = 0; i < 100_000; i++) {
            sb.append("<div><a href=\"/d").append(i).append("\">d</a>");
        }
        ParsedPage p = budgeted.parse(html("http://slow.example/", sb.toString()));

        assertThat(p.budgetExceeded()).isTrue();
        assertThat(p.parseTruncated()).isTrue();
        assertThat(p.title()).isEqualTo("slow");
        assertThat(p.links()).isNotEmpty().hasSizeLessThan(100_000);
    }

    @Test
    void extractsFieldsWithTheGivenExtractor() {
        FieldExtractor extractor = (url, doc) -> Map.of("url", url, "first_p", doc.select("p").first().text());
        PageParser withFields = new PageParser(org.kcrawl.common.url.UrlNormalizer.defaults(),
                CharsetDetector.defaults(), ParseLimits.defaults(), extractor,
                new ContentExtractor(ContentOptions.DEFAULTS), System::nanoTime);

        ParsedPage p = withFields.parse(html("http://f.example/", "<p>hello</p><p>bye</p>"));
        assertThat(p.fields()).containsEntry("first_p", "hello").containsEntry("url", "http://f.example/");

        ParsedPage hidden = withFields.parse(html("http://f.example/",
                "<meta name=robots content=noindex><p>hello</p>"));
        assertThat(hidden.fields()).as("noindex: no fields").isEmpty();
        assertThat(List.of(hidden.textLength())).containsExactly(0);
    }
    @Test
    void readsTheMetaRefreshWithItsUrlResolvedAsALinksWouldBe() {
        ParsedPage p = parser.parse(html(GUIDE, "<html><head><base href=/docs/>"
                + "<meta http-equiv=\"refresh\" content=\"0; URL='../home.html?utm_source=x&amp;a=1#top'\">"
                + "<title>moved</title></head><body><a href=/elsewhere>here</a></body></html>"));

        assertThat(p.refresh()).isEqualTo(new Refresh(0, "https://www.example.org/home.html?a=1"));
        assertThat(p.title()).as("the page is still read").isEqualTo("moved");
        assertThat(p.links()).hasSize(1);
    }

    @Test
    void aMetaRefreshWithoutAUsableUrlIsNone() {
        assertThat(parser.parse(html(GUIDE, "<meta http-equiv=refresh content=30>")).refresh())
                .as("a reload").isNull();
        assertThat(parser.parse(html(GUIDE, "<meta http-equiv=refresh content='0;url=javascript:go()'>")).refresh())
                .as("not http(s)").isNull();
        assertThat(parser.parse(html(GUIDE, "<meta http-equiv=refresh content='300; url=/slow'>")).refresh())
                .as("slow, but declared: the redirect rules judge its delay")
                .isEqualTo(new Refresh(300, "https://www.example.org/slow"));
        assertThat(parser.parse(html(GUIDE, "<meta http-equiv=refresh content='0; url=/x'>")).kind())
                .isEqualTo(ParsedPage.Kind.HTML);
    }

    @Test
    void aRefreshHeaderStandsForThePagesRefreshBeforeAnyMetaElement() {
        FetchedPage withHeader = page(GUIDE, 200, "text/html", "<meta http-equiv=refresh content='0; url=/meta'>"
                .getBytes(StandardCharsets.UTF_8), Map.of("refresh", "300; url=/header"), 1);
        FetchedPage unparseableHeader = page(GUIDE, 200, "text/html", "<meta http-equiv=refresh content='0; url=/meta'>"
                .getBytes(StandardCharsets.UTF_8), Map.of("refresh", "soon"), 1);

        assertThat(parser.parse(withHeader).refresh()).isNull();
        assertThat(parser.parse(unparseableHeader).refresh()).isEqualTo(new Refresh(0, "https://www.example.org/meta"));
    }
}
