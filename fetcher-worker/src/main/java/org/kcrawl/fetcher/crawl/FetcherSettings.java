package org.kcrawl.fetcher.crawl;

import java.util.List;
import org.kcrawl.common.config.Setting;
import org.kcrawl.common.config.SettingList;
import org.kcrawl.common.config.SharedSettings;
import org.kcrawl.http.FetchSettings;

/**
 * The fetcher's own settings, declared once: what it admits, how much it holds in memory, where it parks
 * what waits, its seen-set, and what it hands to the render workers. With the shared ones and
 * {@link FetchSettings} they make {@link #LIST}, the fetcher's settings.
 */
public final class FetcherSettings {
    /** The smallest {@code max_unacked_page_bytes}: below it, every ordinary page would wait for the one before. */
    static final long MIN_UNACKED_PAGE_BYTES = 1024 * 1024;

    /** URLs admitted in one run. */
    public static final Setting MAX_PAGES = Setting.integer("max_pages", 0, "URLs this worker admits for fetching in"
            + " one run, 0 for no limit").atLeast(0).option("--max-pages");

    /** URLs of one host admitted. */
    public static final Setting MAX_PAGES_PER_HOST = Setting.integer("max_pages_per_host", 0, "URLs of one host"
            + " admitted for fetching, 0 for no limit; past it the host's URLs are counted skips (host_budget) without a seen marker, counted per assignment"
            + " of the host's partition").atLeast(0);

    /** When a URL fetched the first time is due again. */
    public static final Setting REVISIT_INTERVAL = Setting.duration("revisit_interval", "1d", "how long after its"
            + " fetch a URL is due again (next_fetch_at), for a URL fetched the first time; what --recrawl-due goes by").positive();

    /** The shortest revisit interval. */
    public static final Setting REVISIT_MIN_INTERVAL = Setting.duration("revisit_min_interval", "1h", "the shortest"
            + " interval adaptation reaches: a recrawled URL that changed gets half its previous interval").positive();

    /** The longest revisit interval. */
    public static final Setting REVISIT_MAX_INTERVAL = Setting.duration("revisit_max_interval", "30d", "the longest"
            + " interval adaptation reaches: a recrawled URL that did not change gets twice its previous interval; both bounds at revisit_interval turn"
            + " adaptation off").positive();

    /** What the fetcher admits and how long it holds it. */
    public static final List<Setting> WORK = List.of(
            MAX_PAGES,
            MAX_PAGES_PER_HOST,
            Setting.flag("follow_sitemaps", true, "publish the Sitemap: URLs of each host's robots.txt (same host"
                    + " only, at most 50) on the urls topic at depth 0, so the parser reads the sitemaps"),
            Setting.integer("max_pending", 10000, "consumed URLs not yet finished before the worker pauses consumption"
                    + " of every partition (the memory bound)").atLeast(1),
            Setting.integer("max_pending_per_partition", 2500, "consumed URLs of one partition not yet finished"
                    + " before that partition alone is paused, so one partition cannot stall the others").atLeast(1),
            FetchSettings.MAX_HOST_QUEUE,
            FetchSettings.MAX_HOLD,
            Setting.durations("park_tiers", List.of("10s", "1m", "10m", "1h"), "the delays of the four parking tiers,"
                    + " shortest first, the shortest no longer than max_hold; the same for every fetcher of a crawl"),
            Setting.size("max_unacked_page_bytes", "32MiB", "bytes of fetched pages waiting for the broker's"
                    + " acknowledgement before no new request starts, so a slow broker pauses fetching instead of"
                    + " filling the heap").atLeast(MIN_UNACKED_PAGE_BYTES),
            Setting.size("max_inflight_body_bytes", "32MiB", "bytes the bodies of responses on the wire may hold"
                    + " beyond the pages waiting for the broker, at least max_body_bytes; with max_unacked_page_bytes"
                    + " and concurrency x 64 KiB it must fit half the heap, checked at start-up"),
            Setting.flag("capture_heads", false, "put each page's request and response heads and the address dialed"
                    + " on the pages topic, for an archiver writing WARC files"));

    /** The seen-set, and when a URL is due again. */
    public static final List<Setting> SEEN = List.of(
            Setting.choice("seen_store", "memory", "where the completed seen-set lives: memory (the heap, read from"
                    + " the seen topic at each assignment) or rocksdb (on disk under seen_store_dir, checkpointed, so an"
                    + " assignment reads only the tail)", "memory", "rocksdb"),
            Setting.text("seen_store_dir", "kcrawl-seen", "the directory of the rocksdb seen store; one per fetcher,"
                    + " on a volume that outlives the process"),
            Setting.duration("seen_restore_timeout", "2m", "what a partition's seen-set restore may take besides its"
                    + " records (see seen_restore_min_rate)").positive(),
            Setting.integer("seen_restore_min_rate", 20000, "the slowest seen-topic reading (records per second) not"
                    + " counted as stuck").atLeast(1),
            REVISIT_INTERVAL,
            REVISIT_MIN_INTERVAL,
            REVISIT_MAX_INTERVAL);

    /** What goes to the render workers instead of being fetched; how they render is theirs to set. */
    public static final List<Setting> RENDER = List.of(
            Setting.list("render_patterns", List.of(), "regular expressions of the URLs to render in a browser: a URL"
                    + " in which one is found goes to the render workers instead of being fetched")
                    .option("--render-patterns", "--render"));

    /** The fetcher's settings, in the order the docs show them. */
    public static final SettingList LIST = SettingList.of("fetcher", SharedSettings.KAFKA, SharedSettings.DELIVERY,
            SharedSettings.MEMBERSHIP, SharedSettings.REDIRECTS, SharedSettings.SCOPE, FetchSettings.POLITENESS,
            FetchSettings.HTTP, WORK, SEEN, RENDER);

    private FetcherSettings() {}
}
