package org.kcrawl.common.url;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * An absolute http(s) URL with a host, split into the parts the crawl reads: scheme, host, port,
 * raw path and raw query. Every part is what {@link java.net.URI} reports for the same string, and a
 * string is accepted exactly when {@code URI} parses it with a host and an http(s) scheme: the
 * message checks, the scope filters and the partitioning key all judge URLs this way.
 *
 * <p>Why not {@code URI} itself: a link is checked by the normalizer, the scope chain, the message
 * constructor and the partitioner, and {@code URI}'s general RFC 2396 parser cost more per link than
 * parsing its page. This class first scans for the plain shape nearly every crawled URL has
 * (ASCII host name or dotted IPv4 address, optional port, RFC 2396 path and query characters), which
 * {@code URI} is certain to accept with the same parts, and hands anything else (IPv6 literals,
 * non-ASCII characters, unusual host names) to {@code URI}, so both always agree.
 */
public final class HttpUrl {
    private final String url;
    private final boolean https;
    private final int port;
    /**
     * Where the parts are in {@link #url} (-1 for an absent query), so that checking a URL makes no
     * substrings; each part is cut out on first use.
     */
    private final int hostStart;
    private final int hostEnd;
    private final int pathStart;
    private final int pathEnd;
    private final int queryStart;
    private final int queryEnd;
    private String host;
    private String rawPath;
    private String rawQuery;

    private HttpUrl(String url, boolean https, int hostStart, int hostEnd, int port, int pathStart, int pathEnd,
                    int queryStart, int queryEnd) {
        this.url = url;
        this.https = https;
        this.hostStart = hostStart;
        this.hostEnd = hostEnd;
        this.port = port;
        this.pathStart = pathStart;
        this.pathEnd = pathEnd;
        this.queryStart = queryStart;
        this.queryEnd = queryEnd;
    }

    /** The parts java.net.URI found, given as they are. */
    private HttpUrl(String url, boolean https, String host, int port, String rawPath, String rawQuery) {
        this(url, https, -1, -1, port, -1, -1, -1, -1);
        this.host = host;
        this.rawPath = rawPath;
        this.rawQuery = rawQuery;
    }

    /**
     * Parses {@code url}; throws {@link InvalidUrlException} ({@code MALFORMED}, or
     * {@code UNSUPPORTED_SCHEME} for another scheme) when it is not an absolute http(s) URL with a host.
     */
    public static HttpUrl parse(String url) throws InvalidUrlException {
        if (url == null) {
            throw new IllegalArgumentException("url must not be null");
        }
        HttpUrl fast = PlainShape.parse(url);
        return fast != null ? fast : general(url);
    }

    /** True when {@link #parse} accepts {@code url}. */
    public static boolean isValid(String url) {
        if (url == null) {
            return false;
        }
        if (PlainShape.parse(url) != null) {
            return true;
        }
        try {
            general(url);
            return true;
        } catch (InvalidUrlException e) {
            return false;
        }
    }

