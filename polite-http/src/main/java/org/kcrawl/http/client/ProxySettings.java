package org.kcrawl.http.client;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One outbound proxy: an HTTP proxy reached with CONNECT, or a SOCKS5 proxy. The fetcher resolves
 * and checks the target address itself and asks the proxy for that address, so the address guard
 * still holds behind a proxy.
 *
 * @param type HTTP (CONNECT tunnel) or SOCKS5
 * @param host the proxy's host name or address; resolved once when the fetcher starts
 * @param port the proxy's port
 * @param username optional user name (null for none)
 * @param password optional password, required when username is set
 */
public record ProxySettings(Type type, String host, int port, String username, String password) {

    /** The proxy protocol. */
    public enum Type { HTTP, SOCKS5 }

    public ProxySettings {
        if (type == null) {
            throw new IllegalArgumentException("proxy type must not be null (HTTP or SOCKS5)");
        }
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("proxy host must not be blank");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("proxy port must be in 1..65535 but was " + port);
        }
        if ((username == null) != (password == null)) {
            throw new IllegalArgumentException("proxy username and password must be given together");
        }
    }

    /**
     * A proxy from its URL: {@code http://host:port} (CONNECT) or {@code socks5://host:port}, with
     * optional percent-encoded credentials ({@code http://user:p%40ss@host:port}). The port is required:
     * proxies listen on all sorts of ports, and a guessed one would fail far from its cause.
     *
     * @throws IllegalArgumentException saying what is wrong, without repeating the password
     */
    public static ProxySettings parse(String url) {
        if (url == null || url.isBlank()) {
            throw new IllegalArgumentException("a proxy URL must not be blank");
        }
        if (!url.contains("://")) {
            // host:port alone is the usual slip; say what to write rather than how the URI parser failed.
            String bare = url.strip();
            bare = bare.lastIndexOf('@') >= 0 ? "***" + bare.substring(bare.lastIndexOf('@')) : bare;
            throw new IllegalArgumentException("proxy '" + bare + "' has no scheme: write http://" + bare
                    + " (HTTP CONNECT) or socks5://" + bare);
        }
        URI uri;
        try {
            uri = new URI(url.strip());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("proxy '" + redacted(url) + "' is not a URL: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        Type type = switch (scheme) {
            case "http" -> Type.HTTP;
            case "socks5" -> Type.SOCKS5;
            default -> throw new IllegalArgumentException("proxy '" + redacted(url)
                    + "' must start with http:// (HTTP CONNECT) or socks5://");
        };
        if (uri.getHost() == null || uri.getPort() < 0) {
            throw new IllegalArgumentException("proxy '" + redacted(url) + "' must name a host and a port, as in "
                    + scheme + "://proxy.example:" + (type == Type.HTTP ? "3128" : "1080"));
        }
        String path = uri.getRawPath();
        if ((path != null && !path.isEmpty() && !path.equals("/")) || uri.getRawQuery() != null
                || uri.getRawFragment() != null) {
            throw new IllegalArgumentException("proxy '" + redacted(url) + "' must be scheme://[user:password@]host:port"
                    + " without a path or query");
        }
        String host = uri.getHost().startsWith("[") ? uri.getHost().substring(1, uri.getHost().length() - 1)
                : uri.getHost();
        String userInfo = uri.getRawUserInfo();
        if (userInfo == null) {
            return new ProxySettings(type, host, uri.getPort(), null, null);
        }
        int colon = userInfo.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("proxy '" + redacted(url) + "' gives a user without a password");
        }
        return new ProxySettings(type, host, uri.getPort(), decode(userInfo.substring(0, colon)),
                decode(userInfo.substring(colon + 1)));
    }

    /** The URL this proxy is written as, with the password replaced by {@code ***}. */
    public String redactedUrl() {
        String scheme = type == Type.HTTP ? "http" : "socks5";
        String h = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
        return scheme + "://" + (username == null ? "" : username + ":***@") + h + ":" + port;
    }

    /** {@code url} with whatever sits between {@code ://} and {@code @} replaced, for messages. */
    static String redacted(String url) {
        int start = url.indexOf("://");
        int at = url.lastIndexOf('@');
        return start >= 0 && at > start ? url.substring(0, start + 3) + "***" + url.substring(at) : url;
    }

    private static String decode(String s) {
        return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    /** A proxy without credentials. */
    public static ProxySettings of(Type type, String host, int port) {
        return new ProxySettings(type, host, port, null, null);
    }

    /** host:port and type, never the password. */
    @Override
    public String toString() {
        return type + " " + host + ":" + port + (username == null ? "" : " as " + username);
    }
}
