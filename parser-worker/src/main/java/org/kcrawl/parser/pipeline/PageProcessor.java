package org.kcrawl.parser.pipeline;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.message.FailureRecord;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.redirect.Redirect;
import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.parser.html.PageParser;
import org.kcrawl.parser.html.ParsedPage;
import org.kcrawl.parser.html.ScriptShell;
import org.kcrawl.common.url.InvalidUrlException;
import org.kcrawl.parser.record.RecordBuilder;
import org.kcrawl.common.scope.RejectReason;
import org.kcrawl.parser.scope.ScopeChain;
import org.kcrawl.parser.scope.ScopeResult;
import org.kcrawl.common.scope.SourcePage;
import org.kcrawl.parser.sitemap.SitemapParser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns one fetched page into its outputs: parse (as a sitemap or as HTML), judge the links, build
 * the record. CPU-bound and free of I/O, so it runs on the parse pool. It never loses a page: when
 * parsing throws, the page still gets a metadata-only record and the error is logged and counted.
 * Thread-safe.
 *
 * <p>A page whose meta refresh is a redirect ({@link RedirectRules#isRedirect}: another URL, due
 * within {@code max_refresh_delay}) is followed as the fetcher follows a 3xx, by the same
 * {@link RedirectRules}: the record says {@code redirect_to}, the target is published as a new URL at
 * the page's depth with one more hop (when in scope; a seed's always, and its move of the crawl's
 * scope with it), and one hop past {@code max_redirect_hops} the page ends as a {@code redirect_limit}
 * failure instead of a record. Its links are not followed, as a 3xx body's are not, as Scrapy drops
 * them and as a browser, gone to the target, never shows them; the record still says what the page
 * was (title, link count, text), since it was read anyway. A nofollow page's refresh is still
 * followed: it is a redirect, not a link, as a nofollow page's 3xx would be.
 */
public final class PageProcessor {
    private static final Logger log = LoggerFactory.getLogger(PageProcessor.class);

    private final PageParser parser;
    private final SitemapParser sitemaps;
    private final ScopeChain scope;
    private final RedirectRules redirects;
    private final ParserMetrics metrics;
    private final Clock clock;
    private final LongSupplier nanoClock;
    private final boolean renderAuto;

    /** A processor that renders nothing ({@code render_auto} off). */
    public PageProcessor(PageParser parser, SitemapParser sitemaps, ScopeChain scope, RedirectRules redirects,
                         ParserMetrics metrics, Clock clock, LongSupplier nanoClock) {
        this(parser, sitemaps, scope, redirects, metrics, clock, nanoClock, false);
    }

    /**
     * @param parser parses HTML (and gives redirects and other types their metadata-only results)
     * @param sitemaps reads pages that are sitemaps
     * @param scope judges the links
     * @param redirects follows meta refreshes, as the fetchers follow redirects (the same scope as
     *                  {@code scope}'s, the fetchers' hop limit)
     * @param metrics counts what happened
     * @param clock stamps discovered links
     * @param nanoClock times the work
     * @param renderAuto send fetched pages that look built by their scripts ({@link ScriptShell}) to the render
     *                   workers instead of recording them
     */
    public PageProcessor(PageParser parser, SitemapParser sitemaps, ScopeChain scope, RedirectRules redirects,
                         ParserMetrics metrics, Clock clock, LongSupplier nanoClock, boolean renderAuto) {
        if (parser == null || sitemaps == null || scope == null || redirects == null || metrics == null
                || clock == null || nanoClock == null) {
            throw new IllegalArgumentException(
                    "parser, sitemaps, scope, redirects, metrics, clock and nanoClock must not be null");
        }
        this.parser = parser;
        this.sitemaps = sitemaps;
        this.scope = scope;
        this.redirects = redirects;
        this.metrics = metrics;
        this.clock = clock;
        this.nanoClock = nanoClock;
        this.renderAuto = renderAuto;
    }

    /** The outputs of {@code page}. */
    public PageOutputs process(FetchedPage page) {
        long start = nanoClock.getAsLong();
        if (page.notModified()) {
            return notModified(page, start);
        }
        ParsedPage parsed = parseKeepingThePage(page);
        if (renderAuto && toRender(page, parsed)) {
            // Its record and links are the rendered page's: nothing of this copy is published.
            log.debug("{} looks built by its scripts; sending it to be rendered", page.requestedUrl());
            metrics.routedToRender();
            return PageOutputs.toRender(page.request(), parsed);
        }
        Instant now = clock.instant();
        Redirect refresh = followRefresh(page, parsed, now);
        List<CrawlRequest> requests = new ArrayList<>();
        ScopeResult verdict = judge(page, parsed, refresh != null,
                url -> requests.add(CrawlRequest.discovered(url, page.depth() + 1, page.finalUrl(), now)));
        PageOutputs out;
        if (refresh instanceof Redirect.Limit limit) {
            FailureRecord failure = FailureRecord.of(page.request(), FailureReason.REDIRECT_LIMIT, limit.detail(),
                    page.status(), now);
            out = new PageOutputs(null, failure, List.of(), null, null, parsed, verdict);
        } else if (refresh instanceof Redirect.Follow follow) {
            out = new PageOutputs(RecordBuilder.build(page, parsed, follow.target()), null, List.of(), follow.next(),
                    follow.moved(), parsed, verdict);
        } else {
            out = new PageOutputs(RecordBuilder.build(page, parsed), requests, parsed, verdict);
        }
        metrics.processed(parsed, verdict.rejected(), Duration.ofNanos(nanoClock.getAsLong() - start));
        return out;
    }

