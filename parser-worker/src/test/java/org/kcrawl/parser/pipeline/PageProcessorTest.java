package org.kcrawl.parser.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.SchemaVersions;
import org.kcrawl.common.message.ScopeSite;
import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.parser.content.ContentExtractor;
import org.kcrawl.parser.content.ContentOptions;
import org.kcrawl.parser.html.CharsetDetector;
import org.kcrawl.parser.html.FieldExtractor;
import org.kcrawl.parser.html.PageParser;
import org.kcrawl.parser.html.ParseLimits;
import org.kcrawl.parser.html.ParsedPage;
import org.kcrawl.common.url.UrlNormalizer;
import org.kcrawl.common.scope.RejectReason;
import org.kcrawl.parser.scope.ScopeChain;
import org.kcrawl.common.scope.ScopeMode;
import org.kcrawl.common.scope.ScopeSettings;
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
        return processor(fields, RedirectRules.defaults(5));
    }

    private PageProcessor processor(FieldExtractor fields, RedirectRules redirects) {
        return processor(fields, redirects, false);
    }

    private PageProcessor processor(FieldExtractor fields, RedirectRules redirects, boolean renderAuto) {
        PageParser parser = new PageParser(UrlNormalizer.defaults(), CharsetDetector.defaults(), ParseLimits.defaults(),
                fields, new ContentExtractor(ContentOptions.DEFAULTS), System::nanoTime);
        ScopeChain scope = ScopeChain.of(new ScopeSettings(ScopeMode.HOST, 3, 2048, 3, 100, List.of(), List.of()));
        return new PageProcessor(parser, new SitemapParser(UrlNormalizer.defaults(), 1 << 20, 1000), scope,
                redirects, metrics, Clock.fixed(NOW, ZoneOffset.UTC), System::nanoTime, renderAuto);
    }

    /** A page of {@code html} answering {@code request}. */
    private static FetchedPage answering(CrawlRequest request, String html) {
        return new FetchedPage(SchemaVersions.CURRENT, request.url(), request.url(), 200,
                Map.of("content-type", "text/html"), "text/html; charset=utf-8", html.getBytes(StandardCharsets.UTF_8),
                Pages.FETCHED_AT, 9, request.depth(), false, null, request.hops(), request.seed());
    }

    private double rejected(RejectReason reason) {
        return registry.get("crawl.parse.links.rejected").tag("reason", reason.tag()).counter().count();
    }

    @Test
    void aRecrawlsNotModifiedPageGetsARecordThatSaysSoAndNothingIsParsed() {
        FetchedPage notModified = new FetchedPage(SchemaVersions.PAGE, "http://site.example/a", "http://site.example/a",
                304, Map.of("etag", "\"e1\""), null, new byte[0], Pages.FETCHED_AT, 4, 1, false, null, 0, false, false, true,
                NOW.minusSeconds(86400), null);

        PageOutputs out = processor(FieldExtractor.NONE).process(notModified);

        assertThat(out.record().notModified()).isTrue();
        assertThat(out.record().status()).isEqualTo(304);
        assertThat(out.record().url()).isEqualTo("http://site.example/a");
        assertThat(out.record().title()).isNull();
        assertThat(out.requests()).isEmpty();
        assertThat(metrics.pages(ParsedPage.Kind.NOT_MODIFIED)).isEqualTo(1);
        assertThat(metrics.pages(ParsedPage.Kind.HTML)).isZero();
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

    /** A single-page application's shell: its title and links exist only once its script has run. */
    private static final String SHELL = "<!doctype html><title>Loading</title><script src=/app.js defer></script>"
            + "<div id=app></div><noscript>This site needs JavaScript.</noscript>";

    private double routedToRender() {
        return registry.get(org.kcrawl.common.metrics.MeterCatalogue.PARSE_RENDER_ROUTED).counter().count();
    }

    @Test
    void withRenderAutoAScriptShellIsSentToBeRenderedAndNothingOfItIsPublished() {
        FetchedPage page = Pages.page("http://site.example/app", 200, "text/html",
                SHELL.getBytes(StandardCharsets.UTF_8), Map.of(), 2);

        PageOutputs out = processor(FieldExtractor.NONE, RedirectRules.defaults(5), true).process(page);

        assertThat(out.render()).isEqualTo(page.request());
        assertThat(out.render().depth()).isEqualTo(2);
        assertThat(out.record()).isNull();
        assertThat(out.failure()).isNull();
        assertThat(out.requests()).isEmpty();
        assertThat(routedToRender()).isEqualTo(1);
    }

    @Test
    void withoutRenderAutoAScriptShellIsRecordedAsFetched() {
        PageOutputs out = processor(FieldExtractor.NONE).process(Pages.html("http://site.example/app", SHELL));

        assertThat(out.render()).isNull();
        assertThat(out.record().title()).isEqualTo("Loading");
        assertThat(routedToRender()).isZero();
    }

    @Test
    void aRenderedPageIsRecordedEvenWhenItStillLooksLikeAShellSoNoPageGoesRoundForever() {
        FetchedPage fetched = Pages.html("http://site.example/app", SHELL);
        FetchedPage rendered = new FetchedPage(fetched.v(), fetched.requestedUrl(), fetched.finalUrl(), 200,
                fetched.headers(), fetched.contentType(), fetched.body(), fetched.fetchedAt(), 5, 1, false, null, 0,
                false, true);

        PageOutputs out = processor(FieldExtractor.NONE, RedirectRules.defaults(5), true).process(rendered);

        assertThat(out.render()).isNull();
        assertThat(out.record().title()).isEqualTo("Loading");
    }

    @Test
    void anErrorPageOrAPageWithTextIsNotSentToBeRendered() {
        PageProcessor processor = processor(FieldExtractor.NONE, RedirectRules.defaults(5), true);
        FetchedPage missing = Pages.page("http://site.example/gone", 404, "text/html",
                SHELL.getBytes(StandardCharsets.UTF_8), Map.of(), 1);

        assertThat(processor.process(missing).render()).isNull();
        assertThat(processor.process(Pages.html("http://site.example/", PAGE)).render()).isNull();
        assertThat(routedToRender()).isZero();
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

    @Test
    void aMetaRefreshIsFollowedAsARedirectAndThePagesLinksAreNot() {
        CrawlRequest link = CrawlRequest.discovered("http://site.example/old", 2, "http://site.example/", NOW);
        FetchedPage page = answering(link, "<title>moved</title><meta http-equiv=refresh content='0; url=/new'>"
                + "<a href=/new>click here</a> <a href=/other>other</a>");

        PageOutputs out = processor(FieldExtractor.NONE).process(page);

        assertThat(out.record().redirectTo()).isEqualTo("http://site.example/new");
        assertThat(out.record().title()).as("what the page said is kept").isEqualTo("moved");
        assertThat(out.record().links()).isEqualTo(2);
        assertThat(out.redirect()).isEqualTo(link.redirectTo("http://site.example/new", NOW));
        assertThat(out.redirect().depth()).as("a redirect keeps the depth").isEqualTo(2);
        assertThat(out.redirect().hops()).isEqualTo(1);
        assertThat(out.requests()).as("links of a page that redirects are not followed").isEmpty();
        assertThat(rejected(RejectReason.REFRESH)).isEqualTo(2);
        assertThat(out.moved()).isNull();
        assertThat(out.failure()).isNull();
    }

    @Test
    void aNofollowPagesRefreshIsStillFollowedAsA3xxWouldBe() {
        CrawlRequest link = CrawlRequest.discovered("http://site.example/old", 1, "http://site.example/", NOW);

        PageOutputs out = processor(FieldExtractor.NONE).process(answering(link,
                "<meta name=robots content='noindex, nofollow'><meta http-equiv=refresh content='0; url=/new'>"));

        assertThat(out.redirect().url()).isEqualTo("http://site.example/new");
        assertThat(out.record().redirectTo()).isEqualTo("http://site.example/new");
    }

    @Test
    void aMetaRefreshOutOfScopeIsRecordedButNotCrawled() {
        CrawlRequest link = CrawlRequest.discovered("http://site.example/old", 1, "http://site.example/", NOW);

        PageOutputs out = processor(FieldExtractor.NONE).process(answering(link,
                "<meta http-equiv=refresh content='0; url=http://other.example/'><a href=/a>a</a>"));

        assertThat(out.record().redirectTo()).isEqualTo("http://other.example/");
        assertThat(out.redirect()).isNull();
        assertThat(out.requests()).isEmpty();
    }

    @Test
    void aSeedsMetaRefreshMovesTheCrawlAsItsRedirectWould() {
        CrawlRequest seed = CrawlRequest.seed("http://site.example/", NOW);

        PageOutputs out = processor(FieldExtractor.NONE).process(answering(seed,
                "<meta http-equiv=refresh content='0; url=http://www.site.example/home.html'>"));

        assertThat(out.redirect().url()).isEqualTo("http://www.site.example/home.html");
        assertThat(out.redirect().seed()).isTrue();
        assertThat(out.redirect().hops()).isEqualTo(1);
        assertThat(out.moved()).isEqualTo(ScopeSite.seedRedirect("www.site.example",
                "http://www.site.example/home.html", "http://site.example/", NOW));
    }

    @Test
    void aMetaRefreshPastTheHopLimitEndsThePageAsARedirectLimitFailure() {
        CrawlRequest fifth = new CrawlRequest(1, "http://site.example/5", 0, "http://site.example/4", NOW, 1, 5, null,
                true);

        PageOutputs out = processor(FieldExtractor.NONE).process(answering(fifth,
                "<meta http-equiv=refresh content='0; url=/6'><a href=/a>a</a>"));

        assertThat(out.record()).isNull();
        assertThat(out.failure().url()).isEqualTo("http://site.example/5");
        assertThat(out.failure().reason()).isEqualTo(FailureReason.REDIRECT_LIMIT);
        assertThat(out.failure().detail()).isEqualTo("more than 5 redirects; the last one pointed to"
                + " http://site.example/6");
        assertThat(out.failure().status()).isEqualTo(200);
        assertThat(out.redirect()).isNull();
        assertThat(out.requests()).isEmpty();
    }

    @Test
    void aSlowRefreshOrAReloadLeavesThePageAPage() {
        RedirectRules tenSeconds = new RedirectRules(RedirectRules.defaults(5).normalizer(),
                RedirectRules.defaults(5).scope(), 5, java.time.Duration.ofSeconds(10));
        CrawlRequest link = CrawlRequest.discovered("http://site.example/p", 1, "http://site.example/", NOW);
        for (String content : new String[] {"11; url=/later", "0", "0; url=/p#top", "0; url=p"}) {
            PageOutputs out = processor(FieldExtractor.NONE, tenSeconds).process(answering(link,
                    "<meta http-equiv=refresh content='" + content + "'><a href=/a>a</a>"));

            assertThat(out.record().redirectTo()).as(content).isNull();
            assertThat(out.redirect()).as(content).isNull();
            assertThat(out.requests()).as(content).extracting(CrawlRequest::url)
                    .containsExactly("http://site.example/a");
        }
        PageOutputs due = processor(FieldExtractor.NONE, tenSeconds).process(answering(link,
                "<meta http-equiv=refresh content='10; url=/later'>"));
        assertThat(due.record().redirectTo()).isEqualTo("http://site.example/later");
    }
}