    private static HttpUrl general(String url) throws InvalidUrlException {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new InvalidUrlException(InvalidUrlException.Problem.MALFORMED, url, e.getMessage());
        }
        String scheme = uri.getScheme();
        if (scheme == null) {
            throw new InvalidUrlException(InvalidUrlException.Problem.MALFORMED, url,
                    "not absolute (http:// or https://)");
        }
        String lower = scheme.toLowerCase(Locale.ROOT);
        if (!lower.equals("http") && !lower.equals("https")) {
            throw new InvalidUrlException(InvalidUrlException.Problem.UNSUPPORTED_SCHEME, url,
                    "scheme '" + scheme + "' is not http or https");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new InvalidUrlException(InvalidUrlException.Problem.MALFORMED, url, "no host");
        }
        return new HttpUrl(url, lower.equals("https"), uri.getHost(), uri.getPort(), uri.getRawPath(),
                uri.getRawQuery());
    }

    /** The URL as given. */
    public String url() {
        return url;
    }

    /** True for https, false for http (however the scheme is written). */
    public boolean https() {
        return https;
    }

    /** The host as written (an IPv6 literal with its brackets), as {@link URI#getHost()}. */
    public String host() {
        if (host == null) {
            host = url.substring(hostStart, hostEnd);
        }
        return host;
    }

    /** The port, or -1 when none is written. */
    public int port() {
        return port;
    }

    /** The port, or the scheme's default (80 or 443) when none is written. */
    public int effectivePort() {
        return port >= 0 ? port : https ? 443 : 80;
    }

    /** The raw path, possibly empty, as {@link URI#getRawPath()}. */
    public String rawPath() {
        if (rawPath == null) {
            rawPath = url.substring(pathStart, pathEnd);
        }
        return rawPath;
    }

    /** The raw query, or null, as {@link URI#getRawQuery()}. */
    public String rawQuery() {
        if (rawQuery == null && queryStart >= 0) {
            rawQuery = url.substring(queryStart, queryEnd);
        }
        return rawQuery;
    }

    @Override
    public String toString() {
        return url;
    }

    /**
     * The shape nearly every URL has, recognised in one pass: {@code http(s)://host[:port][path][?query][#fragment]}
     * with an ASCII host name or a canonical dotted IPv4 address and RFC 2396 characters. A subset of
     * what {@code URI} accepts: anything outside it goes to {@code URI}.
     */
    private static final class PlainShape {
        private PlainShape() {}

        /**
         * One thread's scratch: the array URLs are read from (a copy: fewer checks per character than
         * String.charAt), and the last URL parsed with its parts. A consumed request's URL is parsed by
         * its check and right after for its host key: the same string object gets the same (immutable)
         * parts back without a second scan. A page's link is the same: the parser builds its request as
         * soon as the scope has judged it ({@code ScopeChain.apply} hands it over right then). A table of
         * a page's worth of recent URLs, tried when requests were built after the whole page, did not
         * measurably help.
         */
        private static final class Scratch {
            char[] chars = new char[256];
            String lastUrl;
            HttpUrl lastParsed;
        }

        private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);
        /** Longer URLs are read from an array of their own, not kept. */
        private static final int KEPT_CHARS = 4096;

        /** The parts of {@code url}, or null when it is not of the plain shape (it may still be valid). */
        static HttpUrl parse(String url) {
            Scratch scratch = SCRATCH.get();
            if (scratch.lastUrl == url) {
                return scratch.lastParsed;
            }
            HttpUrl parsed = scan(url, scratch);
            if (parsed != null) {
                scratch.lastUrl = url;
                scratch.lastParsed = parsed;
            }
            return parsed;
        }

        private static HttpUrl scan(String url, Scratch scratch) {
            int n = url.length();
            char[] c = scratch.chars;
            if (c.length < n) {
                c = new char[n];
                if (n <= KEPT_CHARS) {
                    scratch.chars = c;
                }
            }
            url.getChars(0, n, c, 0);
            int schemeEnd;
            if (url.regionMatches(true, 0, "http://", 0, 7)) {
                schemeEnd = 4;
            } else if (url.regionMatches(true, 0, "https://", 0, 8)) {
                schemeEnd = 5;
            } else {
                return null;
            }
            int hostStart = schemeEnd + 3;
            int i = hostStart;
            while (i < n && !isAuthorityEnd(c[i]) && c[i] != ':') {
                i++;
            }
            int hostEnd = i;
            if (!isPlainHost(c, hostStart, hostEnd)) {
                return null;
            }
            int port = -1;
            if (i < n && c[i] == ':') {
                int digits = ++i;
                int value = 0;
                while (i < n && c[i] >= '0' && c[i] <= '9' && i - digits < 5) {
                    value = value * 10 + (c[i] - '0');
                    i++;
                }
                if (i == digits || i < n && !isAuthorityEnd(c[i])) {
                    return null;
                }
                port = value;
            }
            int pathStart = i;
            while (i < n && c[i] != '?' && c[i] != '#') {
                if (!isPathChar(c, n, i)) {
                    return null;
                }
                i++;
            }
            int pathEnd = i;
            int queryStart = -1;
            int queryEnd = -1;
            if (i < n && c[i] == '?') {
                queryStart = ++i;
                while (i < n && c[i] != '#') {
                    if (!isQueryChar(c, n, i)) {
                        return null;
                    }
                    i++;
                }
                queryEnd = i;
            }
            if (i < n) {
                for (i++; i < n; i++) {
                    if (!isQueryChar(c, n, i)) {
                        return null; // the fragment takes the query's characters
                    }
                }
            }
            return new HttpUrl(url, schemeEnd == 5, hostStart, hostEnd, port, pathStart, pathEnd, queryStart, queryEnd);
        }

        private static boolean isAuthorityEnd(char c) {
            return c == '/' || c == '?' || c == '#';
        }

        /**
         * An RFC 2396 host name whose labels are letters, digits and inner hyphens and whose last label
         * starts with a letter, or a dotted IPv4 address of four canonical decimal numbers up to 255.
         */
        private static boolean isPlainHost(char[] s, int from, int to) {
            if (from >= to) {
                return false;
            }
            int lastLabel = from;
            int labelStart = from;
            for (int i = from; i <= to; i++) {
                if (i == to || s[i] == '.') {
                    if (i == labelStart || s[labelStart] == '-' || s[i - 1] == '-') {
                        return false; // empty label (or a trailing dot), or a hyphen at a label's edge
                    }
                    lastLabel = labelStart;
                    labelStart = i + 1;
                } else if (!isAlphaNum(s[i]) && s[i] != '-') {
                    return false;
                }
            }
            return isAlpha(s[lastLabel]) || isIpv4(s, from, to);
        }

        private static boolean isIpv4(char[] s, int from, int to) {
            int parts = 0;
            int i = from;
            while (i < to) {
                int start = i;
                int value = 0;
                while (i < to && s[i] >= '0' && s[i] <= '9') {
                    value = value * 10 + (s[i] - '0');
                    i++;
                    if (i - start > 3) {
                        return false;
                    }
                }
                if (i == start || value > 255 || i - start > 1 && s[start] == '0') {
                    return false;
                }
                parts++;
                if (i < to) {
                    if (s[i] != '.') {
                        return false;
                    }
                    i++;
                    if (i == to) {
                        return false;
                    }
                }
            }
            return parts == 4;
        }

        /** RFC 2396 {@code pchar} or {@code /}: unreserved, escaped, {@code ;:@&=+$,} and {@code /}. */
        private static boolean isPathChar(char[] s, int n, int i) {
            char c = s[i];
            return isUnreserved(c) || c == '/' || c == ';' || c == ':' || c == '@' || c == '&' || c == '='
                    || c == '+' || c == '$' || c == ',' || isEscape(s, n, i);
        }

        /** RFC 2396 {@code uric}: reserved, unreserved and escaped. */
        private static boolean isQueryChar(char[] s, int n, int i) {
            char c = s[i];
            return isPathChar(s, n, i) || c == '?';
        }

        private static boolean isEscape(char[] s, int n, int i) {
            // The two hex digits are checked where the '%' is; they are unreserved characters themselves.
            return s[i] == '%' && i + 2 < n && isHex(s[i + 1]) && isHex(s[i + 2]);
        }

        private static boolean isUnreserved(char c) {
            return isAlphaNum(c) || c == '-' || c == '_' || c == '.' || c == '!' || c == '~' || c == '*'
                    || c == '\'' || c == '(' || c == ')';
        }

        private static boolean isAlpha(char c) {
            return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
        }

        private static boolean isAlphaNum(char c) {
            return isAlpha(c) || c >= '0' && c <= '9';
        }

        private static boolean isHex(char c) {
            return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
        }
    }
}
