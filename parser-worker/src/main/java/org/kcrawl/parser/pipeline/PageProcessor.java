package org.kcrawl.parser.pipeline;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.PageRecord;
import org.kcrawl.parser.html.PageParser;
import org.kcrawl.parser.html.ParsedPage;
import org.kcrawl.common.url.InvalidUrlException;
import org.kcrawl.parser.record.RecordBuilder;
import org.kcrawl.parser.scope.RejectReason;
import org.kcrawl.parser.scope.ScopeChain;
import org.kcrawl.parser.scope.ScopeResult;
import org.kcrawl.parser.scope.SourcePage;
import org.kcrawl.parser.sitemap.SitemapParser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns one fetched page into its outputs: parse (as a sitemap or as HTML), judge the links, build
 * the record. CPU-bound and
 * free of I/O, so it runs on the parse pool. It never loses a page: when parsing throws, the page
 * still gets a metadata-only record and the error is logged and counted. Thread-safe.
 */
public final class PageProcessor {
    private static final Logger log = LoggerFactory.getLogger(PageProcessor.class);

    private final PageParser parser;
    private final SitemapParser sitemaps;
    private final ScopeChain scope;
    private final ParserMetrics metrics;
    private final Clock clock;
    private final LongSupplier nanoClock;

    /**
     * @param parser parses HTML (and gives redirects and other types their metadata-only results)
     * @param sitemaps reads pages that are sitemaps
     * @param scope judges the links
     * @param metrics counts what happened
     * @param clock stamps discovered links
     * @param nanoClock times the work
     */
    public PageProcessor(PageParser parser, SitemapParser sitemaps, ScopeChain scope, ParserMetrics metrics,
                         Clock clock, LongSupplier nanoClock) {
        if (parser == null || sitemaps == null || scope == null || metrics == null || clock == null
                || nanoClock == null) {
            throw new IllegalArgumentException("parser, sitemaps, scope, metrics, clock and nanoClock must not be null");
        }
        this.parser = parser;
        this.sitemaps = sitemaps;
        this.scope = scope;
        this.metrics = metrics;
        this.clock = clock;
        this.nanoClock = nanoClock;
    }

    /** The outputs of {@code page}. */
    public PageOutputs process(FetchedPage page) {
        long start = nanoClock.getAsLong();
        ParsedPage parsed = parseKeepingThePage(page);
        ScopeResult verdict = judge(page, parsed);
        PageRecord record = RecordBuilder.build(page, parsed);
        Instant now = clock.instant();
        List<CrawlRequest> requests = new ArrayList<>(verdict.accepted().size());
        for (String url : verdict.accepted()) {
            requests.add(CrawlRequest.discovered(url, page.depth() + 1, page.finalUrl(), now));
        }
        metrics.processed(parsed, verdict.rejected(), Duration.ofNanos(nanoClock.getAsLong() - start));
        return new PageOutputs(record, requests, parsed, verdict);
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

    private ScopeResult judge(FetchedPage page, ParsedPage parsed) {
        ScopeResult verdict;
        if (parsed.links().isEmpty()) {
            verdict = new ScopeResult(List.of(), Map.of());
        } else if (page.status() < 200 || page.status() > 299) {
            verdict = ScopeChain.rejectAll(parsed.links(), RejectReason.ERROR_STATUS);
        } else if (parsed.robots().nofollow()) {
            verdict = ScopeChain.rejectAll(parsed.links(), RejectReason.NOFOLLOW);
        } else {
            int cap = parsed.kind() == ParsedPage.Kind.SITEMAP ? sitemaps.maxUrls() : scope.maxOutlinks();
            verdict = scope.apply(SourcePage.of(page.finalUrl(), page.depth()), parsed.links(), cap);
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