    /**
     * A recrawl's 304: a record that says so and nothing else. There is no body to parse, and its links
     * are not published again: the recrawl revisits every URL the crawl knew, each with a request of its
     * own, so an unchanged page's links are not lost.
     */
    private PageOutputs notModified(FetchedPage page, long start) {
        ParsedPage parsed = ParsedPage.metadataOnly(ParsedPage.Kind.NOT_MODIFIED, null);
        ScopeResult none = new ScopeResult(List.of(), Map.of());
        PageOutputs out = new PageOutputs(RecordBuilder.build(page, parsed), List.of(), parsed, none);
        metrics.processed(parsed, none.rejected(), Duration.ofNanos(nanoClock.getAsLong() - start));
        return out;
    }

    /** A fetched (not yet rendered) 2xx HTML page, no redirect, that looks like a script-built shell. */
    private static boolean toRender(FetchedPage page, ParsedPage parsed) {
        return !page.rendered() && page.redirectTo() == null && page.status() >= 200 && page.status() <= 299
                && parsed.refresh() == null && ScriptShell.looksScriptBuilt(page.body(), parsed);
    }

    /** The redirect the page's meta refresh amounts to, or null when it declares none that is one. */
    private Redirect followRefresh(FetchedPage page, ParsedPage parsed, Instant now) {
        if (!redirects.isRedirect(parsed.refresh(), page.requestedUrl())) {
            return null;
        }
        Redirect redirect = redirects.follow(page.request(), parsed.refresh().url(), now);
        if (redirect instanceof Redirect.Follow follow && follow.moved() != null) {
            log.info("seed {} refreshes to {}: {} joins the crawl's scope", page.requestedUrl(), follow.target(),
                    follow.moved().site());
        } else if (redirect instanceof Redirect.Follow follow && follow.next() == null) {
            log.debug("meta refresh target {} of {} is out of scope", follow.target(), page.requestedUrl());
        }
        return redirect;
    }

    private ParsedPage parseKeepingThePage(FetchedPage page) {
        try {
            return SitemapParser.isSitemap(page) ? sitemaps.parse(page) : parser.parse(page);
        } catch (RuntimeException | StackOverflowError e) {
            // A jsoup or parser bug on one page must cost that page's content only, never the page.
            log.warn("parsing {} failed; writing a metadata-only record", page.finalUrl(), e);
            return ParsedPage.metadataOnly(ParsedPage.Kind.FAILED, e.toString());
        }
    }

    /**
     * The verdict on the page's links, each accepted one handed to {@code onAccepted} as it is judged;
     * none is followed from a page that {@code refreshes} elsewhere.
     */
    private ScopeResult judge(FetchedPage page, ParsedPage parsed, boolean refreshes, Consumer<String> onAccepted) {
        ScopeResult verdict;
        if (parsed.links().isEmpty()) {
            verdict = new ScopeResult(List.of(), Map.of());
        } else if (refreshes) {
            verdict = ScopeChain.rejectAll(parsed.links(), RejectReason.REFRESH);
        } else if (page.status() < 200 || page.status() > 299) {
            verdict = ScopeChain.rejectAll(parsed.links(), RejectReason.ERROR_STATUS);
        } else if (parsed.robots().nofollow()) {
            verdict = ScopeChain.rejectAll(parsed.links(), RejectReason.NOFOLLOW);
        } else {
            int cap = parsed.kind() == ParsedPage.Kind.SITEMAP ? sitemaps.maxUrls() : scope.maxOutlinks();
            verdict = scope.apply(SourcePage.of(page.finalUrl(), page.depth()), parsed.links(), cap, onAccepted);
        }
        if (parsed.droppedLinks().isEmpty()) {
            return verdict;
        }
        Map<RejectReason, Integer> rejected = new EnumMap<>(RejectReason.class);
        rejected.putAll(verdict.rejected());
        parsed.droppedLinks().forEach((problem, n) -> rejected.merge(reasonFor(problem), n, Integer::sum));
        return new ScopeResult(verdict.accepted(), rejected);
    }

    private static RejectReason reasonFor(InvalidUrlException.Problem problem) {
        return switch (problem) {
            case UNSUPPORTED_SCHEME -> RejectReason.SCHEME;
            case TOO_LONG -> RejectReason.URL_TOO_LONG;
            case MALFORMED -> RejectReason.INVALID_URL;
        };
    }
}
