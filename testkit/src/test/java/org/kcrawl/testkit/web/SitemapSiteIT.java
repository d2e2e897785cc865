package org.kcrawl.testkit.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/** A {@link SitemapSite} over real sockets on 127.0.0.0/8, read with the JDK's HTTP client. */
class SitemapSiteIT {
    private static final Pattern LOC = Pattern.compile("<loc>([^<]*)</loc>");

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private HttpResponse<byte[]> get(String url) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    @Test
    void robotsLeadsToTheIndexWhichLeadsToBothSitemapsWhichListEveryPageOnce() throws Exception {
        try (SitemapSite site = SitemapSite.builder().address("127.0.0.93").pages(5)
                .robotsLine("Sitemap: http://127.0.0.94:1/sitemap.xml").start()) {
            String robots = new String(get(site.url("/robots.txt")).body(), StandardCharsets.UTF_8);
            assertThat(robots).contains("Sitemap: " + site.url(SitemapSite.INDEX_PATH) + "\n")
                    .endsWith("Sitemap: http://127.0.0.94:1/sitemap.xml\n");

            HttpResponse<byte[]> index = get(site.url(SitemapSite.INDEX_PATH));
            assertThat(index.headers().firstValue("content-type")).hasValue("application/xml");
            assertThat(locs(index.body())).containsExactly(site.url(SitemapSite.PLAIN_PATH),
                    site.url(SitemapSite.GZIP_PATH));

            HttpResponse<byte[]> plain = get(site.url(SitemapSite.PLAIN_PATH));
            HttpResponse<byte[]> gzipped = get(site.url(SitemapSite.GZIP_PATH));
            assertThat(gzipped.headers().firstValue("content-type")).hasValue("application/gzip");
            assertThat(gzipped.headers().firstValue("content-encoding")).isEmpty();
            assertThat(gzipped.body()).isEqualTo(site.body(SitemapSite.GZIP_PATH));
            List<String> listed = new ArrayList<>(locs(plain.body()));
            listed.addAll(locs(gunzip(gzipped.body())));
            assertThat(listed).containsExactlyElementsOf(site.pageUrls()).hasSize(5);

            String root = new String(get(site.rootUrl()).body(), StandardCharsets.UTF_8);
            assertThat(root).doesNotContain("<a ");
            assertThat(get(site.pageUrls().get(4)).statusCode()).isEqualTo(200);
            assertThat(get(site.url("/page/6")).statusCode()).isEqualTo(404);
            assertThat(site.requests(SitemapSite.GZIP_PATH)).isEqualTo(1);
        }
    }

    private static List<String> locs(byte[] xml) {
        List<String> out = new ArrayList<>();
        Matcher m = LOC.matcher(new String(xml, StandardCharsets.UTF_8));
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    private static byte[] gunzip(byte[] gz) throws IOException {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
            return in.readAllBytes();
        }
    }
}
