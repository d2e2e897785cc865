package org.kcrawl.http.client;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.kcrawl.common.Checks;
import org.kcrawl.common.config.Setting;
import org.kcrawl.common.message.HtmlContent;
import org.kcrawl.http.FetchSettings;
import org.kcrawl.http.net.Cidr;

/**
 * Immutable, validated settings of {@link NettyHttpFetcher}; every size, time and count the client
 * touches is bounded here.
 *
 * @param userAgent the User-Agent header; should carry a contact URL
 * @param extraHeaders headers added to every request (for example Accept-Language); may not set
 *                     Host, Connection, Accept-Encoding, Content-Length or Transfer-Encoding
 *                     ({@link HeaderRules})
 * @param connectTimeout TCP connect (and proxy handshake) limit
 * @param tlsHandshakeTimeout TLS handshake limit
 * @param idleReadTimeout longest silence while a response is awaited or read
 * @param totalDeadline limit on the whole fetch, from the call to the last byte
 * @param maxBodyBytes decoded body bytes kept; a longer body is kept truncated and flagged
 * @param maxDecodedBytes decoded bytes a gzip/deflate body may inflate to in total; beyond it the
 *                        fetch fails with TOO_LARGE (a decompression bomb); at least maxBodyBytes
 * @param maxHeaderBytes size of the status line plus header block
 * @param maxHeaderCount number of response header fields
 * @param fullBodyContentTypes media types whose body is read; others yield status and headers with
 *                             an empty body, and their connection is closed rather than drained. A
 *                             response without Content-Type is read (it may be HTML to sniff)
 * @param maxConnections the cap on fetches in flight, each on a connection of its own
 * @param maxConnectionsPerHost open connections per host name; also the cap on fetches in flight per host
 * @param maxIdleConnections idle keep-alive connections kept for reuse, over all hosts, on top of the ones
 *                           in use; 0 closes each connection after its exchange
 * @param idleConnectionTimeout how long an idle keep-alive connection is kept for reuse
 * @param eventLoopThreads I/O threads
 * @param allowPrivate when true, every address may be dialed (local use and tests only)
 * @param allowCidrs ranges opened even though they are not global, for example {@code 127.0.0.0/8}
 * @param trustAllCertificates accept any certificate and host name (tests only)
 * @param trustedCertificates a PEM file of extra trust anchors replacing the JDK's, or null for the JDK's
 * @param proxies proxies used in turn for new connections (empty: connect directly)
 * @param dnsQueryTimeout limit on one DNS query
 * @param dnsMaxTtl longest time a DNS answer is cached, whatever its TTL
 * @param dnsNegativeTtl how long a failed resolution is cached
 * @param hostHeaders headers added to the requests of one host only, by lower-case host name (IPv6 in
 *                    brackets), whatever the port; a name also in {@code extraHeaders} takes this value
 * @param denyCidrs ranges refused even when global, allowed or {@code allowPrivate}
 * @param clientCertificate a PEM certificate chain presented to servers that ask for a client
 *                          certificate, or null for none
 * @param clientKey the PKCS#8 PEM private key of {@code clientCertificate}; given together with it
 * @param proxyMode how a new connection picks its proxy
 * @param proxyCoolDown how long a proxy that failed {@value #PROXY_FAILURES_TO_COOL_DOWN} connections in a
 *                      row (unreachable, or silent through its handshake) is skipped
 * @param captureHeads keep each exchange's request head as sent and response head as received (up to
 *                     {@code maxHeaderBytes}), for archiving; off, nothing is copied
 */
