package org.kcrawl.parser.html;

import java.util.Locale;

/**
 * An http(s) base URL, split once, against which a page's link references are resolved the way
 * browsers resolve them (RFC 3986 section 5.2 with the WHATWG URL Standard's rules for special
 * schemes: surrounding spaces and controls stripped, tabs and newlines removed, backslashes read as
 * slashes before the query, {@code http:foo} relative on an http base). Dot segments,
 * percent-encoding and case are left to the normalizer, which runs on every result.
 *
 * <p>Written instead of jsoup's {@code absUrl}: per link, that strips control characters with a
 * regular expression that matches at every position and builds two {@code java.net.URL}s, which
 * cost more than parsing the page itself.
 */
final class BaseUrl {
    private final String scheme;
    /** Scheme, "://" and authority, such as {@code https://www.example.org:8443}. */
    private final String origin;
    /** The path, possibly empty. */
    private final String path;
    /** Origin, path and query: the base without its fragment. */
    private final String withoutFragment;
    /** Origin and the path up to its last slash: where relative paths are appended. */
    private final String directory;

    private BaseUrl(String scheme, String origin, String path, String query) {
        this.scheme = scheme;
        this.origin = origin;
        this.path = path;
        this.withoutFragment = origin + path + (query == null ? "" : "?" + query);
        int slash = path.lastIndexOf('/');
        this.directory = origin + (slash < 0 ? "/" : path.substring(0, slash + 1));
    }

    /** The base for {@code url}, or null when it is not an absolute http(s) URL with an authority. */
    static BaseUrl parse(String url) {
        if (url == null) {
            return null;
        }
        String s = clean(url);
        int colon = schemeEnd(s);
        if (colon < 0) {
            return null;
        }
        String scheme = s.substring(0, colon).toLowerCase(Locale.ROOT);
        if (!isHttp(scheme)) {
            return null;
        }
        int hash = s.indexOf('#');
        String rest = hash < 0 ? s.substring(colon + 1) : s.substring(colon + 1, hash);
        int question = rest.indexOf('?');
        String query = question < 0 ? null : rest.substring(question + 1);
        String hier = (question < 0 ? rest : rest.substring(0, question)).replace('\\', '/');
        if (!hier.startsWith("//")) {
            return null;
        }
        int start = 2;
        while (start < hier.length() && hier.charAt(start) == '/') {
            start++;
        }
        int slash = hier.indexOf('/', start);
        String authority = slash < 0 ? hier.substring(start) : hier.substring(start, slash);
        if (authority.isEmpty()) {
            return null;
        }
        String path = slash < 0 ? "" : hier.substring(slash);
        return new BaseUrl(scheme, scheme + "://" + authority, path, query);
    }

    /**
     * The absolute form of {@code reference}. References with a scheme other than http(s) come back
     * as they are (cleaned), so the normalizer can name their scheme when it refuses them.
     */
    String resolve(String reference) {
        String ref = clean(reference);
        int colon = schemeEnd(ref);
        if (colon >= 0) {
            String refScheme = ref.substring(0, colon).toLowerCase(Locale.ROOT);
            if (!isHttp(refScheme)) {
                return ref;
            }
            String rest = slashed(ref.substring(colon + 1));
            if (refScheme.equals(scheme) && !rest.startsWith("//")) {
                ref = rest; // "http:foo" on an http page is a relative reference
            } else {
                return refScheme + "://" + stripLeadingSlashes(rest);
            }
        } else {
            ref = slashed(ref);
        }
        if (ref.isEmpty()) {
            return withoutFragment;
        }
        switch (ref.charAt(0)) {
            case '/':
                return ref.startsWith("//") ? scheme + "://" + stripLeadingSlashes(ref) : origin + ref;
            case '?':
                return origin + path + ref;
            case '#':
                return withoutFragment + ref;
            default:
                return directory + ref;
        }
    }

    /** Backslashes before the query or fragment read as slashes, as browsers do for http(s). */
    private static String slashed(String ref) {
        int backslash = ref.indexOf('\\');
        if (backslash < 0) {
            return ref;
        }
        int end = ref.length();
        int q = ref.indexOf('?');
        int h = ref.indexOf('#');
        if (q >= 0) {
            end = q;
        }
        if (h >= 0 && h < end) {
            end = h;
        }
        if (backslash >= end) {
            return ref;
        }
        return ref.substring(0, end).replace('\\', '/') + ref.substring(end);
    }

    private static String stripLeadingSlashes(String s) {
        int i = 0;
        while (i < s.length() && s.charAt(i) == '/') {
            i++;
        }
        return s.substring(i);
    }

    /** The index of the colon ending a scheme ({@code [A-Za-z][A-Za-z0-9+.-]*:}), or -1. */
    private static int schemeEnd(String s) {
        if (s.isEmpty() || !isAsciiLetter(s.charAt(0))) {
            return -1;
        }
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ':') {
                return i;
            }
            if (!isAsciiLetter(c) && !(c >= '0' && c <= '9') && c != '+' && c != '-' && c != '.') {
                return -1;
            }
        }
        return -1;
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isHttp(String scheme) {
        return scheme.equals("http") || scheme.equals("https");
    }

    /** Strips leading and trailing spaces and C0 controls, and removes tabs and newlines inside. */
    private static String clean(String s) {
        int from = 0;
        int to = s.length();
        while (from < to && s.charAt(from) <= ' ') {
            from++;
        }
        while (to > from && s.charAt(to - 1) <= ' ') {
            to--;
        }
        boolean inner = false;
        for (int i = from; i < to && !inner; i++) {
            char c = s.charAt(i);
            inner = c == '\t' || c == '\n' || c == '\r';
        }
        if (!inner) {
            return from == 0 && to == s.length() ? s : s.substring(from, to);
        }
        StringBuilder sb = new StringBuilder(to - from);
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c != '\t' && c != '\n' && c != '\r') {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
