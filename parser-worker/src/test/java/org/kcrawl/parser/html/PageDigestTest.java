package org.kcrawl.parser.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.parser.testing.Pages.fixture;
import static org.kcrawl.parser.testing.Pages.page;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.jsoup.parser.Parser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.redirect.Refresh;
import org.kcrawl.common.url.UrlNormalizer;
import org.kcrawl.parser.bench.BenchCorpus;
import org.kcrawl.parser.bench.CorpusPage;
import org.kcrawl.parser.content.ContentExtractor;
import org.kcrawl.parser.content.ContentOptions;

/**
 * The fast reader ({@link PageDigest}, used when no extraction rule applies) must give what the jsoup
 * document gives: same links in the same order, title, description, canonical, lang, heading,
 * robots directives, meta refresh and text length. Checked on the fixtures, the benchmark corpus,
 * markup shapes where the HTML rules are subtle, and random tag soup.
 */
class PageDigestTest {
    private static final String URL = "https://docs.example.org/guide/part/page.html";

    private final PageParser digest = PageParser.defaults();
    /** An extractor that applies everywhere makes the parser build the jsoup document. */
    private final PageParser document = new PageParser(UrlNormalizer.defaults(), CharsetDetector.defaults(),
            ParseLimits.defaults(), (url, doc) -> Map.of(),
            new ContentExtractor(ContentOptions.DEFAULTS), System::nanoTime);

    @ParameterizedTest
    @ValueSource(strings = {"links.html", "product.html", "robots-noindex.html", "frameset.html", "bom-utf8.html",
        "windows-1252.html", "http-equiv-latin1.html", "shift_jis.html", "utf16le-bom.html"})
    void agreesWithTheDocumentOnTheFixtures(String name) {
        assertSame(page(URL, null, fixture(name)));
    }

    @Test
    void agreesOnTheLinkSetOfBrokenMarkupWhereOnlyTheTreeBuilderReordersThem() {
        // A link inside a table but outside its cells is moved before the table by jsoup's tree
        // builder (foster parenting); the digest keeps source order. Same links, everything else equal.
        FetchedPage p = page(URL, null, fixture("malformed.html"));
        ParsedPage fast = digest.parse(p);
        ParsedPage full = document.parse(p);
        assertThat(fast.links()).containsExactlyInAnyOrderElementsOf(full.links());
        assertThat(fast.textLength()).isEqualTo(full.textLength());
        assertThat(fast.title()).isEqualTo(full.title());
        assertThat(fast.h1()).isEqualTo(full.h1());
    }

