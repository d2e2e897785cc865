package org.kcrawl.common.url;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Turns an absolute http(s) URL into the one string the crawl uses for it. Deterministic and
 * idempotent ({@code normalize(normalize(u)).equals(normalize(u))}), because the fetcher deduplicates
 * by a fingerprint of this string. Thread-safe.
 *
 * <p>What it does: scheme and host lower case; IDN hosts to punycode; user info dropped; default
 * ports removed; backslashes read as slashes and tabs and newlines removed (as browsers do); dot
 * segments resolved; percent-encoding made canonical; the fragment dropped; an empty path becomes
 * {@code /}; configured tracking and session parameters removed from the query and from path
 * parameters ({@code ;jsessionid=...}); optionally the query parameters sorted. The result always
 * parses as a {@link java.net.URI} with a host ({@link HttpUrl}), so it is accepted by every message constructor.
 *
 * <p>Written instead of crawler-commons' {@code BasicURLNormalizer}: its 1.4 release is not
 * idempotent and garbles some escapes (for example {@code /ä} after certain inputs, see
 * crawler-commons issue 559), which would break fingerprint deduplication.
 */
public final class UrlNormalizer {
    /** Inputs longer than this are refused before any work, so one absurd href costs nothing. */
    public static final int DEFAULT_MAX_INPUT_LENGTH = 8192;

    /** Parameters removed by {@link #defaults()}: ad-click trackers and session identifiers. */
    public static final List<String> DEFAULT_STRIP_PARAMS = List.of(
            "utm_*", "gclid", "dclid", "gbraid", "wbraid", "fbclid", "msclkid", "yclid", "mc_cid", "mc_eid",
            "_ga", "_gl", "igshid", "sessionid", "session_id", "jsessionid", "phpsessid", "aspsessionid*",
            "sid", "cfid", "cftoken");

    private static final Comparator<String> BY_NAME_THEN_VALUE =
            Comparator.comparing(UrlNormalizer::paramName).thenComparing(Comparator.naturalOrder());

    private final ParamMatcher strip;
    private final boolean sortQuery;
    private final int maxInputLength;

    /**
     * @param stripParams parameter names to remove ({@code utm_*} style prefixes allowed)
     * @param sortQuery sort query parameters by name, so parameter order does not make new URLs
     * @param maxInputLength longest input accepted
     */
    public UrlNormalizer(Collection<String> stripParams, boolean sortQuery, int maxInputLength) {
        if (maxInputLength < 16) {
            throw new IllegalArgumentException("maxInputLength must be >= 16 but was " + maxInputLength);
        }
        this.strip = new ParamMatcher(stripParams);
        this.sortQuery = sortQuery;
        this.maxInputLength = maxInputLength;
    }

    /** The default parameter list, sorted queries, the default input limit. */
    public static UrlNormalizer defaults() {
        return new UrlNormalizer(DEFAULT_STRIP_PARAMS, true, DEFAULT_MAX_INPUT_LENGTH);
    }

    /** The normalized form of the absolute URL {@code url}. */
    public String normalize(String url) throws InvalidUrlException {
        if (url == null) {
            throw new IllegalArgumentException("url must not be null");
        }
        if (url.length() > maxInputLength) {
            throw new InvalidUrlException(InvalidUrlException.Problem.TOO_LONG, url,
                    "longer than " + maxInputLength + " characters");
        }
        String quick = CanonicalShape.normalize(url);
        return quick != null ? quick : normalizeFully(url);
    }

    /** The general normalization, every step taken (what {@link CanonicalShape} shortcuts must agree with). */
    String normalizeFully(String url) throws InvalidUrlException {
        String s = clean(url);
        int colon = s.indexOf(':');
        if (colon <= 0) {
            throw malformed(url, "not an absolute URL");
        }
        String scheme = s.substring(0, colon).toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new InvalidUrlException(InvalidUrlException.Problem.UNSUPPORTED_SCHEME, url,
                    "scheme '" + scheme + "' is not followed");
        }
        String rest = s.substring(colon + 1);
        int hash = rest.indexOf('#');
        if (hash >= 0) {
            rest = rest.substring(0, hash);
        }
        int question = rest.indexOf('?');
        String query = question >= 0 ? rest.substring(question + 1) : null;
        // http and https are "special" schemes: a backslash before the query counts as a slash.
        String hier = (question >= 0 ? rest.substring(0, question) : rest).replace('\\', '/');
        if (!hier.startsWith("//")) {
            throw malformed(url, "no '//' authority");
        }
        int start = 2;
        while (start < hier.length() && hier.charAt(start) == '/') {
            start++; // browsers skip extra slashes: http:///example.com/ is http://example.com/
        }
        int slash = hier.indexOf('/', start);
        String authority = slash < 0 ? hier.substring(start) : hier.substring(start, slash);
        String path = slash < 0 ? "" : hier.substring(slash);

