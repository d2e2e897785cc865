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
import org.kcrawl.common.config.SettingList;
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
import org.kcrawl.parser.html.CharsetDetector;
import org.kcrawl.parser.html.ParseLimits;
import org.kcrawl.common.url.UrlNormalizer;
import org.kcrawl.parser.record.ExtractionRule;
import org.kcrawl.common.scope.ScopeConfig;
import org.kcrawl.common.scope.ScopeMode;
import org.kcrawl.common.scope.ScopeSettings;
import org.kcrawl.parser.sitemap.SitemapParser;

/**
 * The parser worker's configuration, bound from defaults, a YAML file and {@code KCRAWL_PARSER_*} environment
 * variables by {@link #load}. Each component is the setting of its key declared in {@link #SETTINGS}
 * ({@link ParserSettings} and the shared ones), which says its default, its bound and what it means, and
 * checks it before this record is built; this record checks what involves several settings or more than a
 * bound. The scope keys ({@code scope}, {@code max_depth}, ...) sit at this configuration's top level.
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

    /** The parser's settings: each one's key, type, default, bound and doc. */
    public static final SettingList SETTINGS = ParserSettings.LIST;
    /** Prefix of the environment variables that override settings. */
    public static final String ENV_PREFIX = SETTINGS.envPrefix();

    public ParserConfig {
        // The scope rules' checks, defined once with the rules (max_outlinks is one of them).
        Checks.notNull(scopeConfig, "scope_config").settings(maxOutlinks, Set.of());
        stripParams = List.copyOf(orEmpty(stripParams));
        try {
            new UrlNormalizer(stripParams, sortQueryParams, UrlNormalizer.DEFAULT_MAX_INPUT_LENGTH);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("strip_params: " + e.getMessage(), e);
        }
        if (fallbackCharset == null || CharsetDetector.forLabel(fallbackCharset) == null) {
            throw new IllegalArgumentException("fallback_charset '" + fallbackCharset
                    + "' is not a character set this JVM supports (try windows-1252 or UTF-8)");
        }
        extract = List.copyOf(orEmpty(extract));
        content = contentOptions(content, markdown, maxTextChars).mode().wireName();
        seedSites = List.copyOf(orEmpty(seedSites));
        groupInstanceId = StaticMembership.checked(groupInstanceId);
    }

    /** The defaults: the declared ones ({@link #SETTINGS}). */
    public static ParserConfig defaults() {
        return Defaults.CONFIG;
    }

    /** Read once, when first asked for. */
    private static final class Defaults {
        static final ParserConfig CONFIG = ConfigBinder.declaredDefaults(ParserConfig.class);
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