public record HttpClientSettings(
        String userAgent,
        Map<String, String> extraHeaders,
        Duration connectTimeout,
        Duration tlsHandshakeTimeout,
        Duration idleReadTimeout,
        Duration totalDeadline,
        int maxBodyBytes,
        long maxDecodedBytes,
        int maxHeaderBytes,
        int maxHeaderCount,
        List<String> fullBodyContentTypes,
        int maxConnections,
        int maxConnectionsPerHost,
        int maxIdleConnections,
        Duration idleConnectionTimeout,
        int eventLoopThreads,
        boolean allowPrivate,
        List<String> allowCidrs,
        boolean trustAllCertificates,
        Path trustedCertificates,
        List<ProxySettings> proxies,
        Duration dnsQueryTimeout,
        Duration dnsMaxTtl,
        Duration dnsNegativeTtl,
        Map<String, Map<String, String>> hostHeaders,
        List<String> denyCidrs,
        Path clientCertificate,
        Path clientKey,
        ProxyMode proxyMode,
        Duration proxyCoolDown,
        boolean captureHeads) {

    /** Connections a proxy fails in a row before it cools down. */
    public static final int PROXY_FAILURES_TO_COOL_DOWN = 3;

    public HttpClientSettings {
        if (userAgent == null || userAgent.isBlank()) {
            throw new IllegalArgumentException("userAgent must not be blank");
        }
        HeaderRules.checkValue("userAgent", userAgent);
        extraHeaders = Map.copyOf(HeaderRules.checked(extraHeaders, "extraHeaders"));
        connectTimeout = Checks.positive(connectTimeout, "connectTimeout");
        tlsHandshakeTimeout = Checks.positive(tlsHandshakeTimeout, "tlsHandshakeTimeout");
        idleReadTimeout = Checks.positive(idleReadTimeout, "idleReadTimeout");
        totalDeadline = Checks.positive(totalDeadline, "totalDeadline");
        Checks.atLeast(maxBodyBytes, 1, "maxBodyBytes");
        if (maxDecodedBytes < maxBodyBytes) {
            throw new IllegalArgumentException("maxDecodedBytes must be >= maxBodyBytes (" + maxBodyBytes
                    + ") but was " + maxDecodedBytes);
        }
        Checks.atLeast(maxHeaderBytes, 1024, "maxHeaderBytes");
        Checks.atLeast(maxHeaderCount, 1, "maxHeaderCount");
        fullBodyContentTypes = mediaTypes(fullBodyContentTypes);
        Checks.atLeast(maxConnections, 1, "maxConnections");
        Checks.atLeast(maxConnectionsPerHost, 1, "maxConnectionsPerHost");
        if (maxConnectionsPerHost > maxConnections) {
            throw new IllegalArgumentException("maxConnectionsPerHost (" + maxConnectionsPerHost
                    + ") must not exceed maxConnections (" + maxConnections + ")");
        }
        Checks.atLeast(maxIdleConnections, 0, "maxIdleConnections");
        idleConnectionTimeout = Checks.positive(idleConnectionTimeout, "idleConnectionTimeout");
        Checks.atLeast(eventLoopThreads, 1, "eventLoopThreads");
        allowCidrs = cidrs(allowCidrs, "allowCidrs");
        denyCidrs = cidrs(denyCidrs, "denyCidrs");
        if (proxies == null) {
            throw new IllegalArgumentException("proxies must not be null (use an empty list)");
        }
        proxies = List.copyOf(proxies);
        dnsQueryTimeout = Checks.positive(dnsQueryTimeout, "dnsQueryTimeout");
        dnsMaxTtl = Checks.positive(dnsMaxTtl, "dnsMaxTtl");
        if (dnsNegativeTtl == null || dnsNegativeTtl.isNegative()) {
            throw new IllegalArgumentException("dnsNegativeTtl must be >= 0 but was " + dnsNegativeTtl);
        }
        hostHeaders = hostHeaders(hostHeaders);
        if ((clientCertificate == null) != (clientKey == null)) {
            throw new IllegalArgumentException("clientCertificate and clientKey must be given together");
        }
        if (proxyMode == null) {
            throw new IllegalArgumentException("proxyMode must not be null");
        }
        proxyCoolDown = Checks.positive(proxyCoolDown, "proxyCoolDown");
    }

    /**
     * Safe defaults: the declared defaults of the fetch settings ({@link FetchSettings}: timeouts, body and
     * header caps, idle connections, DNS, proxy mode), a decoded body of 4 x the body cap, HTML and XHTML read
     * fully, 8 connections per host, one I/O thread per core, full certificate checks, no client certificate,
     * no proxy.
     */
    public static HttpClientSettings defaults() {
        return new HttpClientSettings((String) FetchSettings.USER_AGENT.defaultValue(), Map.of(),
                FetchSettings.CONNECT_TIMEOUT.defaultDuration(), FetchSettings.TLS_HANDSHAKE_TIMEOUT.defaultDuration(),
                FetchSettings.READ_TIMEOUT.defaultDuration(), FetchSettings.REQUEST_TIMEOUT.defaultDuration(),
                intDefault(FetchSettings.MAX_BODY_BYTES), 4 * FetchSettings.MAX_BODY_BYTES.defaultLong(),
                intDefault(FetchSettings.MAX_HEADER_BYTES), intDefault(FetchSettings.MAX_HEADER_COUNT),
                HtmlContent.MEDIA_TYPES,
                intDefault(FetchSettings.CONCURRENCY), 8, intDefault(FetchSettings.MAX_IDLE_CONNECTIONS),
                FetchSettings.IDLE_CONNECTION_TIMEOUT.defaultDuration(),
                Runtime.getRuntime().availableProcessors(),
                (Boolean) FetchSettings.ALLOW_PRIVATE.defaultValue(), List.of(), false, null, List.of(),
                FetchSettings.DNS_QUERY_TIMEOUT.defaultDuration(), FetchSettings.DNS_MAX_TTL.defaultDuration(),
                FetchSettings.DNS_NEGATIVE_TTL.defaultDuration(), Map.of(), List.of(), null, null,
                ProxyMode.fromWireName((String) FetchSettings.PROXY_MODE.defaultValue()),
                FetchSettings.PROXY_COOL_DOWN.defaultDuration(), false);
    }

    private static int intDefault(Setting setting) {
        return Math.toIntExact(setting.defaultLong());
    }

    /** A builder starting from these settings. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Connections open at once at most: one per fetch in flight, and the idle ones kept for reuse. */
    public int maxOpenConnections() {
        return (int) Math.min(Integer.MAX_VALUE, (long) maxConnections + maxIdleConnections);
    }

    /** The allowCidrs parsed. */
    public List<Cidr> allowedRanges() {
        return allowCidrs.stream().map(Cidr::parse).toList();
    }

    /** The denyCidrs parsed. */
    public List<Cidr> deniedRanges() {
        return denyCidrs.stream().map(Cidr::parse).toList();
    }

    private static Map<String, Map<String, String>> hostHeaders(Map<String, Map<String, String>> byHost) {
        if (byHost == null) {
            throw new IllegalArgumentException("hostHeaders must not be null (use an empty map)");
        }
        Map<String, Map<String, String>> copy = new LinkedHashMap<>();
        byHost.forEach((host, headers) -> {
            if (host == null || host.isEmpty() || !host.equals(host.toLowerCase(Locale.ROOT))
                    || host.chars().anyMatch(c -> c <= ' ' || c == '/' || c == '@' || c == '?' || c == '#')
                    || (host.indexOf(':') >= 0 && !host.startsWith("["))) {
                throw new IllegalArgumentException("hostHeaders has an invalid host '" + host
                        + "' (expected a lower-case host name or address, without scheme or port)");
            }
            copy.put(host, Map.copyOf(HeaderRules.checked(headers, "hostHeaders." + host)));
        });
        return Map.copyOf(copy);
    }

    private static List<String> mediaTypes(List<String> types) {
        if (types == null) {
            throw new IllegalArgumentException("fullBodyContentTypes must not be null");
        }
        List<String> out = new ArrayList<>();
        for (String t : types) {
            if (t == null || t.isBlank() || t.indexOf('/') <= 0 || t.indexOf(';') >= 0) {
                throw new IllegalArgumentException("fullBodyContentTypes has an invalid media type '" + t
                        + "' (expected type/subtype without parameters)");
            }
            out.add(t.trim().toLowerCase(Locale.ROOT));
        }
        return List.copyOf(out);
    }

    private static List<String> cidrs(List<String> cidrs, String name) {
        if (cidrs == null) {
            throw new IllegalArgumentException(name + " must not be null (use an empty list)");
        }
        for (String c : cidrs) {
            try {
                Cidr.parse(c);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
            }
        }
        return List.copyOf(cidrs);
    }

    /** Builds settings from defaults or from existing settings; {@link #build()} validates. */
    public static final class Builder {
        private String userAgent;
        private Map<String, String> extraHeaders;
        private Duration connectTimeout;
        private Duration tlsHandshakeTimeout;
        private Duration idleReadTimeout;
        private Duration totalDeadline;
        private int maxBodyBytes;
        private long maxDecodedBytes;
        private int maxHeaderBytes;
        private int maxHeaderCount;
        private List<String> fullBodyContentTypes;
        private int maxConnections;
        private int maxConnectionsPerHost;
        private int maxIdleConnections;
        private Duration idleConnectionTimeout;
        private int eventLoopThreads;
        private boolean allowPrivate;
        private List<String> allowCidrs;
        private boolean trustAllCertificates;
        private Path trustedCertificates;
        private List<ProxySettings> proxies;
        private Duration dnsQueryTimeout;
        private Duration dnsMaxTtl;
        private Duration dnsNegativeTtl;
        private Map<String, Map<String, String>> hostHeaders;
        private List<String> denyCidrs;
        private Path clientCertificate;
        private Path clientKey;
        private ProxyMode proxyMode;
        private Duration proxyCoolDown;
        private boolean captureHeads;

        private Builder(HttpClientSettings s) {
            userAgent = s.userAgent;
            extraHeaders = s.extraHeaders;
            connectTimeout = s.connectTimeout;
            tlsHandshakeTimeout = s.tlsHandshakeTimeout;
            idleReadTimeout = s.idleReadTimeout;
            totalDeadline = s.totalDeadline;
            maxBodyBytes = s.maxBodyBytes;
            maxDecodedBytes = s.maxDecodedBytes;
            maxHeaderBytes = s.maxHeaderBytes;
            maxHeaderCount = s.maxHeaderCount;
            fullBodyContentTypes = s.fullBodyContentTypes;
            maxConnections = s.maxConnections;
            maxConnectionsPerHost = s.maxConnectionsPerHost;
            maxIdleConnections = s.maxIdleConnections;
            idleConnectionTimeout = s.idleConnectionTimeout;
            eventLoopThreads = s.eventLoopThreads;
            allowPrivate = s.allowPrivate;
            allowCidrs = s.allowCidrs;
            trustAllCertificates = s.trustAllCertificates;
            trustedCertificates = s.trustedCertificates;
            proxies = s.proxies;
            dnsQueryTimeout = s.dnsQueryTimeout;
            dnsMaxTtl = s.dnsMaxTtl;
            dnsNegativeTtl = s.dnsNegativeTtl;
            hostHeaders = s.hostHeaders;
            denyCidrs = s.denyCidrs;
            clientCertificate = s.clientCertificate;
            clientKey = s.clientKey;
            proxyMode = s.proxyMode;
            proxyCoolDown = s.proxyCoolDown;
            captureHeads = s.captureHeads;
        }

        public Builder userAgent(String v) { userAgent = v; return this; }
        public Builder extraHeaders(Map<String, String> v) { extraHeaders = v; return this; }
        public Builder connectTimeout(Duration v) { connectTimeout = v; return this; }
        public Builder tlsHandshakeTimeout(Duration v) { tlsHandshakeTimeout = v; return this; }
        public Builder idleReadTimeout(Duration v) { idleReadTimeout = v; return this; }
        public Builder totalDeadline(Duration v) { totalDeadline = v; return this; }
        public Builder maxBodyBytes(int v) { maxBodyBytes = v; return this; }
        public Builder maxDecodedBytes(long v) { maxDecodedBytes = v; return this; }
        public Builder maxHeaderBytes(int v) { maxHeaderBytes = v; return this; }
        public Builder maxHeaderCount(int v) { maxHeaderCount = v; return this; }
        public Builder fullBodyContentTypes(List<String> v) { fullBodyContentTypes = v; return this; }
        public Builder maxConnections(int v) { maxConnections = v; return this; }
        public Builder maxConnectionsPerHost(int v) { maxConnectionsPerHost = v; return this; }
        public Builder maxIdleConnections(int v) { maxIdleConnections = v; return this; }
        public Builder idleConnectionTimeout(Duration v) { idleConnectionTimeout = v; return this; }
        public Builder eventLoopThreads(int v) { eventLoopThreads = v; return this; }
        public Builder allowPrivate(boolean v) { allowPrivate = v; return this; }
        public Builder allowCidrs(List<String> v) { allowCidrs = v; return this; }
        public Builder trustAllCertificates(boolean v) { trustAllCertificates = v; return this; }
        public Builder trustedCertificates(Path v) { trustedCertificates = v; return this; }
        public Builder proxies(List<ProxySettings> v) { proxies = v; return this; }
        public Builder dnsQueryTimeout(Duration v) { dnsQueryTimeout = v; return this; }
        public Builder dnsMaxTtl(Duration v) { dnsMaxTtl = v; return this; }
        public Builder dnsNegativeTtl(Duration v) { dnsNegativeTtl = v; return this; }
        public Builder hostHeaders(Map<String, Map<String, String>> v) { hostHeaders = v; return this; }
        public Builder denyCidrs(List<String> v) { denyCidrs = v; return this; }
        public Builder clientCertificate(Path v) { clientCertificate = v; return this; }
        public Builder clientKey(Path v) { clientKey = v; return this; }
        public Builder proxyMode(ProxyMode v) { proxyMode = v; return this; }
        public Builder proxyCoolDown(Duration v) { proxyCoolDown = v; return this; }
        public Builder captureHeads(boolean v) { captureHeads = v; return this; }

        /** Validates and builds. */
        public HttpClientSettings build() {
            return new HttpClientSettings(userAgent, extraHeaders, connectTimeout, tlsHandshakeTimeout,
                    idleReadTimeout, totalDeadline, maxBodyBytes, maxDecodedBytes, maxHeaderBytes, maxHeaderCount,
                    fullBodyContentTypes, maxConnections, maxConnectionsPerHost, maxIdleConnections, idleConnectionTimeout,
                    eventLoopThreads, allowPrivate, allowCidrs, trustAllCertificates, trustedCertificates, proxies,
                    dnsQueryTimeout, dnsMaxTtl, dnsNegativeTtl, hostHeaders, denyCidrs, clientCertificate, clientKey,
                    proxyMode, proxyCoolDown, captureHeads);
        }
    }
}