        StringBuilder out = new StringBuilder(s.length() + 8);
        out.append(scheme).append("://");
        appendAuthority(out, scheme, authority, url);
        out.append(normalizePath(path));
        String q = query == null ? "" : normalizeQuery(query);
        if (!q.isEmpty()) {
            out.append('?').append(q);
        }
        return verified(out.toString(), url);
    }

    private void appendAuthority(StringBuilder out, String scheme, String authority, String url)
            throws InvalidUrlException {
        String hostPort = authority.substring(authority.lastIndexOf('@') + 1);
        String host;
        String port = "";
        if (hostPort.startsWith("[")) {
            int close = hostPort.indexOf(']');
            if (close < 0) {
                throw malformed(url, "unterminated IPv6 literal");
            }
            host = hostPort.substring(0, close + 1);
            String after = hostPort.substring(close + 1);
            if (!after.isEmpty()) {
                if (after.charAt(0) != ':') {
                    throw malformed(url, "junk after IPv6 literal");
                }
                port = after.substring(1);
            }
        } else {
            int c = hostPort.lastIndexOf(':');
            host = c >= 0 ? hostPort.substring(0, c) : hostPort;
            port = c >= 0 ? hostPort.substring(c + 1) : "";
        }
        out.append(Hosts.normalize(host, url));
        int p = parsePort(port, url);
        int defaultPort = scheme.equals("https") ? 443 : 80;
        if (p >= 0 && p != defaultPort) {
            out.append(':').append(p);
        }
    }

    private static int parsePort(String port, String url) throws InvalidUrlException {
        if (port.isEmpty()) {
            return -1;
        }
        if (port.length() > 5) {
            throw malformed(url, "port out of range");
        }
        int value = 0;
        for (int i = 0; i < port.length(); i++) {
            char c = port.charAt(i);
            if (c < '0' || c > '9') {
                throw malformed(url, "port is not a number");
            }
            value = value * 10 + (c - '0');
        }
        if (value > 65535) {
            throw malformed(url, "port out of range");
        }
        return value;
    }

    private String normalizePath(String path) {
        if (path.isEmpty()) {
            return "/";
        }
        String encoded = PercentEncoding.normalize(path, PercentEncoding.Component.PATH);
        // Path parameters go before dot segments: "/a/.;jsessionid=1/b" must end as "/a/b" in one pass.
        String withoutParams = strip.isEmpty() || encoded.indexOf(';') < 0 ? encoded : stripPathParams(encoded);
        return DotSegments.remove(withoutParams);
    }

    private String stripPathParams(String path) {
        StringBuilder out = new StringBuilder(path.length());
        String[] segments = path.split("/", -1);
        // The path is absolute, so segments[0] is the empty string before the first '/'.
        for (int s = 1; s < segments.length; s++) {
            out.append('/');
            String[] parts = segments[s].split(";", -1);
            out.append(parts[0]);
            for (int i = 1; i < parts.length; i++) {
                if (!strip.matches(paramName(parts[i]))) {
                    out.append(';').append(parts[i]);
                }
            }
        }
        return out.toString();
    }

    private String normalizeQuery(String query) {
        String encoded = PercentEncoding.normalize(query, PercentEncoding.Component.QUERY);
        List<String> params = new ArrayList<>();
        for (String param : encoded.split("&")) {
            if (!param.isEmpty() && !strip.matches(paramName(param))) {
                params.add(param);
            }
        }
        if (sortQuery) {
            params.sort(BY_NAME_THEN_VALUE);
        }
        return String.join("&", params);
    }

    private static String paramName(String param) {
        int eq = param.indexOf('=');
        return eq < 0 ? param : param.substring(0, eq);
    }

    /** Strips what browsers strip before parsing: outer spaces and controls, inner tabs and newlines. */
    private static String clean(String url) {
        int from = 0;
        int to = url.length();
        while (from < to && url.charAt(from) <= ' ') {
            from++;
        }
        while (to > from && url.charAt(to - 1) <= ' ') {
            to--;
        }
        String s = url.substring(from, to);
        if (s.indexOf('\t') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\t' && c != '\n' && c != '\r') {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** The safety net: whatever was built must parse the way the message checks parse it. */
    private static String verified(String normalized, String url) throws InvalidUrlException {
        try {
            HttpUrl.parse(normalized);
            return normalized;
        } catch (InvalidUrlException e) {
            throw malformed(url, "not a valid URI after normalization (" + e.getMessage() + ")");
        }
    }

    private static InvalidUrlException malformed(String url, String detail) {
        return new InvalidUrlException(InvalidUrlException.Problem.MALFORMED, url, detail);
    }
}
