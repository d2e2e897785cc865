package org.kcrawl.http;

import java.util.List;
import java.util.Map;
import org.kcrawl.common.config.Setting;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.http.politeness.RetryAfter;
import org.kcrawl.http.robots.RobotsSettings;

/**
 * The settings of fetching a URL politely and safely, declared once: politeness, robots.txt, retries and the
 * HTTP client. Whatever fetches (the fetcher, and the render worker for every request a page makes) is
 * configured by them.
 */
public final class FetchSettings {
    /**
     * The largest body cap whose page message still fits the producer's request size: a page carries its body
     * as raw bytes, and 256 KiB is left for its headers, URLs and the framing around them.
     */
    public static final long MAX_PUBLISHABLE_BODY_BYTES = TopicLayout.DEFAULT_MAX_MESSAGE_BYTES - 256 * 1024;

    /** Requests per second per host. */
    public static final Setting RATE = Setting.number("rate", 1.0, "requests per second per host").positive()
            .option("--rate");

    /** Requests a rested host may receive back to back. */
    public static final Setting BURST = Setting.integer("burst", 1, "requests a rested host may receive back to"
            + " back (1: the interval is never beaten)").atLeast(1);

    /** Concurrent requests per host. */
    public static final Setting PER_HOST = Setting.integer("per_host", 2, "concurrent requests per host").atLeast(1)
            .option("--per-host");

    /** Concurrent requests in total. */
    public static final Setting CONCURRENCY = Setting.integer("concurrency", 256, "concurrent requests in total (the"
            + " global in-flight cap)").atLeast(1).option("--concurrency");

    /** Cap on an honoured Crawl-delay. */
    public static final Setting MAX_CRAWL_DELAY = Setting.duration("max_crawl_delay", "30s", "cap on an honoured"
            + " robots.txt Crawl-delay").notNegative();

    /** Cap on an honoured Retry-After. */
    public static final Setting MAX_RETRY_AFTER = Setting.duration("max_retry_after", "10m", "cap on an honoured"
            + " Retry-After pause of a host").notNegative().atMost(RetryAfter.MAX);

    /** Longest a URL waits in memory. */
    public static final Setting MAX_HOLD = Setting.duration("max_hold", "10s", "longest a URL waits in memory for"
            + " its not-before time or its turn at its host before it is parked; max_pending URLs keep about"
            + " max_pending / (max_hold x rate) hosts busy").positive();

    /** URLs queued per host in memory. */
    public static final Setting MAX_HOST_QUEUE = Setting.integer("max_host_queue", 1000, "URLs queued per host in"
            + " memory, whatever its pace; more are parked").atLeast(1);

    /** How fast and how many at once, per host, per address and in all. */
    public static final List<Setting> POLITENESS = List.of(
            RATE,
            BURST,
            PER_HOST,
            Setting.integer("per_address", 0, "concurrent requests per resolved IP address over all hosts behind it"
                    + " (shared hosting, a CDN); a value set is kept as given, even below per_host").atLeast(1)
                    .orZero("the larger of per_host and 8").option("--per-address", "--per-ip"),
            CONCURRENCY,
            Setting.flag("adaptive", false, "the latency-aware throttle: each host's interval also follows its"
                    + " response time (an answer slower than the interval lengthens it at once, a 5xx or a timeout at"
                    + " least doubles it, faster answers shorten it by half the difference), never below 1/rate nor"
                    + " above one minute"),
            Setting.flag("learn_rate_limits", true, "learn each host's rate from its server's refusals: a 429 or 503"
                    + " lowers it at once, answers bring it back slowly, never above rate; hosts behind one address"
                    + " refused together make the address learn a rate; learned rates outlive a restart (the"
            + " host-rates"
                    + " topic). Off, a refusal only pauses its host for its Retry-After"),
            Setting.duration("rate_limited_give_up", "10m", "how long a URL's server may keep refusing it (429,"
            + " or 503"
                    + " with a Retry-After) before it fails as rate_limited; until then a refused URL is tried"
            + " again at"
                    + " its host's learned pace without counting an attempt").positive(),
            MAX_CRAWL_DELAY,
            MAX_RETRY_AFTER,
            Setting.flag("ignore_robots", false, "skip robots.txt entirely").option("--ignore-robots"),
            Setting.text("robots_agent", "kcrawl", "the product token matched against robots.txt User-agent lines")
                    .matching("[A-Za-z_-]+", "a robots.txt product token ([A-Za-z_-]+)"),
            Setting.duration("robots_ttl", "24h", "how long robots.txt rules are cached (RFC 9309)").positive()
                    .atMost("24h"),
            Setting.duration("robots_retry", "1m", "how long an unreachable robots.txt (5xx, 429, or no answer)"
                    + " blocks its host before it is fetched again; the host's URLs retry then, up to max_attempts")
                    .positive(),
            Setting.duration("robots_unreachable_give_up", "0s", "how long after a host's robots.txt first failed its"
                    + " URLs may still wait for it: a URL whose next try would come later fails at once with the"
                    + " network's reason (dns, connect, ...); 0 never gives up early (the crawl command sets 8s for a"
                    + " local crawl)").notNegative(),
            Setting.integer("max_attempts", 3, "attempts per URL for transient failures, the first included")
                    .atLeast(1),
            Setting.duration("retry_base_delay", "1s", "first retry back-off (doubled per attempt, full jitter)")
                    .positive(),
            Setting.duration("retry_max_delay", "1m", "cap on the retry back-off").positive());

