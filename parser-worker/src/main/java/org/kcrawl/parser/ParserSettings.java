package org.kcrawl.parser;

import java.util.List;
import org.kcrawl.common.config.Setting;
import org.kcrawl.common.config.SettingList;
import org.kcrawl.common.config.SharedSettings;
import org.kcrawl.common.url.UrlNormalizer;
import org.kcrawl.parser.content.ContentOptions;
import org.kcrawl.parser.dedup.FingerprintSet;

/**
 * The parser's own settings, declared once: what it reads of a page, what it writes, and how much it holds.
 * With the shared ones they make {@link #LIST}, the parser's settings. The value types that carry some of them
 * ({@link org.kcrawl.parser.html.ParseLimits}, {@link org.kcrawl.parser.sitemap.SitemapParser}) take their
 * defaults and bounds from the declarations named here.
 */
public final class ParserSettings {
    /** Bytes of a body parsed at most. */
    public static final Setting MAX_PARSE_BYTES = Setting.size("max_parse_bytes", "2MiB", "bytes of a body parsed"
            + " at most; the rest is ignored and the record marked truncated").atLeast(1024);
    /** Wall time one page's parse may take. */
    public static final Setting PARSE_TIME_BUDGET = Setting.duration("parse_time_budget", "2s", "wall time one"
            + " page's parse may take before it ends with what it has").positive();
    /** Largest decompressed sitemap read. */
    public static final Setting MAX_SITEMAP_BYTES = Setting.size("max_sitemap_bytes", "16MiB", "largest"
            + " decompressed sitemap read").atLeast(1024);
    /** Most URLs taken from one sitemap. */
    public static final Setting MAX_SITEMAP_URLS = Setting.integer("max_sitemap_urls", 50_000, "most URLs taken"
            + " from one sitemap").atLeast(1);

    /** What the parser reads of a page and follows. */
    public static final List<Setting> PAGES = List.of(
            SharedSettings.MAX_OUTLINKS,
            Setting.list("strip_params", UrlNormalizer.DEFAULT_STRIP_PARAMS, "query and path parameters removed by"
                    + " normalization (utm_* prefixes allowed)"),
            Setting.flag("sort_query_params", true, "sort query parameters so their order does not make new URLs"),
            Setting.list("seed_sites", List.of(), "sites (host, plus port when not the default) in scope from any page,"
                    + " besides the crawl's sites on its scope topic; rarely needed"),
            MAX_PARSE_BYTES, PARSE_TIME_BUDGET,
            Setting.text("fallback_charset", "windows-1252", "charset for undeclared bodies that are not valid UTF-8"),
            MAX_SITEMAP_BYTES, MAX_SITEMAP_URLS,
            Setting.integer("link_dedup_capacity", 1_000_000, "URL fingerprints (8 bytes each) of links this parser"
                    + " published and the broker acknowledged, kept so they are not sent again (the fetcher's seen-set"
                    + " deduplicates either way)").atLeast(FingerprintSet.MIN_CAPACITY)
                    .orZero("off: every link of every page is published"),
            Setting.flag("render_auto", false, "send fetched HTML pages that look built by scripts (little visible"
                    + " text, scripts, an empty script-mounted root) to the render workers instead of recording them")
                    .option("--render-auto"));

    /** What a record carries. */
    public static final List<Setting> RECORDS = List.of(
            Setting.structured("extract", List.of(), "extraction rules filling the records' fields"),
            Setting.choice("content", ContentOptions.DEFAULTS.mode().wireName(), "which text the records carry: main (the page's main content, without"
                    + " navigation, headers, footers, sidebars, comments and ads), full (all visible text of the body)"
                    + " or none (no text, hashes nor metadata, and PDFs are not read)", "main", "full", "none")
                    .option("--content"),
            Setting.flag("markdown", ContentOptions.DEFAULTS.markdown(), "also give the main content as CommonMark (headings, lists, links with"
                    + " absolute URLs, code, tables) in the records' markdown field; needs content main or full")
                    .option("--markdown"),
            Setting.integer("max_text_chars", ContentOptions.DEFAULTS.maxTextChars(), "the most characters of text (and of markdown) a record"
                    + " carries; a longer one is cut at a paragraph, line or word and the record says text_truncated")
                    .atLeast(ContentOptions.MIN_TEXT_CHARS));

    /** How much the parser holds and how it works through it. */
    public static final List<Setting> FLOW = List.of(
            Setting.integer("threads", 0, "parse threads; 0 uses one per available core").atLeast(0),
            Setting.integer("max_pending", 512, "consumed pages in flight (parsing, or waiting for the broker to"
                    + " acknowledge their outputs) before the consumer pauses; max_pending_bytes is what bounds memory")
                    .atLeast(1),
            Setting.size("max_pending_bytes", "16MiB", "bytes of the consumed pages in flight (as read from the pages"
                    + " topic) before the consumer pauses: the memory bound, a page in flight taking about twice its"
                    + " size; a page larger than all of it is still parsed when nothing else is in flight")
                    .atLeast(1024 * 1024),
            Setting.integer("max_poll_records", 32, "pages taken per poll").atLeast(1));

    /** The parser's settings, in the order the docs show them. */
    public static final SettingList LIST = SettingList.of("parser", SharedSettings.KAFKA, SharedSettings.DELIVERY,
            SharedSettings.MEMBERSHIP, SharedSettings.REDIRECTS, SharedSettings.SCOPE, PAGES, RECORDS, FLOW);

    private ParserSettings() {}
}
