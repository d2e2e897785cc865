package org.kcrawl.parser;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.kcrawl.common.Checks;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.kafka.Delivery;
import org.kcrawl.common.kafka.StaticMembership;
import org.kcrawl.common.kafka.WorkerLoopSettings;
import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.common.redirect.RedirectScope;
import org.kcrawl.common.scope.CrawlSites;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.parser.content.ContentMode;
import org.kcrawl.parser.content.ContentOptions;
import org.kcrawl.parser.dedup.FingerprintSet;
import org.kcrawl.parser.html.CharsetDetector;
import org.kcrawl.parser.html.ParseLimits;
import org.kcrawl.common.url.UrlNormalizer;
import org.kcrawl.parser.record.ExtractionRule;
import org.kcrawl.common.scope.ScopeConfig;
import org.kcrawl.common.scope.ScopeMode;
import org.kcrawl.common.scope.ScopeSettings;
import org.kcrawl.parser.sitemap.SitemapParser;

/**
 * The parser worker's configuration, validated once when it is built. Bound from defaults, a YAML
 * file and {@code KCRAWL_PARSER_*} environment variables by {@link #load}.
 *
 * @param crawlName prefix of the crawl's topics
 * @param bootstrapServers the Kafka cluster
 * @param scopeConfig the crawl's scope settings the links followed meet ({@code scope}, {@code max_depth},
 *                    {@code max_url_length}, {@code max_repeated_segments}, {@code allow_patterns},
 *                    {@code deny_patterns}, {@code no_parent}: see {@link ScopeConfig}), keys of this
 *                    configuration's top level
 * @param maxOutlinks most links followed from one page
 * @param stripParams query and path parameters removed by normalization ({@code utm_*} prefixes allowed)
 * @param sortQueryParams sort query parameters so their order does not make new URLs
 * @param maxParseBytes bytes of a body parsed at most
 * @param parseTimeBudget wall time one page's parse may take
 * @param fallbackCharset charset for undeclared bodies that are not valid UTF-8
 * @param threads parse threads; 0 uses one per available core
 * @param maxPending consumed pages in flight (parsing, or waiting for the broker to acknowledge their
 *                   outputs) before the consumer pauses; {@code max_pending_bytes} is what bounds memory,
 *                   so this can be large enough to keep the broker's acknowledgements from capping throughput
 * @param maxPendingBytes bytes of the consumed pages in flight (as read from the pages topic) before the
 *                        consumer pauses: the memory bound, since pages range from a few KiB to several
 *                        MiB (a page in flight takes about twice its size: the message read and the page
 *                        decoded from it). The default, 16 MiB, keeps hundreds of ordinary pages in flight,
 *                        far more than the parse threads and the broker's acknowledgements need. One
 *                        poll's pages ({@code max_poll_records}) may overshoot it, and a page larger than
 *                        all of it is still parsed when nothing else is in flight
 * @param maxPollRecords pages taken per poll
 * @param drainTimeout on stop, how long in-flight pages may take to finish
 * @param partitions partition count used when this worker creates missing topics
 * @param replication replication used when this worker creates missing topics (formerly {@code replication_factor},
 *                    still read with a deprecation warning)
 * @param maxSitemapBytes largest decompressed sitemap read
 * @param maxSitemapUrls most URLs taken from one sitemap
 * @param extract extraction rules filling the records' {@code fields}
 * @param content which text records carry: {@code main} (the page's main content, boilerplate removed),
 *                {@code full} (all visible text of the body) or {@code none} (no text, hashes nor metadata,
 *                and PDFs are not read: records as before content extraction)
 * @param markdown also give the main content as CommonMark in {@code markdown} (needs {@code content} main or full)
 * @param maxTextChars the most characters of {@code text} and of {@code markdown} a record carries (at least
 *                     1000); a longer one is cut and the record says {@code text_truncated}
 * @param seedSites sites (host, plus port when not the default) in scope from any page, besides the
 *                  crawl's sites on its scope topic (where {@code crawl} and {@code crawl submit} publish
 *                  the seeds' sites, and fetchers the sites seeds moved to); rarely needed
 * @param metricsPort port of {@code /metrics}, {@code /healthz} and {@code /readyz} when run by
 *                    {@link ParserMain} (0 picks a free port)
 * @param linkDedupCapacity URL fingerprints (8 bytes each) of links this parser published and the broker
 *                          acknowledged, kept so they are not sent again; 0 publishes every link of
 *                          every page (the fetcher's seen-set deduplicates either way)
 * @param maxRedirectHops redirects followed from one URL, meta refreshes and the fetchers' redirects
 *                        together: give it the fetchers' {@code max_redirect_hops} (default 5)
 * @param maxRefreshDelay the longest delay of a {@code <meta http-equiv="refresh">} that makes its page a
 *                        redirect; a slower one, or one to the page itself, leaves it a page whose links
 *                        are followed: give it the fetchers' {@code max_refresh_delay} (default 100 s)
 * @param renderAuto send fetched HTML pages that look built by scripts (little visible text, scripts, an
 *                   empty script-mounted root) to the render workers instead of recording them, so their
 *                   records and links come from the browser's DOM (default false: pages are parsed as fetched)
 * @param groupInstanceId the static group membership id ({@code group.instance.id}) of this parser's
 *                        consumer, stable across its restarts (a pod name); empty for dynamic membership
 * @param delivery {@code exactly_once} (default: a page's links, its record and its offset are committed in one
 *                 Kafka transaction, so no fault shows a record twice) or {@code at_least_once} (outputs
 *                 acknowledged one by one; a fault repeats the outputs of the pages in flight)
 */