    /** The user_agent setting. */
    public static final Setting USER_AGENT = Setting.text("user_agent", "kcrawl/0.1"
            + " (+https://github.com/kcrawl/kcrawl)", "the User-Agent header")
            .matching("[^\\x00-\\x1f\\x7f]*[^\\s\\x00-\\x1f\\x7f][^\\x00-\\x1f\\x7f]*",
            "a header value without control characters");

    /** The allow_private setting. */
    public static final Setting ALLOW_PRIVATE = Setting.flag("allow_private", false, "allow loopback, private,"
            + " link-local and metadata addresses")
            .option("--allow-private");

    /** The allow_cidrs setting. */
    public static final Setting ALLOW_CIDRS = Setting.list("allow_cidrs", List.of(), "address ranges fetched"
            + " even though they are not global, for"
            + " example a lab network");

    /** The deny_cidrs setting. */
    public static final Setting DENY_CIDRS = Setting.list("deny_cidrs", List.of(), "address ranges never"
            + " fetched even though they are global (a"
            + " cluster's pod and service ranges); they win over allow_cidrs and allow_private");

    /** The max_body_bytes setting. */
    public static final Setting MAX_BODY_BYTES = Setting.size("max_body_bytes", "2MiB", "body cap, at most what"
            + " a page message can carry; longer bodies"
            + " are truncated").atLeast(RobotsSettings.RFC_MIN_BYTES).atMost(MAX_PUBLISHABLE_BODY_BYTES);

    /** The max_decoded_bytes setting. */
    public static final Setting MAX_DECODED_BYTES = Setting.size("max_decoded_bytes", "0", "bytes a compressed"
            + " body may inflate to before the fetch fails as"
            + " too_large (a decompression bomb); 0 is 4 x max_body_bytes, at least 8 MiB, and any other value"
            + " must be at least max_body_bytes");

    /** The max_header_bytes setting. */
    public static final Setting MAX_HEADER_BYTES = Setting.size("max_header_bytes", "64KiB", "size of a"
            + " response's status line and headers").atLeast(1024);

    /** The max_header_count setting. */
    public static final Setting MAX_HEADER_COUNT = Setting.integer("max_header_count", 200, "response header"
            + " fields").atLeast(1);

    /** The full_body_types setting. */
    public static final Setting FULL_BODY_TYPES = Setting.list("full_body_types", List.of(), "media types whose"
            + " bodies are read besides HTML, XHTML, text,"
            + " the sitemap types, PDF and application/octet-stream; other responses are kept as status and"
            + " headers only");

    /** The connect_timeout setting. */
    public static final Setting CONNECT_TIMEOUT = Setting.duration("connect_timeout", "5s", "TCP (and TLS)"
            + " connection set-up deadline").positive();

    /** The tls_handshake_timeout setting. */
    public static final Setting TLS_HANDSHAKE_TIMEOUT = Setting.duration("tls_handshake_timeout", "10s", "limit"
            + " on a TLS handshake").positive();

    /** The read_timeout setting. */
    public static final Setting READ_TIMEOUT = Setting.duration("read_timeout", "15s", "longest silence while"
            + " reading a response").positive();

    /** The request_timeout setting. */
    public static final Setting REQUEST_TIMEOUT = Setting.duration("request_timeout", "30s", "deadline of a"
            + " whole request, connection included").positive();

