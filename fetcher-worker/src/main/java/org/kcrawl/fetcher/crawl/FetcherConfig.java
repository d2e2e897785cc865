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
import org.kcrawl.common.scope.ScopeMode;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.scope.ScopeSettings;
import org.kcrawl.http.client.HttpClientSettings;
import org.kcrawl.http.client.PageMemory;
import org.kcrawl.http.client.ProxyMode;
import org.kcrawl.http.pipeline.RetryPolicy;
import org.kcrawl.http.politeness.PolitenessSettings;
import org.kcrawl.http.robots.RobotsSettings;
import org.kcrawl.http.politeness.RetryAfter;
import org.kcrawl.fetcher.seen.RestoreBudget;
import org.kcrawl.fetcher.seen.SeenStoreKind;

/**
 * Everything a fetcher worker is configured with, bound once at start-up (defaults, then a YAML
 * file, then {@code KCRAWL_FETCHER_*} variables) and validated with messages naming the key.
 *
 * @param crawlName prefix of the crawl's topics and consumer groups
 * @param bootstrapServers Kafka bootstrap servers
 * @param partitions partitions of the urls (and seen) topic when this worker creates them
 * @param replication replication factor of topics this worker creates
 * @param rate requests per second per host
 * @param burst requests a rested host may receive back to back (1: the interval is never beaten)
 * @param perHost concurrent requests per host
 * @param concurrency concurrent requests in total (global in-flight cap)
 * @param maxPages URLs this worker admits for fetching in one run, 0 for no limit
 * @param maxAttempts attempts per URL for transient failures, the first included
 * @param maxRedirectHops redirects followed from one URL (each hop is a new URL on the urls topic)
 * @param ignoreRobots skip robots.txt entirely
 * @param allowPrivate allow loopback, private, link-local and metadata addresses
 * @param userAgent the User-Agent header
 * @param robotsAgent the product token matched against robots.txt User-agent lines
 * @param maxBodyBytes body cap; longer bodies are truncated
 * @param connectTimeout TCP (and TLS) connection set-up deadline
 * @param readTimeout longest silence while reading a response
 * @param requestTimeout deadline of a whole request, connection included
 * @param maxPending consumed URLs not yet finished before the worker pauses consumption of every
 *                   partition (the memory bound)
 * @param drainTimeout on shutdown, how long requests on the wire may take to finish and publish
 * @param maxCrawlDelay cap on an honoured robots.txt Crawl-delay
 * @param maxRetryAfter cap on an honoured Retry-After pause of a host (at most 1 hour)
 * @param retryBaseDelay first retry back-off (doubled per attempt, full jitter)
 * @param retryMaxDelay cap on the retry back-off
 * @param robotsTtl how long robots.txt rules are cached (at most 24 h)
 * @param robotsRetry how long an unreachable robots.txt (5xx, 429, or no answer at all) blocks its host
 *                    before it is fetched again; the host's URLs retry then, up to {@code max_attempts}
 * @param maxHostQueue URLs queued per host in memory, whatever its pace; more are parked
 * @param maxHold longest a URL waits in memory, for its not-before time or its turn at its host;
 *                URLs that must wait longer are parked in a parking tier, which keeps memory
 *                bounded and offsets committed. Each host keeps {@code max_hold} of work in memory,
 *                so {@code max_pending} URLs keep about {@code max_pending / (max_hold * rate)} hosts
 *                busy: shorter means more hosts in parallel and more parking traffic (default 10 s)
 * @param seenRestoreTimeout what a partition's seen-set restore may take besides its records (see
 *                           {@code seen_restore_min_rate})
 * @param metricsPort port of {@code /metrics}, {@code /healthz} and {@code /readyz} when run by
 *                    {@link FetcherMain} (0 picks a free port)
 * @param perAddress concurrent requests per resolved IP address over all hosts behind it (shared
 *                   hosting); {@value #PER_ADDRESS_OF_PER_HOST} (the default) means the larger of
 *                   {@code per_host} and {@value #SHARED_ADDRESS_FLOOR}, so a cap nobody set never holds a
 *                   single-host crawl below the {@code per_host} that was asked for, and many small sites
 *                   behind one address (shared hosting, a CDN) still get that many requests between them.
 *                   A value set explicitly is kept as given, even below {@code per_host}. {@link #perAddressInForce()} is the one place that resolves it
 * @param maxPendingPerPartition consumed URLs of one partition not yet finished before that
 *                               partition alone is paused, so one partition cannot stall the others
 * @param parkTiers the delays of the four parking tiers, shortest first, the shortest no longer than
 *                  {@code max_hold}; the same for every fetcher of a crawl
 * @param maxPagesPerHost URLs of one host admitted for fetching, 0 for no limit (the default); past
 *                        it the host's URLs are counted skips ({@code host_budget}) without a seen
 *                        marker, so a later run with a larger budget can still fetch them. Counted
 *                        per assignment of the host's partition: a rebalance or restart starts the
 *                        count again at 0
 * @param followSitemaps publish the {@code Sitemap:} URLs of each host's robots.txt (same host only,
 *                       at most 50) on the urls topic at depth 0, so the parser reads the sitemaps
 *                       and their pages are crawled (default true)
 * @param maxUnackedPageBytes bytes of fetched pages waiting for the broker's acknowledgement before
 *                            no new request starts (default 32 MiB): a slow or absent broker pauses
 *                            fetching instead of filling the heap. With {@code max_inflight_body_bytes},
 *                            the bound on the memory of the fetcher's pages ({@link PageMemory})
 * @param robotsUnreachableGiveUp how long after a host's robots.txt first failed its URLs may still wait
 *                                for it: a URL whose next try would come later fails at once, with the
 *                                network's reason ({@code dns}, {@code connect}, ...). 0 (the default, for
 *                                long crawls) never gives up early: URLs retry until {@code max_attempts}
 *                                are spent. The crawl command sets it for a local crawl (see docs/crawl-command.md)
 * @param maxRefreshDelay the longest delay of a {@code Refresh} header that makes its response a redirect
 *                        (counted against {@code max_redirect_hops} like a 3xx); a slower refresh, or one
 *                        to the page itself, leaves the page a page (default 100 s). Give the parsers the
 *                        same, for the {@code <meta http-equiv="refresh">} they follow
 * @param renderPatterns regular expressions of the URLs to render in a browser: a URL in which one of them
 *                       is found (anywhere, as {@code deny_patterns} are) is handed to the render workers on
 *                       the render topic instead of being fetched (default none). The settings below are the
 *                       render worker's, which runs with the fetcher's configuration: the same rate, per-host
 *                       cap, robots.txt and address rules hold for every request a page makes
 * @param browserPath the Chromium (or Chrome) executable a render worker drives (default
 *                    {@code /usr/bin/chromium}, Debian's {@code chromium} package)
 * @param renderTabs pages a render worker renders at once (browser tabs), each holding memory in the browser
 * @param renderTimeout a page's time budget, from its first request to the DOM taken: past it without the
 *                      page's load event, the attempt fails as {@code render_timeout} (retried like a timeout)
 * @param renderMaxRequests requests one page may make (scripts, XHR, fetch, frames, the page itself); later
 *                          ones are refused
 * @param renderMaxBytes body bytes one page may load over all its requests; later requests are refused
 * @param renderScope host, domain or any: which hosts a rendered page may request from (its own host, its
 *                    registered domain, anywhere); requests to other hosts (third parties) are refused
 *                    (default host: then every request of a page is to the host whose politeness its render
 *                    worker owns)
 * @param renderResourceTypes the kinds of request (DevTools resource types) a rendered page may make; others
 *                            (images, media, fonts, stylesheets, pings, ...) are refused (default document,
 *                            script, xhr, fetch)
 * @param renderMaxPending URLs a render worker has consumed and not finished before it pauses consumption: the
 *                         bound on what waits for a tab, and on what a crash makes it render again
 * @param browserSandbox run Chromium with its sandbox; Chromium refuses it as root, so as root it is off
 *                       whatever this says, and containers without user namespaces need false (default true)
 * @param headers headers added to every request, robots.txt included (for example Accept-Language); not
 *                Host, Connection or the transfer and encoding headers, which the client manages
 * @param hostHeaders headers added to the requests of one host only, by host name (any port): for an
 *                    {@code Authorization} header one site must get and no other; a name also in
 *                    {@code headers} takes the host's value. A redirect to another host is a new URL of
 *                    that host, so it never carries them
 * @param proxies proxy URLs ({@code http://host:port} for HTTP CONNECT, {@code socks5://host:port},
 *                credentials as {@code http://user:password@host:port}); empty connects directly. The
 *                fetcher resolves and checks each URL's address itself and asks the proxy for that address
 * @param proxyMode sticky (each host keeps one proxy; the default) or round_robin (proxies in turn)
 * @param proxyCoolDown how long a proxy that failed three connections in a row (unreachable, or silent
 *                      through its handshake) is skipped (default 1 min)
 * @param tlsHandshakeTimeout limit on a TLS handshake (default 10 s)
 * @param trustCertificates a PEM file of the certificates to trust instead of the JDK's (a private CA, a
 *                          self-signed site), or null for the JDK's
 * @param clientCertificate a PEM certificate chain shown to servers that ask for a client certificate
 * @param clientKey its private key, PKCS#8 PEM, unencrypted; set together with {@code client_certificate}
 * @param dnsQueryTimeout limit on one DNS query (default 5 s)
 * @param dnsMaxTtl longest a DNS answer is cached, whatever its TTL (default 5 min)
 * @param dnsNegativeTtl how long a failed resolution is cached (default 30 s)
 * @param fullBodyTypes media types whose bodies are read, besides HTML, XHTML and {@link #EXTRA_BODY_TYPES};
 *                      other responses are kept as status and headers only
 * @param maxDecodedBytes bytes a compressed body may inflate to before the fetch fails as too_large (a
 *                        decompression bomb); 0 (the default) is 4 x {@code max_body_bytes}, at least 8 MiB
 * @param maxHeaderBytes size of a response's status line and headers (default 64 KiB)
 * @param maxHeaderCount response header fields (default 200)
 * @param idleConnectionTimeout how long an idle keep-alive connection is kept (default 30 s)
 * @param maxIdleConnections idle keep-alive connections kept for reuse over all hosts, on top of the
 *                           {@code concurrency} in use (default 1024; 0 closes each after its exchange)
 * @param ioThreads the HTTP client's event loops; 0 (the default) is one per core
 * @param allowCidrs address ranges fetched even though they are not global, for example a lab network
 * @param denyCidrs address ranges never fetched even though they are global: a cluster's pod and service
 *                  ranges, or any internal network taken from public address space. They win over
 *                  {@code allow_cidrs} and {@code allow_private}
 * @param adaptive the latency-aware throttle (default false): each host's interval also follows its
 *                 response time, like Scrapy's AutoThrottle but per host: an answer slower than the
 *                 interval lengthens it to that answer's time at once, a server error (5xx) or a
 *                 timeout at least doubles it, faster answers shorten it by half the difference each
 *                 (gradual recovery), never below {@code 1/rate} nor above one minute
 * @param learnRateLimits learn each host's rate from its server's refusals (default true): a 429 or 503
 *                        lowers the rate of that host at once (halved the first time, a tenth near a rate
 *                        refused before), answers bring it back slowly, never above {@code rate}; hosts
 *                        behind one IP address refused together make the address learn a rate for them
 *                        all. Learned rates outlive a restart and a rebalance (the {@code host-rates} topic).
 *                        Off, a refusal only pauses its host for its Retry-After
 * @param rateLimitedGiveUp how long a URL's server may keep refusing it (429, or 503 with a Retry-After)
 *                          before it fails as {@code rate_limited} (default 10 min); until then a refused URL
 *                          is tried again at its host's learned pace without counting an attempt
 * @param maxInflightBodyBytes bytes that the bodies of responses on the wire may hold beyond what the pages
 *                             waiting for the broker hold (default 32 MiB, at least {@code max_body_bytes}).
 *                             A body that cannot grow its buffer within it waits, its connection not
 *                             reading, so the fetcher's pages, received or waiting for the broker, hold at
 *                             most {@code max_unacked_page_bytes + max_inflight_body_bytes} (and a socket
 *                             read of 64 KiB per connection), however large {@code concurrency x
 *                             max_body_bytes}. Their sum with {@code concurrency x 64 KiB} must fit half the
 *                             heap, checked at start-up ({@link #checkFitsHeap})
 * @param seenStore where the completed seen-set lives: {@code memory} (the heap, read from the seen
 *                  topic's beginning at each assignment) or {@code rocksdb} (on disk under
 *                  {@code seen_store_dir}, checkpointed, so an assignment reads only the tail)
 * @param seenStoreDir the directory of the {@code rocksdb} seen store; one per fetcher, on a volume
 *                     that outlives the process to make restarts cheap
 * @param seenRestoreMinRate the slowest seen-topic reading (records per second) not counted as stuck:
 *                           each partition's restore may take {@code seen_restore_timeout} plus its
 *                           records at this rate
 * @param groupInstanceId the static group membership id ({@code group.instance.id}) of this fetcher's
 *                        consumers, stable across its restarts (a pod name); empty for dynamic membership
 * @param delivery {@code exactly_once} (default: a URL's outputs, its seen marker and its offset are committed in
 *                 one Kafka transaction, so no fault shows a page or failure twice) or {@code at_least_once}
 *                 (outputs acknowledged one by one; a fault repeats the outputs of the URLs in flight)
 * @param revisitInterval how long after its fetch a URL is due again, as its status in the seen topic
 *                        says ({@code next_fetch_at}), for a URL fetched the first time (default 1 day);
 *                        what {@code crawl submit --recrawl-due} and {@code crawl --recrawl-due} go by
 * @param revisitMinInterval the shortest interval adaptation reaches: a recrawled URL that changed gets
 *                           half its previous interval (default 1 hour)
 * @param revisitMaxInterval the longest interval adaptation reaches: a recrawled URL that did not change
 *                           (304, or the same content hash) gets twice its previous interval (default 30
 *                           days). Setting both bounds to {@code revisit_interval} turns adaptation off
 * @param captureHeads put each page's request head as sent and response head as received (status line
 *                     and every header, up to the header cap) and the address dialed on the pages topic,
 *                     for an archiver writing WARC files (default false: nothing is copied)
 * @param scopeConfig the crawl's scope settings, keys of this configuration's top level (see {@link ScopeConfig}):
 *                    {@code max_depth} is the deepest link distance from a seed that is fetched; {@code scope}
 *                    (host, domain or any, default host), {@code max_url_length}, {@code max_repeated_segments},
 *                    {@code allow_patterns}, {@code deny_patterns} and {@code no_parent} say which redirect and
 *                    refresh targets are followed, judged as the parsers judge links
 *                    ({@link org.kcrawl.common.scope.SiteScope}): give fetchers and parsers the same values (a local crawl takes the parser section's). A
 *                    seed's redirects are followed whatever the scope: their target's site joins the crawl's scope
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
        @JsonProperty("browser_path") String browserPath,
        @JsonProperty("render_tabs") int renderTabs,
        @JsonProperty("render_timeout") Duration renderTimeout,
        @JsonProperty("render_max_requests") int renderMaxRequests,
        @JsonProperty("render_max_bytes") long renderMaxBytes,
        @JsonProperty("render_scope") ScopeMode renderScope,
        @JsonProperty("render_resource_types") List<String> renderResourceTypes,
        @JsonProperty("render_max_pending") int renderMaxPending,
        @JsonProperty("browser_sandbox") boolean browserSandbox,
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

    /**
     * The largest body cap whose page message still fits the producer's request size: a page carries
     * its body as raw bytes, and 256 KiB is left for its headers, URLs and the framing around them.
     */
    public static final int MAX_PUBLISHABLE_BODY_BYTES = TopicLayout.DEFAULT_MAX_MESSAGE_BYTES - 256 * 1024;


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

    /** The smallest {@code max_unacked_page_bytes}: below it, every ordinary page would wait for the one before. */
    public static final long MIN_UNACKED_PAGE_BYTES = 1024 * 1024;

    /** The least an unset {@code per_address} allows per address, whatever {@code per_host} is. */
    public static final int SHARED_ADDRESS_FLOOR = 8;

    /** The kinds of request a rendered page can make, as the DevTools protocol names them (lower case). */
    public static final List<String> RENDER_RESOURCE_TYPES = List.of("document", "stylesheet", "image", "media",
            "font", "script", "texttrack", "xhr", "fetch", "prefetch", "eventsource", "websocket", "manifest",
            "signedexchange", "ping", "cspviolationreport", "preflight", "fedcm", "other");

    /** Prefix of the environment variables that override settings. */
    public static final String ENV_PREFIX = "KCRAWL_FETCHER_";

    public FetcherConfig {
        try {
            new CrawlTopics(crawlName);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("crawl_name: " + e.getMessage(), e);
        }
        if (bootstrapServers == null || bootstrapServers.isBlank()) {
            throw new IllegalArgumentException("bootstrap_servers must name at least one HOST:PORT");
        }
        Checks.notNull(scopeConfig, "scope_config"); // its own checks are the scope rules', with the parsers'
        Checks.atLeast(partitions, 1, "partitions");
        Checks.atLeast(replication, 1, "replication");
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("rate must be a positive number of requests per second per host but was "
                    + rate);
        }
        Checks.atLeast(burst, 1, "burst");
        Checks.atLeast(perHost, 1, "per_host");
        Checks.atLeast(concurrency, 1, "concurrency");
        if (maxPages < 0) {
            throw new IllegalArgumentException("max_pages must be >= 0 (0 means no limit) but was " + maxPages);
        }
        Checks.atLeast(maxAttempts, 1, "max_attempts");
        Checks.atLeast(maxRedirectHops, 0, "max_redirect_hops");
        if (userAgent == null || userAgent.isBlank() || userAgent.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw new IllegalArgumentException("user_agent must be a non-blank header value without control characters");
        }
        if (robotsAgent == null || !robotsAgent.matches("[A-Za-z_-]+")) {
            throw new IllegalArgumentException("robots_agent must be a robots.txt product token ([A-Za-z_-]+) but was '"
                    + robotsAgent + "'");
        }
        Checks.atLeast(maxBodyBytes, RobotsSettings.RFC_MIN_BYTES, "max_body_bytes");
        if (maxBodyBytes > MAX_PUBLISHABLE_BODY_BYTES) {
            throw new IllegalArgumentException("max_body_bytes must be <= " + MAX_PUBLISHABLE_BODY_BYTES
                    + " but was " + maxBodyBytes + ": a page message with a larger body would"
                    + " exceed the producer's max.request.size (" + TopicLayout.DEFAULT_MAX_MESSAGE_BYTES + ")");
        }
        Checks.positive(connectTimeout, "connect_timeout");
        Checks.positive(readTimeout, "read_timeout");
        Checks.positive(requestTimeout, "request_timeout");
        Checks.atLeast(maxPending, 1, "max_pending");
        Checks.notNegative(drainTimeout, "drain_timeout");
        Checks.notNegative(maxCrawlDelay, "max_crawl_delay");
        Checks.notNegative(maxRetryAfter, "max_retry_after");
        if (maxRetryAfter.compareTo(RetryAfter.MAX) > 0) {
            throw new IllegalArgumentException("max_retry_after must be at most 1 hour (PT1H), the longest pause a"
                    + " Retry-After is honoured for, but was " + maxRetryAfter);
        }
        Checks.positive(retryBaseDelay, "retry_base_delay");
        Checks.positive(retryMaxDelay, "retry_max_delay");
        Checks.positive(robotsTtl, "robots_ttl");
        if (robotsTtl.compareTo(Duration.ofHours(24)) > 0) {
            throw new IllegalArgumentException("robots_ttl must be at most 24 hours (RFC 9309) but was " + robotsTtl);
        }
        Checks.positive(robotsRetry, "robots_retry");
        Checks.notNegative(robotsUnreachableGiveUp, "robots_unreachable_give_up");
        Checks.positive(rateLimitedGiveUp, "rate_limited_give_up");
        Checks.atLeast(maxHostQueue, 1, "max_host_queue");
        Checks.positive(maxHold, "max_hold");
        Checks.positive(seenRestoreTimeout, "seen_restore_timeout");
        if (metricsPort < 0 || metricsPort > 65535) {
            throw new IllegalArgumentException("metrics_port must be a TCP port (0-65535) but was " + metricsPort);
        }
        if (perAddress < 0) {
            throw new IllegalArgumentException("per_address must be >= 1, or " + PER_ADDRESS_OF_PER_HOST
                    + " for the same as per_host, but was " + perAddress);
        }
        Checks.atLeast(maxPendingPerPartition, 1, "max_pending_per_partition");
        if (maxUnackedPageBytes < MIN_UNACKED_PAGE_BYTES) {
            throw new IllegalArgumentException("max_unacked_page_bytes must be >= " + MIN_UNACKED_PAGE_BYTES
                    + " (1 MiB) but was " + maxUnackedPageBytes);
        }
        ParkingTiers tiers = new ParkingTiers(parkTiers); // validates with messages naming park_tiers
        tiers.checkFits(maxHold);
        parkTiers = tiers.delays();
        if (maxPagesPerHost < 0) {
            throw new IllegalArgumentException("max_pages_per_host must be >= 0 (0 means no limit) but was "
                    + maxPagesPerHost);
        }
        Checks.notNegative(maxRefreshDelay, "max_refresh_delay");
        renderPatterns = renderPatterns == null ? List.of() : List.copyOf(renderPatterns);
        RenderRoute.of(renderPatterns); // validates with messages naming render_patterns
        if (browserPath == null || browserPath.isBlank()) {
            throw new IllegalArgumentException("browser_path must name the Chromium executable, for example "
                    + "/usr/bin/chromium");
        }
        Checks.atLeast(renderTabs, 1, "render_tabs");
        Checks.positive(renderTimeout, "render_timeout");
        Checks.atLeast(renderMaxRequests, 1, "render_max_requests");
        Checks.atLeast(renderMaxBytes, maxBodyBytes, "render_max_bytes");
        if (renderScope == null) {
            throw new IllegalArgumentException("render_scope must be one of host, domain, any");
        }
        renderResourceTypes = renderResourceTypes == null ? List.of() : List.copyOf(renderResourceTypes);
        for (String type : renderResourceTypes) {
            if (!RENDER_RESOURCE_TYPES.contains(type)) {
                throw new IllegalArgumentException("render_resource_types: unknown type '" + type + "'; known types: "
                        + RENDER_RESOURCE_TYPES);
            }
        }
        if (!renderResourceTypes.contains("document")) {
            throw new IllegalArgumentException("render_resource_types must contain document (the page itself)");
        }
        Checks.atLeast(renderMaxPending, 1, "render_max_pending");
        if (maxInflightBodyBytes < maxBodyBytes) {
            throw new IllegalArgumentException("max_inflight_body_bytes must be >= max_body_bytes (" + maxBodyBytes
                    + ") but was " + maxInflightBodyBytes + ": a body at the cap must fit");
        }
        if (seenStore == null) {
            throw new IllegalArgumentException("seen_store must be one of memory, rocksdb");
        }
        if (seenStore == SeenStoreKind.ROCKSDB && (seenStoreDir == null || seenStoreDir.isBlank())) {
            throw new IllegalArgumentException("seen_store_dir must name a directory when seen_store is rocksdb");
        }
        Checks.atLeast(seenRestoreMinRate, 1, "seen_restore_min_rate");
        groupInstanceId = StaticMembership.checked(groupInstanceId);
        if (delivery == null) {
            throw new IllegalArgumentException("delivery must be one of exactly_once, at_least_once");
        }
        hostHeaders = ClientOptions.checkHeaders(headers, hostHeaders);
        headers = Map.copyOf(headers);
        ClientOptions.checkProxies(proxies, proxyMode);
        proxies = List.copyOf(proxies);
        Checks.positive(proxyCoolDown, "proxy_cool_down");
        Checks.positive(tlsHandshakeTimeout, "tls_handshake_timeout");
        ClientOptions.checkTlsFiles(trustCertificates, clientCertificate, clientKey);
        Checks.positive(dnsQueryTimeout, "dns_query_timeout");
        Checks.positive(dnsMaxTtl, "dns_max_ttl");
        Checks.notNegative(dnsNegativeTtl, "dns_negative_ttl");
        ClientOptions.checkMediaTypes(fullBodyTypes);
        fullBodyTypes = List.copyOf(fullBodyTypes);
        if (maxDecodedBytes != 0 && maxDecodedBytes < maxBodyBytes) {
            throw new IllegalArgumentException("max_decoded_bytes must be 0 (4 x max_body_bytes, at least 8 MiB) or >= "
                    + "max_body_bytes (" + maxBodyBytes + ") but was " + maxDecodedBytes);
        }
        Checks.atLeast(maxHeaderBytes, 1024, "max_header_bytes");
        Checks.atLeast(maxHeaderCount, 1, "max_header_count");
        Checks.positive(idleConnectionTimeout, "idle_connection_timeout");
        Checks.atLeast(maxIdleConnections, 0, "max_idle_connections");
        Checks.atLeast(ioThreads, 0, "io_threads");
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

    /**
     * The defaults: {@code fetcher-defaults.yaml} beside this class, the one list of the fetcher's settings,
     * each with its default and what it means.
     */
    public static FetcherConfig defaults() {
        return Defaults.CONFIG;
    }

    /** Read once, when first asked for. */
    private static final class Defaults {
        static final FetcherConfig CONFIG = ConfigBinder.defaultsFile(FetcherConfig.class, "fetcher-defaults.yaml");
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