public record ParserConfig(
        @JsonProperty("crawl_name") String crawlName,
        @JsonProperty("bootstrap_servers") String bootstrapServers,
        @JsonUnwrapped ScopeConfig scopeConfig,
        @JsonProperty("max_outlinks") int maxOutlinks,
        @JsonProperty("strip_params") List<String> stripParams,
        @JsonProperty("sort_query_params") boolean sortQueryParams,
        @JsonProperty("max_parse_bytes") int maxParseBytes,
        @JsonProperty("parse_time_budget") Duration parseTimeBudget,
        @JsonProperty("fallback_charset") String fallbackCharset,
        @JsonProperty("threads") int threads,
        @JsonProperty("max_pending") int maxPending,
        @JsonProperty("max_pending_bytes") long maxPendingBytes,
        @JsonProperty("max_poll_records") int maxPollRecords,
        @JsonProperty("drain_timeout") Duration drainTimeout,
        @JsonProperty("partitions") int partitions,
        @JsonProperty("replication") @JsonAlias("replication_factor") short replication,
        @JsonProperty("max_sitemap_bytes") int maxSitemapBytes,
        @JsonProperty("max_sitemap_urls") int maxSitemapUrls,
        @JsonProperty("extract") List<ExtractionRule> extract,
        @JsonProperty("content") String content,
        @JsonProperty("markdown") boolean markdown,
        @JsonProperty("max_text_chars") int maxTextChars,
        @JsonProperty("seed_sites") List<String> seedSites,
        @JsonProperty("metrics_port") int metricsPort,
        @JsonProperty("link_dedup_capacity") int linkDedupCapacity,
        @JsonProperty("max_redirect_hops") int maxRedirectHops,
        @JsonProperty("max_refresh_delay") Duration maxRefreshDelay,
        @JsonProperty("render_auto") boolean renderAuto,
        @JsonProperty("group_instance_id") String groupInstanceId,
        @JsonProperty("delivery") Delivery delivery) {

    /** Prefix of the environment variables that override settings. */
    public static final String ENV_PREFIX = "KCRAWL_PARSER_";
    /** The smallest {@code max_pending_bytes}: 1 MiB, below which most pages would be taken one at a time. */
    public static final long MIN_MAX_PENDING_BYTES = 1024L * 1024;

    public ParserConfig {
        new CrawlTopics(crawlName); // validates the name with a message that says what is allowed
        if (bootstrapServers == null || bootstrapServers.isBlank()) {
            throw new IllegalArgumentException("bootstrap_servers must name at least one HOST:PORT");
        }
        // The scope rules' checks, defined once with the rules (max_outlinks is one of them).
        Checks.notNull(scopeConfig, "scope_config").settings(maxOutlinks, Set.of());
        stripParams = List.copyOf(orEmpty(stripParams));
        try {
            new UrlNormalizer(stripParams, sortQueryParams, UrlNormalizer.DEFAULT_MAX_INPUT_LENGTH);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("strip_params: " + e.getMessage(), e);
        }
        Checks.atLeast(maxParseBytes, 1024, "max_parse_bytes");
        Checks.positive(parseTimeBudget, "parse_time_budget");
        if (fallbackCharset == null || CharsetDetector.forLabel(fallbackCharset) == null) {
            throw new IllegalArgumentException("fallback_charset '" + fallbackCharset
                    + "' is not a character set this JVM supports (try windows-1252 or UTF-8)");
        }
        Checks.atLeast(threads, 0, "threads");
        Checks.atLeast(maxPending, 1, "max_pending");
        if (maxPendingBytes < MIN_MAX_PENDING_BYTES) {
            throw new IllegalArgumentException("max_pending_bytes must be >= " + MIN_MAX_PENDING_BYTES
                    + " (1 MiB) but was " + maxPendingBytes);
        }
        Checks.atLeast(maxPollRecords, 1, "max_poll_records");
        if (drainTimeout == null || drainTimeout.isNegative()) {
            throw new IllegalArgumentException("drain_timeout must be >= 0 (for example PT30S)");
        }
        Checks.atLeast(partitions, 1, "partitions");
        Checks.atLeast(replication, 1, "replication");
        Checks.atLeast(maxSitemapBytes, 1024, "max_sitemap_bytes");
        Checks.atLeast(maxSitemapUrls, 1, "max_sitemap_urls");
        extract = List.copyOf(orEmpty(extract));
        content = contentOptions(content, markdown, maxTextChars).mode().wireName();
        seedSites = List.copyOf(orEmpty(seedSites));
        if (metricsPort < 0 || metricsPort > 65535) {
            throw new IllegalArgumentException("metrics_port must be a TCP port (0-65535) but was " + metricsPort);
        }
        if (linkDedupCapacity != 0 && linkDedupCapacity < FingerprintSet.MIN_CAPACITY) {
            throw new IllegalArgumentException("link_dedup_capacity must be 0 (off) or >= "
                    + FingerprintSet.MIN_CAPACITY + " but was " + linkDedupCapacity);
        }
        Checks.atLeast(maxRedirectHops, 0, "max_redirect_hops");
        if (maxRefreshDelay == null || maxRefreshDelay.isNegative()) {
            throw new IllegalArgumentException("max_refresh_delay must be a duration >= 0 (for example PT100S) but was "
                    + maxRefreshDelay);
        }
        groupInstanceId = StaticMembership.checked(groupInstanceId);
        if (delivery == null) {
            throw new IllegalArgumentException("delivery must be one of exactly_once, at_least_once");
        }
    }

    /**
     * The defaults: {@code parser-defaults.yaml} beside this class, the one list of the parser's settings,
     * each with its default and what it means.
     */
    public static ParserConfig defaults() {
        return Defaults.CONFIG;
    }

    /** Read once, when first asked for. */
    private static final class Defaults {
        static final ParserConfig CONFIG = ConfigBinder.defaultsFile(ParserConfig.class, "parser-defaults.yaml");
    }

    /**
     * Binds the configuration: defaults, then {@code file} (may be null), then {@code KCRAWL_PARSER_*}
     * variables of {@code env}. Throws {@link org.kcrawl.common.config.ConfigException} naming the
     * offending key.
     */
    public static ParserConfig load(Path file, Map<String, String> env) {
        return new ConfigBinder().bind(ParserConfig.class, defaults(), file, env, ENV_PREFIX);
    }

    /** A copy with another crawl name and bootstrap servers, as the crawl command sets them. */
    public ParserConfig withKafka(String crawlName, String bootstrapServers) {
        return new ParserConfig(crawlName, bootstrapServers, scopeConfig, maxOutlinks, stripParams,
                sortQueryParams, maxParseBytes, parseTimeBudget, fallbackCharset, threads, maxPending, maxPendingBytes,
                maxPollRecords, drainTimeout, partitions, replication, maxSitemapBytes, maxSitemapUrls, extract, content, markdown, maxTextChars, seedSites,
                metricsPort, linkDedupCapacity, maxRedirectHops, maxRefreshDelay, renderAuto, groupInstanceId, delivery);
    }

    /** A copy with another scope and maximum depth, as the crawl command's options set them. */
    public ParserConfig withScope(ScopeMode scope, int maxDepth) {
        return new ParserConfig(crawlName, bootstrapServers, scopeConfig.with(scope, maxDepth), maxOutlinks, stripParams,
                sortQueryParams, maxParseBytes, parseTimeBudget, fallbackCharset, threads, maxPending, maxPendingBytes,
                maxPollRecords, drainTimeout, partitions, replication, maxSitemapBytes, maxSitemapUrls, extract, content, markdown, maxTextChars, seedSites,
                metricsPort, linkDedupCapacity, maxRedirectHops, maxRefreshDelay, renderAuto, groupInstanceId, delivery);
    }

    /** A copy following redirects by these limits, as the crawl command gives it its fetcher's. */
    public ParserConfig withRedirectLimits(int maxRedirectHops, Duration maxRefreshDelay) {
        return new ParserConfig(crawlName, bootstrapServers, scopeConfig, maxOutlinks, stripParams,
                sortQueryParams, maxParseBytes, parseTimeBudget, fallbackCharset, threads, maxPending, maxPendingBytes,
                maxPollRecords, drainTimeout, partitions, replication, maxSitemapBytes, maxSitemapUrls, extract, content, markdown, maxTextChars, seedSites,
                metricsPort, linkDedupCapacity, maxRedirectHops, maxRefreshDelay, renderAuto, groupInstanceId, delivery);
    }

    /** A copy whose scope also admits {@code sites} from any page. */
    public ParserConfig withSeedSites(List<String> sites) {
        return new ParserConfig(crawlName, bootstrapServers, scopeConfig, maxOutlinks, stripParams,
                sortQueryParams, maxParseBytes, parseTimeBudget, fallbackCharset, threads, maxPending, maxPendingBytes,
                maxPollRecords, drainTimeout, partitions, replication, maxSitemapBytes, maxSitemapUrls, extract, content, markdown, maxTextChars, sites,
                metricsPort, linkDedupCapacity, maxRedirectHops, maxRefreshDelay, renderAuto, groupInstanceId, delivery);
    }

    /** The crawl's topic names. */
    public CrawlTopics topics() {
        return new CrawlTopics(crawlName);
    }

    /** The layout used when this worker creates missing topics. */
    public TopicLayout topicLayout() {
        return new TopicLayout(partitions, partitions, partitions, replication,
                TopicLayout.DEFAULT_MAX_MESSAGE_BYTES);
    }

    /**
     * How this parser follows meta refreshes: the rules a fetcher follows redirects by, with this
     * parser's normalizer, its scope over the crawl's live {@code sites}, and its limits.
     */
    public RedirectRules redirectRules(CrawlSites sites) {
        return new RedirectRules(RedirectRules.normalizing(urlNormalizer()),
                RedirectScope.of(scopeSettings(), sites), maxRedirectHops, maxRefreshDelay);
    }

    /** The scope chain's rules. */
    public ScopeSettings scopeSettings() {
        return scopeConfig.settings(maxOutlinks, Set.copyOf(seedSites));
    }

    /** The normalizer configured by {@code strip_params} and {@code sort_query_params}. */
    public UrlNormalizer urlNormalizer() {
        return new UrlNormalizer(stripParams, sortQueryParams, UrlNormalizer.DEFAULT_MAX_INPUT_LENGTH);
    }

    /** The size cap and time budget of one page. */
    public ParseLimits parseLimits() {
        return new ParseLimits(maxParseBytes, parseTimeBudget);
    }

    /** What the parser extracts of a page's content: {@code content}, {@code markdown}, {@code max_text_chars}. */
    public ContentOptions contentOptions() {
        return contentOptions(content, markdown, maxTextChars);
    }

    /** The content settings as options; throws naming the setting that is wrong and how to set it. */
    private static ContentOptions contentOptions(String content, boolean markdown, int maxTextChars) {
        ContentMode mode = ContentMode.parse(content);
        if (markdown && mode == ContentMode.NONE) {
            throw new IllegalArgumentException("markdown needs text, which content none leaves out: set content to"
                    + " main or full, or markdown to false");
        }
        if (maxTextChars < ContentOptions.MIN_TEXT_CHARS) {
            throw new IllegalArgumentException("max_text_chars must be at least " + ContentOptions.MIN_TEXT_CHARS
                    + " (characters of text a record keeps; the default is 200000) but was " + maxTextChars);
        }
        return new ContentOptions(mode, markdown, maxTextChars);
    }

    /** The sitemap reader with the configured caps. */
    public SitemapParser sitemapParser() {
        return new SitemapParser(urlNormalizer(), maxSitemapBytes, maxSitemapUrls);
    }

    /** The charset detector with the configured fallback. */
    public CharsetDetector charsetDetector() {
        Charset fallback = CharsetDetector.forLabel(fallbackCharset);
        return new CharsetDetector(fallback);
    }

    /** Parse threads: {@code threads}, or one per available core when it is 0. */
    public int effectiveThreads() {
        return threads > 0 ? threads : Math.max(1, Runtime.getRuntime().availableProcessors());
    }

    /**
     * Capacity of the parse pool's queue. The poll loop pauses once {@code max_pending} pages are in
     * flight (or {@code max_pending_bytes} of them, which only ever pauses it sooner), but one poll may
     * add up to {@code max_poll_records} more, so this many slots can never overflow and the poll
     * thread never waits on the pool. An empty slot costs one reference.
     */
    public int queueCapacity() {
        return maxPending + maxPollRecords;
    }

    /** The poll loop's flow-control settings. */
    public WorkerLoopSettings workerLoopSettings() {
        return new WorkerLoopSettings(maxPending, maxPending, maxPendingBytes, Duration.ofMillis(100), drainTimeout,
                delivery == Delivery.EXACTLY_ONCE ? WorkerLoopSettings.TRANSACTIONAL_COMMIT_INTERVAL
                        : WorkerLoopSettings.DEFAULT_COMMIT_INTERVAL);
    }

    private static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }
}