    /** The dns_query_timeout setting. */
    public static final Setting DNS_QUERY_TIMEOUT = Setting.duration("dns_query_timeout", "5s", "limit on one"
            + " DNS query").positive();

    /** The dns_max_ttl setting. */
    public static final Setting DNS_MAX_TTL = Setting.duration("dns_max_ttl", "5m", "longest a DNS answer is"
            + " cached, whatever its TTL").positive();

    /** The dns_negative_ttl setting. */
    public static final Setting DNS_NEGATIVE_TTL = Setting.duration("dns_negative_ttl", "30s", "how long a"
            + " failed resolution is cached").notNegative();

    /** The idle_connection_timeout setting. */
    public static final Setting IDLE_CONNECTION_TIMEOUT = Setting.duration("idle_connection_timeout", "30s", "how long an idle keep-alive connection is kept")
            .positive();

    /** The max_idle_connections setting. */
    public static final Setting MAX_IDLE_CONNECTIONS = Setting.integer("max_idle_connections", 1024, "idle"
            + " keep-alive connections kept for reuse over all"
            + " hosts, on top of the concurrency in use; 0 closes each after its exchange").atLeast(0);

    /** The io_threads setting. */
    public static final Setting IO_THREADS = Setting.integer("io_threads", 0, "the HTTP client's event loops; 0"
            + " is one per core").atLeast(0);

    /** The headers setting. */
    public static final Setting HEADERS = Setting.structured("headers", Map.of(), "headers added to every"
            + " request, robots.txt included (for"
            + " example Accept-Language); not Host, Connection or the transfer and encoding headers")
            .option("--headers", "--header");

    /** The host_headers setting. */
    public static final Setting HOST_HEADERS = Setting.structured("host_headers", Map.of(), "headers added to"
            + " the requests of one host only, by host"
            + " name (any port), such as an Authorization header one site must get; a name also in headers"
            + " takes the host's value");

    /** The proxies setting. */
    public static final Setting PROXIES = Setting.list("proxies", List.of(), "proxy URLs (http://host:port for"
            + " HTTP CONNECT, socks5://host:port,"
            + " credentials as http://user:password@host:port); empty connects directly").option("--proxies", "--proxy");

    /** The proxy_mode setting. */
    public static final Setting PROXY_MODE = Setting.choice("proxy_mode", "sticky", "sticky (each host keeps"
            + " one proxy) or round_robin (proxies in"
            + " turn)", "sticky", "round_robin");

    /** The proxy_cool_down setting. */
    public static final Setting PROXY_COOL_DOWN = Setting.duration("proxy_cool_down", "1m", "how long a proxy"
            + " that failed three connections in a row is"
            + " skipped").positive();

    /** The trust_certificates setting. */
    public static final Setting TRUST_CERTIFICATES = Setting.text("trust_certificates", null, "a PEM file of"
            + " the certificates to trust instead of the JDK's"
            + " (a private CA, a self-signed site), or null for the JDK's");

    /** The client_certificate setting. */
    public static final Setting CLIENT_CERTIFICATE = Setting.text("client_certificate", null, "a PEM"
            + " certificate chain shown to servers that ask for a client"
            + " certificate");

    /** The client_key setting. */
    public static final Setting CLIENT_KEY = Setting.text("client_key", null, "the client certificate's private"
            + " key, unencrypted PKCS#8 PEM; set"
            + " together with client_certificate");

    /** What a request sends and accepts, how long it may take, and where it may go. */
    public static final List<Setting> HTTP = List.of(
            USER_AGENT,
            ALLOW_PRIVATE,
            ALLOW_CIDRS,
            DENY_CIDRS,
            MAX_BODY_BYTES,
            MAX_DECODED_BYTES,
            MAX_HEADER_BYTES,
            MAX_HEADER_COUNT,
            FULL_BODY_TYPES,
            CONNECT_TIMEOUT,
            TLS_HANDSHAKE_TIMEOUT,
            READ_TIMEOUT,
            REQUEST_TIMEOUT,
            DNS_QUERY_TIMEOUT,
            DNS_MAX_TTL,
            DNS_NEGATIVE_TTL,
            IDLE_CONNECTION_TIMEOUT,
            MAX_IDLE_CONNECTIONS,
            IO_THREADS,
            HEADERS,
            HOST_HEADERS,
            PROXIES,
            PROXY_MODE,
            PROXY_COOL_DOWN,
            TRUST_CERTIFICATES,
            CLIENT_CERTIFICATE,
            CLIENT_KEY);

    private FetchSettings() {}
}
