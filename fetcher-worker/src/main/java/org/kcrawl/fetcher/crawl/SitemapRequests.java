package org.kcrawl.fetcher.crawl;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.url.HostKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a host's robots.txt {@code Sitemap:} URLs into crawl requests: normalized by the crawl's
 * normalizer (the one redirect targets get), still on the host after normalization, each once, at
 * depth 0 (a sitemap is an entry point of the site like a seed), with the robots.txt as source.
 */
final class SitemapRequests {
    private static final Logger log = LoggerFactory.getLogger(SitemapRequests.class);

    private final UnaryOperator<String> normalizer;

    SitemapRequests(UnaryOperator<String> normalizer) {
        if (normalizer == null) {
            throw new IllegalArgumentException("normalizer must not be null");
        }
        this.normalizer = normalizer;
    }

    /** The requests for {@code sitemaps} declared in {@code robotsUrl} of {@code host}; unusable URLs are left out. */
    List<CrawlRequest> of(String host, String robotsUrl, List<String> sitemaps, Instant now) {
        Set<String> urls = new LinkedHashSet<>();
        for (String raw : sitemaps) {
            String url = normalized(raw);
            if (url != null && sameHost(url, host)) {
                urls.add(url);
            }
        }
        List<CrawlRequest> out = new ArrayList<>(urls.size());
        for (String url : urls) {
            try {
                out.add(CrawlRequest.discovered(url, 0, robotsUrl, now));
            } catch (IllegalArgumentException e) {
                // Only an identity normalizer lets such a URL through; the message refuses it.
                log.debug("sitemap {} is not a valid crawl request: {}", url, e.getMessage());
            }
        }
        return out;
    }

    private String normalized(String raw) {
        try {
            String url = normalizer.apply(raw);
            if (url == null) {
                log.debug("sitemap {} rejected by the normalizer", raw);
            }
            return url;
        } catch (IllegalArgumentException e) {
            log.debug("sitemap {} is not a usable URL: {}", raw, e.getMessage());
            return null;
        }
    }

    private static boolean sameHost(String url, String host) {
        try {
            return HostKey.of(url).equals(host);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