    @Test
    void agreesWithTheDocumentOnTheBenchmarkCorpus() {
        for (CorpusPage page : BenchCorpus.pages()) {
            assertSame(page.fetched());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "<pre>\nfirst line\n  indented</pre><p>after</p>",
        "<textarea>\n<a href=x>not a link</a></textarea><a href=y>link</a>",
        "<title>A &amp; B &#8212; &notit; &copy</title><h1>T&eacute;l&#233;phone &#x1F600;</h1>",
        "<a href='a?b=1&c=2&amp;d=3&copy=4&lang=en'>x</a><a href=\"q&ampx\">y</a>",
        "<head><noscript><img src=/pixel.gif><link rel=canonical href=/canon></noscript></head><body>text",
        "<head><template><a href=/in-template>t</a></template></head><body><p>x</p>",
        "<select><option>one<a href=/in-select>no</a><h1>no</h1></select><a href=/after-select>yes</a>",
        "<td><a href=/a>cell</a></td><tr><th>head</th></tr><table><tr><td>in<td>table</table>",
        "<frame src=/ignored><p><a href=/p>x</a>",
        "<title>unclosed <a href=/after-title>x</a> more",
        "<!-- <a href=/commented> --><!--><a href=/after-empty-comment>x</a><!---><?pi <a href=/pi>?>",
        "<![CDATA[ <a href=/cdata> ]]><a href=/real>r</a>",
        "<svg><title>Icon</title><a href=/in-svg>s</a><text>label</text></svg><h1>After <b>svg</b></h1>",
        "<base href=/docs/base/><a href=rel.html>r</a><base href=/ignored/>",
        "<base href=ftp://files.example/><a href=rel.html>r</a><a href=http://abs.example/>a</a>",
        "<div>a<div>b</div>c<span>d</span><br>e<p>f<p>g</div>h&nbsp;&nbsp;i\u00ad\u200bj",
        "<ul><li>one<li>two<li>three</ul><dl><dt>t<dd>d<dt>t2</dl>",
        "<h1>Heading <span>with</span><div>block</div>tail</h1><h1>second</h1>",
        "<h1>open heading<h2>next</h2>",
        "<meta name=Robots content='NOINDEX'><meta name=description content='first'><meta name=description content=second>",
        "<meta name=robots content=nofollow><a href=/x>x</a>",
        "<html lang=fr><head><html lang=de></head><body><html lang=en>x",
        "<p>text before <script>var s = '<a href=/in-script>';</script> after <style>a{}</style></p>",
        "<iframe src=/frame-src><a href=/in-iframe></iframe><noembed><a href=/in-noembed></noembed>",
        "<plaintext><a href=/plain>",
        "<a href=/x rel='nofollow noopener'>n</a><a href=/x>f</a><link rel='Canonical' href='/c'><area href=/m>",
        "   leading space <b>bold</b>trailing   ",
        "<a href='   /spaced  '>s</a><a href=''>empty</a><a href='#top'>self</a><a href=javascript:x()>js</a>",
        "</br><p>stray</p></p></div></span>end",
        "<A HREF='/UPPER'>U</A><DIV CLASS=x>Mixed<Br>case</DIV>",
        // Meta refreshes: the first that parses counts, in the head, its noscript, or the body; not in a template.
        "<head><meta http-equiv=refresh content=\"0; url=/home.html\"></head><body><a href=/a>a</a>",
        "<head><noscript><meta http-equiv=Refresh content=\"0;URL='/nojs.html'\"></noscript></head><body>x",
        "<noscript><meta http-equiv=refresh content='0;url=/body-noscript'></noscript><p>x",
        "<meta http-equiv=refresh content=5><meta http-equiv=refresh content='0; url=/second'>",
        "<meta http-equiv=refresh content=soon><meta http-equiv=' REFRESH ' content='1.5, url=/second'>",
        "<head><template><meta http-equiv=refresh content='0;url=/in-template'></template></head><body>x",
        "<p>x<template><meta http-equiv=refresh content='0;url=/t'></template><meta http-equiv=refresh content=0;url=/b>",
        "<p>text<meta http-equiv=refresh content='0; url=\"/in-body\"'>",
        "<textarea><meta http-equiv=refresh content=0;url=/ta></textarea><select><meta http-equiv=refresh content=0;url=/s>",
        "<base href=/docs/><meta http-equiv=refresh content='0;url=page.html?a=1&amp;b=2#frag'>",
        "<meta http-equiv=refresh content='0; url=mailto:x@y.z'><meta http-equiv=refresh content='0;url=/later'>",
        "<meta name=description http-equiv=refresh content='0;url=/both'><meta http-equiv=content-type content=x>",
        "<svg><meta http-equiv=refresh content='0;url=/in-svg'></svg>",
        "<meta http-equiv=refresh content='7'><a href=/reload>r</a>",
        "<p>a<div>b</p>c</div>d",
        "<p>a<h1>b</h1>c",
        "<p>one<ul><li>two</ul>three</p>four",
        "<!DOCTYPE html><p>a<table><tr><td>b</table>c</p>d",
        "<p>a<p>b</p>c",
        "<p>a<blockquote>b</p>c</blockquote>d",
        "<p>x<h2>y</p>z</h2>w",
    })
    void agreesWithTheDocumentOnSubtleMarkup(String html) {
        assertSame(page(URL, "text/html; charset=utf-8", html.getBytes(StandardCharsets.UTF_8)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', nullValues = "NONE", value = {
        "<head><meta http-equiv=refresh content='0; url=/home.html'></head>                   | 0 | /home.html",
        "<head><noscript><meta http-equiv=Refresh content='0;URL=/nojs'></noscript></head>x   | 0 | /nojs",
        "<p>body<noscript><meta http-equiv=refresh content='0;url=/in-noscript'></noscript>   | 0 | /in-noscript",
        "<p>body <meta http-equiv=refresh content='3, url=/in-body'>                          | 3 | /in-body",
        "<meta http-equiv=refresh content=5><meta http-equiv=refresh content='0;url=/second'> | 0 | NONE",
        "<meta http-equiv=refresh content=x><meta http-equiv=refresh content='0;url=/second'> | 0 | /second",
        "<template><meta http-equiv=refresh content='0;url=/t'></template>                    | 0 | NONE",
        "<p><template><meta http-equiv=refresh content='0;url=/t'></template>                 | 0 | NONE",
        "<title><meta http-equiv=refresh content='0;url=/t'></title>                          | 0 | NONE",
        "<!-- <meta http-equiv=refresh content='0;url=/c'> -->                                | 0 | NONE",
    })
    void bothReadersFindTheMetaRefreshWhereBrowsersHonourIt(String html, long delay, String path) {
        FetchedPage p = page(URL, "text/html; charset=utf-8", html.getBytes(StandardCharsets.UTF_8));
        Refresh expected = path == null ? null : new Refresh(delay, "https://docs.example.org" + path);
        assertThat(digest.parse(p).refresh()).as("digest").isEqualTo(expected);
        assertThat(document.parse(p).refresh()).as("document").isEqualTo(expected);
    }

    /**
     * Random soup of tags, attributes, references and comments, the worst markup there is: the tree
     * builder repairs some of it in ways the digest does not follow (adoption of misnested formatting
     * elements, foster parenting, template and select edge cases). Links must still agree on nearly
     * every document; on the pages of real sites they agree on all (see the fixtures and corpus above).
     */
    @Test
    void agreesOnTheLinksOfNearlyAllRandomTagSoup() {
        Random random = new Random(42);
        int documents = 2000;
        int sameLinks = 0;
        int sameMetadata = 0;
        for (int i = 0; i < documents; i++) {
            FetchedPage p = page(URL, "text/html; charset=utf-8",
                    TagSoup.document(random).getBytes(StandardCharsets.UTF_8));
            ParsedPage fast = digest.parse(p);
            ParsedPage full = document.parse(p);
            if (new HashSet<>(fast.links()).equals(new HashSet<>(full.links()))
                    && fast.droppedLinks().equals(full.droppedLinks())) {
                sameLinks++;
            }
            if (java.util.Objects.equals(fast.title(), full.title())
                    && java.util.Objects.equals(fast.description(), full.description())
                    && java.util.Objects.equals(fast.canonical(), full.canonical())
                    && fast.robots().equals(full.robots())
                    && java.util.Objects.equals(fast.refresh(), full.refresh())) {
                sameMetadata++;
            }
        }
        assertThat(sameLinks).as("documents with the same links").isGreaterThanOrEqualTo(documents * 98 / 100);
        assertThat(sameMetadata).as("documents with the same metadata").isGreaterThanOrEqualTo(documents * 99 / 100);
    }

    @ParameterizedTest
    @ValueSource(strings = {"&amp;", "&amp", "&ampx", "&amp;x", "&notit;", "&notin;", "&#65;&#x41;&#X41", "&#;",
        "&#x;", "&#128;&#150;&#159;", "&#0;", "&#99999999999;", "&#x110000;", "&bogus;", "&", "a & b", "&&amp;",
        "&copy=1", "&lt-", "&lt_", "&lt9", "&ltx;", "&NotEqualTilde;", "&nbsp;&nbsp", "&#55296;"})
    void decodesReferencesAsJsoupDoes(String input) {
        StringBuilder text = new StringBuilder();
        CharRefs.decode(input.toCharArray(), 0, input.length(), false, '\0', text);
        assertThat(text.toString()).as("text").isEqualTo(Parser.unescapeEntities(input, false));
        StringBuilder attribute = new StringBuilder();
        CharRefs.decode(input.toCharArray(), 0, input.length(), true, '"', attribute);
        assertThat(attribute.toString()).as("attribute").isEqualTo(Parser.unescapeEntities(input, true));
    }

    private void assertSame(FetchedPage page) {
        ParsedPage fast = digest.parse(page);
        ParsedPage full = document.parse(page);
        assertThat(fast).usingRecursiveComparison().isEqualTo(full);
    }

    /** Random markup from the pieces real pages are made of, valid or not. */
    private static final class TagSoup {
        private static final String[] TAGS = {"a", "a", "a", "div", "p", "span", "b", "table", "tr", "td", "ul", "li",
            "h1", "pre", "script", "style", "title", "textarea", "noscript", "iframe", "area", "link", "base", "meta",
            "html", "head", "body", "br", "img", "svg", "template", "select", "option", "section", "A", "DIV"};
        private static final String[] ATTRIBUTES = {"href", "src", "rel", "name", "content", "lang", "class", "HREF",
            "http-equiv"};
        private static final String[] VALUES = {"x.html", "/a/b", "../c", "#frag", "?q=1&r=2", "http://other.example/y",
            "javascript:void(0)", "nofollow", "canonical", "robots", "noindex", "description", "en", "&amp;", "&lt;x",
            "a&notit;b", "&#x41;&#128;", " spaced ", "", "mailto:x@y", "//proto.example/z", "&copy=1", "refresh",
            "0;url=/r", "5", "0,url='x.html'"};
        private static final String[] TEXTS = {"hello", " ", "\n", "&nbsp;", "&amp;", "&#8212;", "&bogus;", "&", "<",
            "x < y", "\u00e9t\u00e9", "\u200b", "  spaced  ", "</", "<!", "<!-- c -->", "<!-->", "<![CDATA[ d ]]>",
            "<!DOCTYPE html>", "</>", "\r\n"};

        static String document(Random r) {
            StringBuilder sb = new StringBuilder();
            int tokens = 5 + r.nextInt(40);
            for (int t = 0; t < tokens; t++) {
                int kind = r.nextInt(10);
                if (kind < 4) {
                    sb.append('<').append(pick(r, TAGS));
                    for (int a = r.nextInt(3); a > 0; a--) {
                        String v = pick(r, VALUES);
                        switch (r.nextInt(3)) {
                            case 0 -> sb.append(' ').append(pick(r, ATTRIBUTES)).append("=\"").append(v).append('"');
                            case 1 -> sb.append(' ').append(pick(r, ATTRIBUTES)).append("='").append(v).append('\'');
                            default -> sb.append(' ').append(pick(r, ATTRIBUTES)).append('=')
                                    .append(v.replace(" ", "").replace("\"", ""));
                        }
                    }
                    sb.append('>');
                } else if (kind < 6) {
                    sb.append("</").append(pick(r, TAGS)).append('>');
                } else {
                    sb.append(pick(r, TEXTS));
                }
            }
            return sb.toString();
        }

        private static String pick(Random r, String[] options) {
            return options[r.nextInt(options.length)];
        }
    }

    @Test
    void neverThrowsAndEndsOnEveryPrefixOfAPage() {
        byte[] html = fixture("links.html");
        List<ParsedPage> results = new ArrayList<>();
        for (int cut = 0; cut <= html.length; cut += 7) {
            byte[] prefix = java.util.Arrays.copyOf(html, cut);
            results.add(digest.parse(page(URL, "text/html; charset=utf-8", prefix)));
        }
        assertThat(results).allSatisfy(r -> assertThat(r.kind()).isEqualTo(ParsedPage.Kind.HTML));
    }
}
