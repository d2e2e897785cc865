package org.kcrawl.parser.scope;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.kcrawl.common.scope.CrawlSites;
import org.kcrawl.common.scope.LinkCandidate;
import org.kcrawl.common.scope.LinkFilter;
import org.kcrawl.common.scope.RejectReason;
import org.kcrawl.common.scope.ScopeSettings;
import org.kcrawl.common.scope.SourcePage;
import org.kcrawl.common.scope.UrlScope;
import org.kcrawl.common.url.HttpUrl;
import org.kcrawl.common.url.InvalidUrlException;
import org.kcrawl.parser.html.DiscoveredLink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides which of a page's links are followed: nofollow first, then each filter in order, then the
 * outlink cap. It fails closed: a filter that throws rejects the link with
 * {@link RejectReason#FILTER_ERROR}. Every rejection is counted by reason in the result. Thread-safe
 * when its filters are.
 */
public final class ScopeChain {
    private static final Logger log = LoggerFactory.getLogger(ScopeChain.class);
    /** One broken filter meets every link; log the first error and then one in this many. */
    private static final long LOG_EVERY = 1000;

    private final UrlScope rules;
    private final int maxOutlinks;
    private final AtomicLong filterErrors = new AtomicLong();

    /** A chain of {@code filters}, applied in order, taking at most {@code maxOutlinks} links a page. */
    public ScopeChain(List<LinkFilter> filters, int maxOutlinks) {
        this(UrlScope.over(filters), maxOutlinks);
    }

    private ScopeChain(UrlScope rules, int maxOutlinks) {
        if (maxOutlinks < 0) {
            throw new IllegalArgumentException("maxOutlinks must be >= 0 but was " + maxOutlinks);
        }
        this.rules = rules;
        this.maxOutlinks = maxOutlinks;
    }

    /** The chain for {@code settings}, whose crawl sites are the settings' seed sites and never grow. */
    public static ScopeChain of(ScopeSettings settings) {
        return of(settings, new CrawlSites());
    }

    /**
     * The chain for {@code settings} over the crawl's live {@code sites} (to which the settings' seed
     * sites are added): the crawl's one {@link UrlScope}, with the page-level rules (nofollow, the outlink
     * cap) around it.
     */
    public static ScopeChain of(ScopeSettings settings, CrawlSites sites) {
        return new ScopeChain(UrlScope.of(settings, sites), settings.maxOutlinks());
    }

    /** Judges the links found on {@code source}, taking at most the chain's outlink cap. */
    public ScopeResult apply(SourcePage source, List<DiscoveredLink> links) {
        return apply(source, links, maxOutlinks);
    }

    /** Judges the links of {@code source} with another outlink cap (a sitemap lists far more URLs than a page links). */
    public ScopeResult apply(SourcePage source, List<DiscoveredLink> links, int maxOutlinks) {
        return apply(source, links, maxOutlinks, url -> { });
    }

    /**
     * As {@link #apply(SourcePage, List, int)}, handing each accepted URL to {@code onAccepted} as soon as
     * it is judged. A caller that builds a request of it there checks a URL that {@link HttpUrl} has just
     * parsed on this thread, which it does not parse again; built after the whole page was judged, every
     * link would be scanned twice.
     */
    public ScopeResult apply(SourcePage source, List<DiscoveredLink> links, int maxOutlinks,
                             Consumer<String> onAccepted) {
        List<String> accepted = new ArrayList<>();
        Map<RejectReason, Integer> rejected = new EnumMap<>(RejectReason.class);
        int depth = source.depth() + 1;
        for (DiscoveredLink link : links) {
            RejectReason reason = link.nofollow() ? RejectReason.NOFOLLOW : judge(link, depth, source);
            if (reason == null && accepted.size() >= maxOutlinks) {
                reason = RejectReason.MAX_OUTLINKS;
            }
            if (reason == null) {
                accepted.add(link.url());
                onAccepted.accept(link.url());
            } else {
                rejected.merge(reason, 1, Integer::sum);
            }
        }
        return new ScopeResult(accepted, rejected);
    }

    /** Rejects every link for one page-level {@code reason} (a nofollow page, an error status). */
    public static ScopeResult rejectAll(List<DiscoveredLink> links, RejectReason reason) {
        Map<RejectReason, Integer> rejected = new EnumMap<>(RejectReason.class);
        if (!links.isEmpty()) {
            rejected.put(reason, links.size());
        }
        return new ScopeResult(List.of(), rejected);
    }

    /** The outlink cap of ordinary pages. */
    public int maxOutlinks() {
        return maxOutlinks;
    }

    /** Filter errors seen by this chain. */
    public long filterErrors() {
        return filterErrors.get();
    }

    /** The crawl's rules on one link; a rule that fails rejects it (fails closed). */
    private RejectReason judge(DiscoveredLink link, int depth, SourcePage source) {
        try {
            return rules.judge(new LinkCandidate(link.url(), HttpUrl.parse(link.url()), depth, source));
        } catch (InvalidUrlException e) {
            return RejectReason.INVALID_URL;
        } catch (UrlScope.RuleFailure e) {
            long n = filterErrors.incrementAndGet();
            if (n % LOG_EVERY == 1) {
                // A stack overflow's trace is noise (hundreds of frames of one regular expression).
                Throwable cause = e.getCause();
                log.warn("scope filter {} threw on a link, which is rejected (filter errors so far: {}): {}",
                        e.rule().getClass().getName(), n, cause.toString(),
                        cause instanceof StackOverflowError ? null : cause);
            }
            return RejectReason.FILTER_ERROR;
        }
    }
}
