package org.kcrawl.fetcher.crawl;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.kcrawl.common.kafka.OutputPublisher;
import org.kcrawl.common.kafka.Sends;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.http.politeness.TimeSource;
import org.kcrawl.http.robots.SitemapOffer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes the {@code Sitemap:} URLs of hosts' robots.txt files, when {@code follow_sitemaps} is on: the
 * first URL of a host to get a verdict from a freshly fetched robots.txt also publishes the file's
 * same-host sitemaps as its own outputs (before its seen marker, and before its offset is committed), so
 * they are published at least once per fetch of the file.
 */
final class SitemapPublisher {
    private static final Logger log = LoggerFactory.getLogger(SitemapPublisher.class);

    private final boolean follow;
    private final SitemapRequests requests;
    private final SitemapMetrics metrics;
    private final OutputPublisher outputs;
    private final TimeSource time;

    SitemapPublisher(boolean follow, RedirectRules redirects, OutputPublisher outputs, TimeSource time,
                     MeterRegistry registry) {
        this.follow = follow;
        this.requests = new SitemapRequests(redirects.normalizer());
        this.metrics = new SitemapMetrics(registry);
        this.outputs = outputs;
        this.time = time;
    }

    /**
     * Publishes the sitemaps of the host's robots.txt when {@code task}'s URL is the first to take them. If
     * publishing fails they are offered again, and the URL's own stage fails and is redone.
     */
    void publish(UrlTask task, SitemapOffer offer) {
        if (!follow || !offer.pending()) {
            return;
        }
        List<String> taken = offer.take();
        if (taken.isEmpty()) {
            return;
        }
        List<CrawlRequest> found = requests.of(task.host(), offer.robotsUrl(), taken, time.now());
        if (found.isEmpty()) {
            return;
        }
        List<CompletableFuture<Void>> sends = new ArrayList<>(found.size());
        for (CrawlRequest r : found) {
            sends.add(outputs.request(r, task.host(), null));
        }
        CompletableFuture<Void> acked = Sends.all(sends);
        task.sitemaps = acked;
        acked.whenComplete((v, error) -> {
            if (error != null) {
                offer.giveBack(taken);
            } else {
                log.debug("robots.txt of {} listed {} sitemaps, published", task.host(), found.size());
                metrics.discovered(found.size());
            }
        });
    }

    /** {@code terminal}, the outputs its seen marker waits for, and the acknowledgement of its sitemaps if any. */
    List<CompletableFuture<Void>> withSitemaps(UrlTask task, List<CompletableFuture<Void>> terminal) {
        CompletableFuture<Void> sitemaps = task.sitemaps;
        if (sitemaps == null) {
            return terminal;
        }
        List<CompletableFuture<Void>> all = new ArrayList<>(terminal);
        all.add(sitemaps);
        return all;
    }

    /** The stage {@code task}'s offset waits for: its outcome and, with sitemaps followed, their acknowledgement. */
    CompletionStage<?> outcome(UrlTask task) {
        return follow ? task.outcome() : task.done;
    }
}
