package org.kcrawl.parser.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.parser.html.CharsetDetector;
import org.kcrawl.parser.html.FieldExtractor;
import org.kcrawl.parser.html.PageParser;
import org.kcrawl.parser.html.ParseLimits;
import org.kcrawl.parser.html.ParsedPage;
import org.kcrawl.common.url.UrlNormalizer;
import org.kcrawl.parser.scope.RejectReason;
import org.kcrawl.parser.scope.ScopeChain;
import org.kcrawl.common.scope.ScopeMode;
import org.kcrawl.parser.scope.ScopeSettings;
import org.kcrawl.parser.sitemap.SitemapParser;
import org.kcrawl.parser.testing.Pages;

class PageProcessorTest {
    private static final Instant NOW = Instant.parse("2025-06-01T12:00:00Z");
    private static final String PAGE = """
            <title>Home</title>
            <a href="/a">a</a> <a href="/b?utm_source=x">b</a> <a href="/a#again">a again</a>
            <a href="http://other.example/">other host</a> <a href="mailto:x@y.z">mail</a>
            <a href="/sponsored" rel="nofollow">sponsored</a>
            """;

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final ParserMetrics metrics = new ParserMetrics(registry);

    private PageProcessor processor(FieldExtractor fields) {
        PageParser parser = new PageParser(UrlNormalizer.defaults(), CharsetDetector.defaults(), ParseLimits.defaults(),
                fields, System::nanoTime);
        ScopeChain scope = ScopeChain.of(new ScopeSettings(ScopeMode.HOST, 3, 2048, 3, 100, List.of(), List.of()));
        return new PageProcessor(parser, new SitemapParser(UrlNormalizer.defaults(), 1 << 20, 1000), scope, metrics,
                Clock.fixed(NOW, ZoneOffset.UTC), System::nanoTime);
    }

    private double rejected(RejectReason reason) {
        return registry.get("crawl.parse.links.rejected").tag("reason", reason.tag()).counter().count();
    }

    @Test
    void publishesFollowableLinksOneLevelDeeperAndOneRecord() {
        FetchedPage page = Pages.html("http://site.example/", PAGE);

        PageOutputs out = processor(FieldExtractor.NONE).process(page);

        assertThat(out.requests()).containsExactly(
                CrawlRequest.discovered("http://site.example/a", 2, "http://site.example/", NOW),
                CrawlRequest.discovered("http://site.example/b", 2, "http://site.example/", NOW));
        assertThat(out.record().url()).isEqualTo("http://site.example/");
        assertThat(out.record().title()).isEqualTo("Home");
        assertThat(out.record().links()).as("distinct usable links found").isEqualTo(4);
        assertThat(rejected(RejectReason.OUT_OF_SCOPE)).isEqualTo(1);
        assertThat(rejected(RejectReason.NOFOLLOW)).isEqualTo(1);
        assertThat(rejected(RejectReason.SCHEME)).isEqualTo(1);
        assertThat(metrics.pages(ParsedPage.Kind.HTML)).isEqualTo(1);
        assertThat(metrics.linksFound()).isEqualTo(4);
        assertThat(registry.get("crawl.parse.charset").tag("source", "header").counter().count()).isEqualTo(1);
        assertThat(registry.get("crawl.parse.duration").timer().count()).isEqualTo(1);
    }

    @Test
    void linksOfErrorPagesAreNotFollowed() {
        FetchedPage page = Pages.page("http://site.example/missing", 404, "text/html",
                PAGE.getBytes(java.nio.charset.StandardCharsets.UTF_8), Map.of(), 1);

        PageOutputs out = processor(FieldExtractor.NONE).process(page);

        assertThat(out.requests()).isEmpty();
        assertThat(out.record().status()).isEqualTo(404);
        assertThat(out.record().title()).isEqualTo("Home");
        assertThat(rejected(RejectReason.ERROR_STATUS)).isEqualTo(4);
    }

    @Test
    void aNofollowPageFollowsNothing() {
        FetchedPage page = Pages.html("http://site.example/", "<meta name=robots content=nofollow>" + PAGE);

        PageOutputs out = processor(FieldExtractor.NONE).process(page);

        assertThat(out.requests()).isEmpty();
        assertThat(rejected(RejectReason.NOFOLLOW)).isEqualTo(4);
    }

    @Test
    void aPageWhoseParseThrowsStillGetsAMetadataRecord() {
        FieldExtractor broken = (url, doc) -> {
            throw new IllegalStateException("extractor bug");
        };
        FetchedPage page = Pages.html("http://site.example/", PAGE);

        PageOutputs out = processor(broken).process(page);

        assertThat(out.parsed().kind()).isEqualTo(ParsedPage.Kind.FAILED);
        assertThat(out.parsed().error()).contains("extractor bug");
        assertThat(out.requests()).isEmpty();
        assertThat(out.record().url()).isEqualTo("http://site.example/");
        assertThat(out.record().status()).isEqualTo(200);
        assertThat(out.record().title()).isNull();
        assertThat(metrics.pages(ParsedPage.Kind.FAILED)).isEqualTo(1);
    }

    @Test
    void aRedirectGetsARecordWithItsTargetAndNoLinks() {
        PageOutputs out = processor(FieldExtractor.NONE).process(Pages.redirect("http://site.example/old",
                "http://site.example/new"));

        assertThat(out.requests()).isEmpty();
        assertThat(out.record().redirectTo()).isEqualTo("http://site.example/new");
        assertThat(metrics.pages(ParsedPage.Kind.REDIRECT)).isEqualTo(1);
    }

    @Test
    void depthLimitHoldsAtTheBoundary() {
        FetchedPage atLimit = Pages.page("http://site.example/deep", 200, "text/html",
                "<a href=/deeper>x</a>".getBytes(java.nio.charset.StandardCharsets.UTF_8), Map.of(), 3);

        PageOutputs out = processor(FieldExtractor.NONE).process(atLimit);

        assertThat(out.requests()).isEmpty();
        assertThat(rejected(RejectReason.MAX_DEPTH)).isEqualTo(1);
    }

    @Test
    void aSitemapsUrlsAreLinksCappedBySitemapLimitNotTheOutlinkCap() {
        StringBuilder xml = new StringBuilder("<?xml version='1.0'?><urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'>");
        for (int i = 0; i < 150; i++) {
            xml.append("<url><loc>http://site.example/item/").append(i).append("</loc></url>");
        }
        xml.append("<url><loc>http://elsewhere.example/x</loc></url></urlset>");
        FetchedPage sitemap = Pages.page("http://site.example/sitemap.xml", "application/xml",
                xml.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));

        PageOutputs out = processor(FieldExtractor.NONE).process(sitemap);

        assertThat(out.parsed().kind()).isEqualTo(ParsedPage.Kind.SITEMAP);
        assertThat(out.requests()).as("more than the 100-outlink cap of pages").hasSize(150);
        assertThat(out.requests().get(0).depth()).isEqualTo(2);
        assertThat(out.record().links()).isEqualTo(151);
        assertThat(rejected(RejectReason.OUT_OF_SCOPE)).isEqualTo(1);
        assertThat(metrics.pages(ParsedPage.Kind.SITEMAP)).isEqualTo(1);
    }
}
