package org.kcrawl.fetcher.crawl;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.Duration;
import java.util.List;
import org.kcrawl.common.Checks;
import org.kcrawl.common.kafka.Delivery;
import org.kcrawl.common.kafka.StaticMembership;
import java.util.Map;
import java.util.Set;
import org.kcrawl.common.scope.ScopeConfig;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.config.SettingList;
import org.kcrawl.common.scope.ScopeSettings;
import org.kcrawl.http.client.HttpClientSettings;
import org.kcrawl.http.client.PageMemory;
import org.kcrawl.http.client.ProxyMode;
import org.kcrawl.http.pipeline.RetryPolicy;
import org.kcrawl.http.politeness.PolitenessSettings;
import org.kcrawl.http.robots.RobotsSettings;
import org.kcrawl.fetcher.seen.RestoreBudget;
import org.kcrawl.fetcher.seen.SeenStoreKind;

/**
 * Everything a fetcher worker is configured with, bound once at start-up (defaults, then a YAML file, then
 * {@code KCRAWL_FETCHER_*} variables). Each component is the setting of its key declared in {@link #SETTINGS}
 * ({@link FetcherSettings}, {@link org.kcrawl.http.FetchSettings} and the shared ones), which says its default, its bound and
 * what it means, and checks it before this record is built; this record checks what involves several settings
 * or more than a bound.
 */
