package org.kcrawl.parser.html;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.kcrawl.common.url.UrlNormalizer;

/** The URLs a page's Markdown shows for its links and images. */
class ContentReferencesTest {
    private final LinkExtractor links = new LinkExtractor(UrlNormalizer.defaults());
    private final ContentReferences page = new ContentReferences(links, "https://News.Example.org/a/b/page.html");

    @Test
    void anHttpReferenceIsResolvedAgainstTheBaseAndNormalizedAsALinkIs() {
        assertThat(page.apply("c.html")).isEqualTo("https://news.example.org/a/b/c.html");
        assertThat(page.apply("  ../img/x.png ")).isEqualTo("https://news.example.org/a/img/x.png");
        assertThat(page.apply("/r?utm_source=feed&b=2&a=1")).isEqualTo("https://news.example.org/r?a=1&b=2");
        assertThat(page.apply("//cdn.example.net/i.jpg")).isEqualTo("https://cdn.example.net/i.jpg");
        assertThat(page.apply("HTTP://Other.Example/x")).isEqualTo("http://other.example/x");
        assertThat(new ContentReferences(links, "https://cdn.example.net/base/").apply("p.png"))
                .as("the page's <base href>").isEqualTo("https://cdn.example.net/base/p.png");
    }

    @Test
    void theFragmentAReferenceNamesIsKept() {
        assertThat(page.apply("c.html#add(java.awt.Component)"))
                .isEqualTo("https://news.example.org/a/b/c.html#add(java.awt.Component)");
        assertThat(page.apply("#section-2")).as("a permalink to the page's own heading")
                .isEqualTo("https://news.example.org/a/b/page.html#section-2");
        assertThat(page.apply("/r?utm_source=feed&b=2#top")).isEqualTo("https://news.example.org/r?b=2#top");
        assertThat(page.apply("c.html#")).isEqualTo("https://news.example.org/a/b/c.html");
    }

    @Test
    void mailAndTelephoneReferencesAreKeptAsWritten() {
        assertThat(page.apply("mailto:desk@news.example.org?subject=Hi"))
                .isEqualTo("mailto:desk@news.example.org?subject=Hi");
        assertThat(page.apply("MAILTO:Desk@News.Example.org")).isEqualTo("MAILTO:Desk@News.Example.org");
        assertThat(page.apply(" tel:+44-20-7946-0000")).isEqualTo("tel:+44-20-7946-0000");
    }

    @Test
    void otherSchemesAndUnusableReferencesAreDropped() {
        assertThat(page.apply("javascript:void(0)")).isNull();
        assertThat(page.apply("JavaScript:alert(1)")).isNull();
        assertThat(page.apply("data:image/png;base64,iVBORw0KGgo=")).isNull();
        assertThat(page.apply("ftp://files.example.org/x")).isNull();
        assertThat(page.apply("http://")).isNull();
        assertThat(page.apply("")).isNull();
        assertThat(page.apply(null)).isNull();
    }

    @Test
    void aSchemeIsLettersDigitsPlusMinusAndDotsBeforeAColon() {
        assertThat(ContentReferences.scheme("https://x")).isEqualTo("https");
        assertThat(ContentReferences.scheme("svn+ssh://x")).isEqualTo("svn+ssh");
        assertThat(ContentReferences.scheme("a/b:c")).isNull();
        assertThat(ContentReferences.scheme("?q=a:b")).isNull();
        assertThat(ContentReferences.scheme(":x")).isNull();
        assertThat(ContentReferences.scheme("1http:x")).isNull();
        assertThat(ContentReferences.scheme("page.html")).isNull();
    }
}
