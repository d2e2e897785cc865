package org.kcrawl.parser.sitemap;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.parser.html.DiscoveredLink;
import org.kcrawl.parser.html.ParsedPage;
import org.kcrawl.common.url.InvalidUrlException;
import org.kcrawl.common.url.UrlNormalizer;
import org.kcrawl.parser.testing.Pages;

class SitemapParserTest {
    private static final String URLSET = """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <url><loc>http://site.example/a?utm_source=map</loc><lastmod>2024-01-01</lastmod></url>
              <url><loc>http://SITE.example:80/b</loc></url>
              <url><loc>http://site.example/a</loc></url>
              <url><loc>ftp://site.example/file</loc></url>
            </urlset>
            """;
    private static final String INDEX = """
            <?xml version="1.0" encoding="UTF-8"?>
            <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <sitemap><loc>http://site.example/sitemap-1.xml.gz</loc></sitemap>
              <sitemap><loc>http://site.example/sitemap-2.xml</loc></sitemap>
            </sitemapindex>
            """;

    private final SitemapParser parser = SitemapParser.defaults();

    private static FetchedPage xml(String url, String contentType, byte[] body) {
        return Pages.page(url, contentType, body);
    }

    private static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(data);
        }
        return out.toByteArray();
    }

    @Test
    void readsAUrlsetIntoNormalizedDeduplicatedLinks() {
        ParsedPage p = parser.parse(xml("http://site.example/sitemap.xml", "application/xml",
                URLSET.getBytes(StandardCharsets.UTF_8)));

        assertThat(p.kind()).isEqualTo(ParsedPage.Kind.SITEMAP);
        assertThat(p.links()).extracting(DiscoveredLink::url)
                .containsExactly("http://site.example/a", "http://site.example/b");
        assertThat(p.links()).allMatch(l -> l.kind() == DiscoveredLink.Kind.SITEMAP && !l.nofollow());
    }

    @Test
    void readsAnIndexIntoItsChildSitemaps() {
        ParsedPage p = parser.parse(xml("http://site.example/sitemap_index.xml", "text/xml",
                INDEX.getBytes(StandardCharsets.UTF_8)));

        assertThat(p.links()).extracting(DiscoveredLink::url).containsExactlyInAnyOrder(
                "http://site.example/sitemap-1.xml.gz", "http://site.example/sitemap-2.xml");
    }

    @Test
    void readsGzippedSitemaps() throws IOException {
        FetchedPage page = xml("http://site.example/sitemap-1.xml.gz", "application/x-gzip",
                gzip(URLSET.getBytes(StandardCharsets.UTF_8)));

        assertThat(SitemapParser.isSitemap(page)).isTrue();
        assertThat(parser.parse(page).links()).hasSize(2);
    }

    @Test
    void refusesToInflateBeyondTheCap() throws IOException {
        byte[] bomb = gzip(new byte[8 * 1024 * 1024]); // 8 MiB of zeros, about 8 KiB compressed
        SitemapParser small = new SitemapParser(UrlNormalizer.defaults(), 64 * 1024, 100);

        ParsedPage p = small.parse(xml("http://site.example/sitemap.xml.gz", "application/gzip", bomb));

        assertThat(p.kind()).isEqualTo(ParsedPage.Kind.FAILED);
        assertThat(p.error()).contains("larger than 65536");
    }

    @Test
    void takesAtMostMaxUrls() {
        StringBuilder xml = new StringBuilder("<urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'>");
        for (int i = 0; i < 30; i++) {
            xml.append("<url><loc>http://site.example/p").append(i).append("</loc></url>");
        }
        xml.append("</urlset>");
        SitemapParser capped = new SitemapParser(UrlNormalizer.defaults(), 1 << 20, 10);

        ParsedPage p = capped.parse(xml("http://site.example/sitemap.xml", "text/xml",
                xml.toString().getBytes(StandardCharsets.UTF_8)));

        assertThat(p.links()).hasSize(10);
    }

    @Test
    void doesNotExpandExternalEntities() {
        String xxe = """
                <?xml version="1.0"?>
                <!DOCTYPE urlset [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                  <url><loc>http://site.example/&secret;</loc></url>
                </urlset>
                """;
        ParsedPage p = parser.parse(xml("http://site.example/sitemap.xml", "text/xml",
                xxe.getBytes(StandardCharsets.UTF_8)));

        assertThat(p.kind()).as("crawler-commons refuses any DOCTYPE").isEqualTo(ParsedPage.Kind.FAILED);
        assertThat(p.links()).isEmpty();
    }

    @Test
    void readsTextSitemaps() {
        FetchedPage page = xml("http://site.example/sitemap.txt", "text/plain",
                "http://site.example/one\nhttp://site.example/two\nnot a url\n".getBytes(StandardCharsets.UTF_8));

        assertThat(SitemapParser.isSitemap(page)).isTrue();
        assertThat(parser.parse(page).links()).extracting(DiscoveredLink::url)
                .containsExactly("http://site.example/one", "http://site.example/two");
    }

    @Test
    void garbageIsAFailedPageNotAnException() {
        ParsedPage p = parser.parse(xml("http://site.example/sitemap.xml", "text/xml",
                "<urlset><url><loc>http://site.example/x".getBytes(StandardCharsets.UTF_8)));
        assertThat(p.kind()).isEqualTo(ParsedPage.Kind.FAILED);
        assertThat(p.error()).contains("unreadable sitemap");
    }

    @Test
    void recognisesOnlySitemaps() {
        assertThat(SitemapParser.isSitemap(xml("http://a.example/feed.xml", "application/xml",
                "<rss><channel/></rss>".getBytes(StandardCharsets.UTF_8)))).isFalse();
        assertThat(SitemapParser.isSitemap(xml("http://a.example/", "text/html",
                "<html><urlset>".getBytes(StandardCharsets.UTF_8)))).isFalse();
        assertThat(SitemapParser.isSitemap(xml("http://a.example/notes.txt", "text/plain",
                "http://a.example/".getBytes(StandardCharsets.UTF_8)))).isFalse();
        assertThat(SitemapParser.isSitemap(Pages.page("http://a.example/s.xml", 200, null,
                INDEX.getBytes(StandardCharsets.UTF_8), Map.of("content-type", "text/xml; charset=utf-8"), 0))).isTrue();
        assertThat(SitemapParser.isSitemap(Pages.redirect("http://a.example/sitemap.xml", "http://a.example/s2.xml")))
                .isFalse();
    }

    @Test
    void recognisesASitemapServedAsGzipThatTheClientAlreadyInflated() {
        // Content-Type: application/gzip with Content-Encoding: gzip arrives as plain XML.
        assertThat(SitemapParser.isSitemap(xml("http://a.example/s.xml.gz", "application/gzip",
                INDEX.getBytes(StandardCharsets.UTF_8)))).isTrue();
        assertThat(SitemapParser.isSitemap(xml("http://a.example/s.xml.gz", "application/x-gzip",
                INDEX.getBytes(StandardCharsets.UTF_8)))).isTrue();
        assertThat(SitemapParser.isSitemap(xml("http://a.example/archive.gz", "application/gzip",
                "<html>not a sitemap</html>".getBytes(StandardCharsets.UTF_8)))).isFalse();
    }

    @Test
    void countsUnusableUrls() {
        ParsedPage p = parser.parse(xml("http://site.example/sitemap.txt", "text/plain",
                "http://site.example/ok\nhttp://exa mple.com/bad\n".getBytes(StandardCharsets.UTF_8)));
        assertThat(p.links()).extracting(DiscoveredLink::url).containsExactly("http://site.example/ok");
        assertThat(p.droppedLinks()).containsExactlyEntriesOf(Map.of(InvalidUrlException.Problem.MALFORMED, 1));
    }
}
