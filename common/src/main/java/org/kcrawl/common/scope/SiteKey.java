package org.kcrawl.common.scope;

import java.net.URI;
import java.util.Locale;
import org.kcrawl.common.url.HttpUrl;
import org.kcrawl.common.url.InvalidUrlException;

/**
 * The site of a URL as the crawl's scope tells sites apart: its lower-case host, plus the port when
 * that is not the scheme's default. So {@code http://a/} and {@code https://a/} are one site while
 * {@code a:8080} and {@code a:9090} are two (local test sites tell hosts apart by port).
 */
public final class SiteKey {
    private SiteKey() {}

    /** The site of {@code url}. */
    public static String of(HttpUrl url) {
        String host = url.host().toLowerCase(Locale.ROOT);
        int port = keptPort(url);
        return port < 0 ? host : host + ":" + port;
    }

    /**
     * True when {@code a} and {@code b} are on one site ({@code of} would give both the same key), without
     * making the keys: a page's links are judged against its own URL hundreds of times.
     */
    public static boolean same(HttpUrl a, HttpUrl b) {
        return keptPort(a) == keptPort(b) && a.host().equalsIgnoreCase(b.host());
    }

    /** The port a site key names, or -1 when it names none (the scheme's default). */
    private static int keptPort(HttpUrl url) {
        int port = url.port();
        return port < 0 || port == (url.https() ? 443 : 80) ? -1 : port;
    }

    /** The site of an absolute http(s) URL; throws {@link IllegalArgumentException} naming it when it is not one. */
    public static String of(String url) {
        try {
            return of(HttpUrl.parse(url));
        } catch (InvalidUrlException e) {
            throw new IllegalArgumentException("not a valid URL: " + url + " (" + e.getMessage() + ")", e);
        }
    }

    /**
     * The host of a site key ({@code host} or {@code host:port}, an IPv6 literal in brackets); throws
     * {@link IllegalArgumentException} naming it when it is not one.
     */
    public static String host(String site) {
        if (site == null || site.isBlank()) {
            throw new IllegalArgumentException("a site must be a host, or host:port, but was '" + site + "'");
        }
        String host;
        try {
            host = URI.create("http://" + site.trim() + "/").getHost();
        } catch (IllegalArgumentException e) {
            host = null;
        }
        if (host == null || host.isEmpty()) {
            throw new IllegalArgumentException("a site must be a host, or host:port, but was '" + site + "'");
        }
        return host.toLowerCase(Locale.ROOT);
    }
}