public record FetcherConfig(
        @JsonProperty("crawl_name") String crawlName,
        @JsonProperty("bootstrap_servers") String bootstrapServers,
        @JsonProperty("partitions") int partitions,
        @JsonProperty("replication") short replication,
        @JsonProperty("rate") double rate,
        @JsonProperty("burst") int burst,
        @JsonProperty("per_host") int perHost,
        @JsonProperty("concurrency") int concurrency,
        @JsonProperty("max_pages") long maxPages,
        @JsonProperty("max_attempts") int maxAttempts,
        @JsonProperty("max_redirect_hops") int maxRedirectHops,
        @JsonProperty("ignore_robots") boolean ignoreRobots,
        @JsonProperty("allow_private") boolean allowPrivate,
        @JsonProperty("user_agent") String userAgent,
        @JsonProperty("robots_agent") String robotsAgent,
        @JsonProperty("max_body_bytes") int maxBodyBytes,
        @JsonProperty("connect_timeout") Duration connectTimeout,
        @JsonProperty("read_timeout") Duration readTimeout,
        @JsonProperty("request_timeout") Duration requestTimeout,
        @JsonProperty("max_pending") int maxPending,
        @JsonProperty("drain_timeout") Duration drainTimeout,
        @JsonProperty("max_crawl_delay") Duration maxCrawlDelay,
        @JsonProperty("max_retry_after") Duration maxRetryAfter,
        @JsonProperty("retry_base_delay") Duration retryBaseDelay,
        @JsonProperty("retry_max_delay") Duration retryMaxDelay,
        @JsonProperty("robots_ttl") Duration robotsTtl,
        @JsonProperty("robots_retry") Duration robotsRetry,
        @JsonProperty("max_host_queue") int maxHostQueue,
        @JsonProperty("max_hold") Duration maxHold,
        @JsonProperty("seen_restore_timeout") Duration seenRestoreTimeout,
        @JsonProperty("metrics_port") int metricsPort,
        @JsonProperty("per_address") int perAddress,
        @JsonProperty("max_pending_per_partition") int maxPendingPerPartition,
        @JsonProperty("park_tiers") List<Duration> parkTiers,
        @JsonProperty("max_pages_per_host") long maxPagesPerHost,
        @JsonProperty("follow_sitemaps") boolean followSitemaps,
        @JsonProperty("max_unacked_page_bytes") long maxUnackedPageBytes,
        @JsonProperty("robots_unreachable_give_up") Duration robotsUnreachableGiveUp,
        @JsonProperty("max_refresh_delay") Duration maxRefreshDelay,
        @JsonProperty("render_patterns") List<String> renderPatterns,
        @JsonProperty("adaptive") boolean adaptive,
        @JsonProperty("learn_rate_limits") boolean learnRateLimits,
        @JsonProperty("rate_limited_give_up") Duration rateLimitedGiveUp,
        @JsonProperty("max_inflight_body_bytes") long maxInflightBodyBytes,
        @JsonProperty("seen_store") SeenStoreKind seenStore,
        @JsonProperty("seen_store_dir") String seenStoreDir,
        @JsonProperty("seen_restore_min_rate") long seenRestoreMinRate,
        @JsonProperty("group_instance_id") String groupInstanceId,
        @JsonProperty("delivery") Delivery delivery,
        @JsonProperty("headers") Map<String, String> headers,
        @JsonProperty("host_headers") Map<String, Map<String, String>> hostHeaders,
        @JsonProperty("proxies") List<String> proxies,
        @JsonProperty("proxy_mode") ProxyMode proxyMode,
        @JsonProperty("proxy_cool_down") Duration proxyCoolDown,
        @JsonProperty("tls_handshake_timeout") Duration tlsHandshakeTimeout,
        @JsonProperty("trust_certificates") String trustCertificates,
        @JsonProperty("client_certificate") String clientCertificate,
        @JsonProperty("client_key") String clientKey,
        @JsonProperty("dns_query_timeout") Duration dnsQueryTimeout,
        @JsonProperty("dns_max_ttl") Duration dnsMaxTtl,
        @JsonProperty("dns_negative_ttl") Duration dnsNegativeTtl,
        @JsonProperty("full_body_types") List<String> fullBodyTypes,
        @JsonProperty("max_decoded_bytes") long maxDecodedBytes,
        @JsonProperty("max_header_bytes") int maxHeaderBytes,
        @JsonProperty("max_header_count") int maxHeaderCount,
        @JsonProperty("idle_connection_timeout") Duration idleConnectionTimeout,
        @JsonProperty("max_idle_connections") int maxIdleConnections,
        @JsonProperty("io_threads") int ioThreads,
        @JsonProperty("allow_cidrs") List<String> allowCidrs,
        @JsonProperty("deny_cidrs") List<String> denyCidrs,
        @JsonProperty("revisit_interval") Duration revisitInterval,
        @JsonProperty("revisit_min_interval") Duration revisitMinInterval,
        @JsonProperty("revisit_max_interval") Duration revisitMaxInterval,
        @JsonProperty("capture_heads") boolean captureHeads,
        @JsonUnwrapped ScopeConfig scopeConfig) {

    /** The fetcher's settings: each one's key, type, default, bound and doc. */
    public static final SettingList SETTINGS = FetcherSettings.LIST;

    /**
     * Media types read in full besides the client's defaults, because the parser reads them:
     * robots.txt and text sitemaps, XML sitemaps and sitemap indexes, gzipped sitemaps served
     * as gzip files (the parser inflates those itself, within its own cap), PDFs, and untyped binaries
     * (the parser looks for a PDF's header in them). Each is read up to max_body_bytes; a longer one
     * arrives truncated, and a truncated PDF gets no text.
     */
    public static final List<String> EXTRA_BODY_TYPES = List.of("text/plain", "application/xml", "text/xml",
            "application/gzip", "application/x-gzip", "application/pdf", "application/octet-stream");

    /** The {@code per_address} that means "unset": the larger of {@code per_host} and {@link #SHARED_ADDRESS_FLOOR}. */
    public static final int PER_ADDRESS_OF_PER_HOST = 0;

    /** The least an unset {@code per_address} allows per address, whatever {@code per_host} is. */
    public static final int SHARED_ADDRESS_FLOOR = 8;

    /** Prefix of the environment variables that override settings. */
    public static final String ENV_PREFIX = SETTINGS.envPrefix();

    public FetcherConfig {
        Checks.notNull(scopeConfig, "scope_config"); // its own checks are the scope rules', with the parsers'
        ParkingTiers tiers = new ParkingTiers(parkTiers); // validates with messages naming park_tiers
        tiers.checkFits(maxHold);
        parkTiers = tiers.delays();
        renderPatterns = renderPatterns == null ? List.of() : List.copyOf(renderPatterns);
        RenderRoute.of(renderPatterns); // validates with messages naming render_patterns
        if (maxInflightBodyBytes < maxBodyBytes) {
            throw new IllegalArgumentException("max_inflight_body_bytes must be >= max_body_bytes (" + maxBodyBytes
                    + ") but was " + maxInflightBodyBytes + ": a body at the cap must fit");
        }
        if (seenStore == SeenStoreKind.ROCKSDB && (seenStoreDir == null || seenStoreDir.isBlank())) {
            throw new IllegalArgumentException("seen_store_dir must name a directory when seen_store is rocksdb");
        }
        groupInstanceId = StaticMembership.checked(groupInstanceId);
        hostHeaders = ClientOptions.checkHeaders(headers, hostHeaders);
        headers = Map.copyOf(headers);
        ClientOptions.checkProxies(proxies, proxyMode);
        proxies = List.copyOf(proxies);
        ClientOptions.checkTlsFiles(trustCertificates, clientCertificate, clientKey);
        ClientOptions.checkMediaTypes(fullBodyTypes);
        fullBodyTypes = List.copyOf(fullBodyTypes);
        if (maxDecodedBytes != 0 && maxDecodedBytes < maxBodyBytes) {
            throw new IllegalArgumentException("max_decoded_bytes must be 0 (4 x max_body_bytes, at least 8 MiB) or >= "
                    + "max_body_bytes (" + maxBodyBytes + ") but was " + maxDecodedBytes);
        }
        ClientOptions.checkCidrs("allow_cidrs", allowCidrs);
        allowCidrs = List.copyOf(allowCidrs);
        ClientOptions.checkCidrs("deny_cidrs", denyCidrs);
        denyCidrs = List.copyOf(denyCidrs);
        new RevisitSchedule(revisitInterval, revisitMinInterval, revisitMaxInterval); // messages name the keys
    }

    /**
     * The crawl's scope rules as this fetcher knows them, which redirect and refresh targets meet: the
     * same rules, with the same keys, as the parsers' for links.
     */
    public ScopeSettings redirectScope() {
        return scopeConfig.settings(0, Set.of());
    }

    /** The defaults: the declared ones ({@link #SETTINGS}). */
    public static FetcherConfig defaults() {
        return Defaults.CONFIG;
    }

    /** Read once, when first asked for. */
    private static final class Defaults {
        static final FetcherConfig CONFIG = ConfigBinder.declaredDefaults(FetcherConfig.class);
    }

    /**
     * The memory of the fetcher's pages: bodies on the wire and pages waiting for the broker, within
     * {@code max_unacked_page_bytes + max_inflight_body_bytes}.
     */
    public PageMemory pageMemory() {
        return new PageMemory(maxUnackedPageBytes, maxInflightBodyBytes, maxBodyBytes);
    }

    /**
     * Refuses a configuration whose page memory cannot fit a heap of {@code maxHeapBytes}
     * ({@link Runtime#maxMemory()}): see {@link HeapFit}.
     */
    public void checkFitsHeap(long maxHeapBytes) {
        HeapFit.of(this).check(maxHeapBytes);
    }

    /** The seen-set restore's time budget per partition. */
    public RestoreBudget seenRestoreBudget() {
        return new RestoreBudget(seenRestoreTimeout, seenRestoreMinRate);
    }

    /** The crawl's topic names. */
    public CrawlTopics topics() {
        return new CrawlTopics(crawlName);
    }

    /** The layout of topics this worker creates when they are missing. */
    public TopicLayout layout() {
        return new TopicLayout(partitions, partitions, partitions, replication, TopicLayout.DEFAULT_MAX_MESSAGE_BYTES);
    }

    /**
     * The per-address cap the scheduler enforces: {@code per_address} when it was set, else the larger of
     * {@code per_host} and {@value #SHARED_ADDRESS_FLOOR}. Resolved here, when asked, rather than when bound, so a {@code per_host} set in a
     * later layer (file, environment, command line) still carries an unset {@code per_address} along.
     */
    public int perAddressInForce() {
        return perAddress == PER_ADDRESS_OF_PER_HOST ? Math.max(perHost, SHARED_ADDRESS_FLOOR) : perAddress;
    }

    /** The scheduler's limits. */
    public PolitenessSettings politeness() {
        return new PolitenessSettings(rate, burst, perHost, concurrency, maxCrawlDelay, maxRetryAfter,
                perAddressInForce(), maxHold, maxHostQueue, adaptive, learnRateLimits);
    }

    /** robots.txt handling. */
    public RobotsSettings robots() {
        return new RobotsSettings(robotsAgent, robotsTtl, robotsRetry, maxCrawlDelay, RobotsSettings.RFC_MIN_BYTES,
                5, 100_000, RobotsSettings.DEFAULT_CACHE_BYTES, robotsUnreachableGiveUp);
    }

    /** The handler's per-URL rules. */
    public HandlerSettings handler() {
        return new HandlerSettings(scopeConfig.maxDepth(), maxPages, maxHold, new ParkingTiers(parkTiers), maxPagesPerHost,
                followSitemaps, RenderRoute.of(renderPatterns),
                new RevisitSchedule(revisitInterval, revisitMinInterval, revisitMaxInterval));
    }

    /** The retry policy, with a real random source. */
    public RetryPolicy retryPolicy() {
        return new RetryPolicy(maxAttempts, retryBaseDelay, retryMaxDelay, maxRetryAfter, rateLimitedGiveUp,
                () -> java.util.concurrent.ThreadLocalRandom.current().nextDouble());
    }

    /**
     * The HTTP client's settings: timeouts, limits, headers, proxies, TLS files, DNS and address policy
     * from this config; connection caps matched to the scheduler's, which is what keeps fetches within
     * them. Besides HTML, {@link #EXTRA_BODY_TYPES} and {@code full_body_types} bodies are read:
     * robots.txt and text sitemaps are text/plain, XML sitemaps are served as XML and gzipped ones as gzip.
     */
    public HttpClientSettings httpClient() {
        return ClientOptions.httpClient(this);
    }
}
