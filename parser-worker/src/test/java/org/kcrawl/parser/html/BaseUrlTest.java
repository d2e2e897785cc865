package org.kcrawl.parser.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kcrawl.common.url.InvalidUrlException;
import org.kcrawl.common.url.UrlNormalizer;
import org.kcrawl.parser.bench.BenchCorpus;
import org.kcrawl.parser.bench.CorpusPage;

/** Reference resolution as browsers do it, and agreement with jsoup's resolver where both apply. */
class BaseUrlTest {
    private static final BaseUrl PAGE = BaseUrl.parse("https://www.example.org/docs/guide/index.html?v=2#top");
    private final UrlNormalizer normalizer = UrlNormalizer.defaults();

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "intro.html                    | https://www.example.org/docs/guide/intro.html",
            "../reference/                 | https://www.example.org/docs/guide/../reference/",
            "./a/./b                       | https://www.example.org/docs/guide/./a/./b",
            "/about                        | https://www.example.org/about",
            "//cdn.example.net/lib.js?v=2  | https://cdn.example.net/lib.js?v=2",
            "?page=3                       | https://www.example.org/docs/guide/index.html?page=3",
            "#part                         | https://www.example.org/docs/guide/index.html?v=2#part",
            "\"  spaced.html  \"           | https://www.example.org/docs/guide/spaced.html",
            "\\\\evil.example\\x?q=a\\b    | https://evil.example/x?q=a\\b",
            "/\\evil.example/             | https://evil.example/",
            "////three.example/x           | https://three.example/x",
            "\\root\\file                  | https://www.example.org/root/file",
            "https:relative-on-https       | https://www.example.org/docs/guide/relative-on-https",
            "https:/rooted                 | https://www.example.org/rooted",
            "http:other-scheme-is-a-host   | http://other-scheme-is-a-host",
            "HTTP:///Other.Example.com/P   | http://Other.Example.com/P",
            "HTTPS://Other.Example.com:443/Path/../Page | https://Other.Example.com:443/Path/../Page",
            "javascript:void(0)            | javascript:void(0)",
            "mailto:team@example.org       | mailto:team@example.org",
            "c:\\windows\\file             | c:\\windows\\file",
            "a:b/c                         | a:b/c",
            "1a:b                          | https://www.example.org/docs/guide/1a:b",
            "g;x=1/../y                    | https://www.example.org/docs/guide/g;x=1/../y",
    })
    void resolvesLikeABrowser(String reference, String expected) {
        assertThat(PAGE.resolve(reference)).isEqualTo(expected);
    }

    @Test
    void removesTabsAndNewlinesAndStripsControlsAtTheEnds() {
        assertThat(PAGE.resolve("\u0001 in\ttro\n.ht\rml \u0000")).isEqualTo("https://www.example.org/docs/guide/intro.html");
    }

    @Test
    void anEmptyReferenceIsTheBaseWithoutItsFragment() {
        assertThat(PAGE.resolve("")).isEqualTo("https://www.example.org/docs/guide/index.html?v=2");
    }

    @Test
    void aBaseWithoutAPathResolvesAgainstTheRoot() throws InvalidUrlException {
        BaseUrl bare = BaseUrl.parse("HTTP://Host.Example:8080");
        assertThat(bare.resolve("x/y")).isEqualTo("http://Host.Example:8080/x/y");
        assertThat(normalizer.normalize(bare.resolve("?q=1"))).isEqualTo("http://host.example:8080/?q=1");
    }

    @Test
    void onlyHttpUrlsWithAnAuthorityAreBases() {
        assertThat(BaseUrl.parse("mailto:someone@example.org")).isNull();
        assertThat(BaseUrl.parse("about:blank")).isNull();
        assertThat(BaseUrl.parse("http:no-authority")).isNull();
        assertThat(BaseUrl.parse("https://")).isNull();
        assertThat(BaseUrl.parse("")).isNull();
        assertThat(BaseUrl.parse(null)).isNull();
        assertThat(BaseUrl.parse("https://h.example/a/b?c#d")).isNotNull();
    }

    /** On every link of the benchmark corpus, both resolvers lead to the same normalized URL. */
    @Test
    void agreesWithJsoupOnTheCorpusAfterNormalization() throws IOException {
        List<String> disagreements = new ArrayList<>();
        int compared = 0;
        for (CorpusPage page : BenchCorpus.pages()) {
            Document doc = Jsoup.parse(new ByteArrayInputStream(page.body()), null, page.url());
            BaseUrl base = BaseUrl.parse(doc.baseUri());
            for (Element a : doc.select("a[href], area[href], link[href], iframe[src]")) {
                String attr = a.hasAttr("href") ? "href" : "src";
                String jsoup = normalizedOrNull(a.absUrl(attr));
                String ours = normalizedOrNull(base.resolve(a.attr(attr)));
                if (jsoup != null) {
                    compared++;
                    if (!jsoup.equals(ours)) {
                        disagreements.add(a.attr(attr) + ": jsoup " + jsoup + ", ours " + ours);
                    }
                }
            }
        }
        assertThat(compared).isGreaterThan(2000);
        assertThat(disagreements).isEmpty();
    }

    private String normalizedOrNull(String url) {
        try {
            return url.isEmpty() ? null : normalizer.normalize(url);
        } catch (InvalidUrlException e) {
            return null;
        }
    }
}
