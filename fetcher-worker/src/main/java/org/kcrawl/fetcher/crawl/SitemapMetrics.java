package org.kcrawl.fetcher.crawl;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.kcrawl.common.metrics.MeterCatalogue;
import org.kcrawl.common.metrics.Meters;

/** The fetcher's sitemap meter: sitemap URLs it took from robots.txt and published on the urls topic. */
final class SitemapMetrics {
    /** Counter of sitemap URLs from robots.txt {@code Sitemap:} lines published (acknowledged) on the urls topic. */
    static final String DISCOVERED = MeterCatalogue.FETCH_SITEMAPS_DISCOVERED;

    private final Counter discovered;

    SitemapMetrics(MeterRegistry registry) {
        if (registry == null) {
            throw new IllegalArgumentException("registry must not be null");
        }
        this.discovered = Meters.counter(DISCOVERED).register(registry);
    }

    void discovered(int n) {
        discovered.increment(n);
    }
}
