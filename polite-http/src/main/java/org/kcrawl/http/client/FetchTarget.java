package org.kcrawl.http.client;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import org.kcrawl.common.message.FailureReason;

/**
 * A URL taken apart for one fetch: scheme, host, port, the request target and the Host header.
 *
 * @param url the URL as given
 * @param https true for https
 * @param hostKey the host as {@link org.kcrawl.common.url.HostKey} spells it (lower case, IPv6 in brackets)
 * @param host the host without brackets, for resolution and TLS
 * @param port the explicit or default port
 * @param requestTarget path and query, at least "/"
 * @param hostHeader the Host header value (port only when not the default)
 */
record FetchTarget(String url, boolean https, String hostKey, String host, int port, String requestTarget,
                   String hostHeader) {

    /** Parses an absolute http(s) URL; throws FetchException(INVALID_URL) naming the problem. */
    static FetchTarget parse(String url) throws FetchException {
        if (url == null) {
            throw new FetchException(FailureReason.INVALID_URL, "url must not be null");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new FetchException(FailureReason.INVALID_URL, "not a valid URL: " + e.getMessage(), null, e);
        }
        String scheme = uri.getScheme() == null ? null : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!"http".equals(scheme) && !"https".equals(scheme)) {
            throw new FetchException(FailureReason.INVALID_URL, "only http and https URLs can be fetched: " + url);
        }
        String rawHost = uri.getHost();
        if (rawHost == null || rawHost.isEmpty()) {
            throw new FetchException(FailureReason.INVALID_URL, "URL has no host: " + url);
        }
        String hostKey = rawHost.toLowerCase(Locale.ROOT);
        String host = hostKey.startsWith("[") && hostKey.endsWith("]")
                ? hostKey.substring(1, hostKey.length() - 1) : hostKey;
        boolean https = scheme.equals("https");
        int defaultPort = https ? 443 : 80;
        int port = uri.getPort() == -1 ? defaultPort : uri.getPort();
        if (port < 1 || port > 65535) {
            throw new FetchException(FailureReason.INVALID_URL, "port out of range in " + url);
        }
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String target = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
        String hostHeader = port == defaultPort ? hostKey : hostKey + ":" + port;
        return new FetchTarget(url, https, hostKey, host, port, target, hostHeader);
    }

    /** The connection pool key: connections are reused only for the same scheme, host and port. */
    PoolKey poolKey() {
        return new PoolKey(https, hostKey, port);
    }
}
