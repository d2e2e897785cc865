package org.kcrawl.fetcher.crawl;

import java.time.Duration;
import org.kcrawl.common.Checks;
import org.kcrawl.common.config.SharedSettings;
import org.kcrawl.http.FetchSettings;

/**
 * Per-URL rules of the {@link FetchHandler}.
 *
 * @param maxDepth deepest link distance fetched; deeper requests are counted skips
 * @param maxPages URLs admitted for fetching by this worker, 0 for no limit
 * @param maxHold longest a URL waits in memory for its not-before time; URLs that must wait longer
 *                are parked (re-published to a parking tier) so they do not pin the partition's
 *                committed offset
 * @param parkTiers the delays of the parking tiers
 * @param maxPagesPerHost URLs of one host admitted for fetching per assignment of its partition, 0
 *                        for no limit
 * @param followSitemaps publish the same-host {@code Sitemap:} URLs of each robots.txt on the urls topic
 * @param renderRoute the URLs handed to the render workers (after depth, dedup and budgets, before
 *                    robots.txt and any request) instead of being fetched here
 * @param revisits when each fetched URL is due again, as its status in the seen topic says
 */
public record HandlerSettings(int maxDepth, long maxPages, Duration maxHold, ParkingTiers parkTiers,
                              long maxPagesPerHost, boolean followSitemaps, RenderRoute renderRoute,
                              RevisitSchedule revisits) {
    /** The schedule of workers that set none: the declared defaults of the revisit settings. */
    static final RevisitSchedule DEFAULT_REVISITS = new RevisitSchedule(FetcherSettings.REVISIT_INTERVAL.defaultDuration(),
            FetcherSettings.REVISIT_MIN_INTERVAL.defaultDuration(), FetcherSettings.REVISIT_MAX_INTERVAL.defaultDuration());

    public HandlerSettings {
        SharedSettings.MAX_DEPTH.check(maxDepth, "max_depth");
        FetcherSettings.MAX_PAGES.check(maxPages, "max_pages");
        FetchSettings.MAX_HOLD.check(Checks.notNull(maxHold, "max_hold"), "max_hold");
        if (parkTiers == null) {
            throw new IllegalArgumentException("parkTiers must not be null");
        }
        parkTiers.checkFits(maxHold);
        FetcherSettings.MAX_PAGES_PER_HOST.check(maxPagesPerHost, "max_pages_per_host");
        if (renderRoute == null) {
            throw new IllegalArgumentException("renderRoute must not be null (RenderRoute.none() for none)");
        }
        if (revisits == null) {
            throw new IllegalArgumentException("revisits must not be null");
        }
    }

    /** Settings that render nothing, with {@code revisits}. */
    public HandlerSettings(int maxDepth, long maxPages, Duration maxHold, ParkingTiers parkTiers,
                           long maxPagesPerHost, boolean followSitemaps, RevisitSchedule revisits) {
        this(maxDepth, maxPages, maxHold, parkTiers, maxPagesPerHost, followSitemaps, RenderRoute.none(), revisits);
    }

    /** Settings with {@code renderRoute} and the default revisit schedule. */
    public HandlerSettings(int maxDepth, long maxPages, Duration maxHold, ParkingTiers parkTiers,
                           long maxPagesPerHost, boolean followSitemaps, RenderRoute renderRoute) {
        this(maxDepth, maxPages, maxHold, parkTiers, maxPagesPerHost, followSitemaps, renderRoute, DEFAULT_REVISITS);
    }

    /** Settings that render nothing, with the default revisit schedule. */
    public HandlerSettings(int maxDepth, long maxPages, Duration maxHold, ParkingTiers parkTiers,
                           long maxPagesPerHost, boolean followSitemaps) {
        this(maxDepth, maxPages, maxHold, parkTiers, maxPagesPerHost, followSitemaps, RenderRoute.none(),
                DEFAULT_REVISITS);
    }

    /** Settings without a per-host budget, following sitemaps. */
    public HandlerSettings(int maxDepth, long maxPages, Duration maxHold, ParkingTiers parkTiers) {
        this(maxDepth, maxPages, maxHold, parkTiers, 0, true);
    }

    /** Defaults: depth 5, no page limits, 10 s hold, tiers of 10 s, 1 min, 10 min and 1 h, sitemaps followed. */
    public static HandlerSettings defaults() {
        return new HandlerSettings(5, 0, Duration.ofSeconds(10), ParkingTiers.defaults());
    }
}
