package org.kcrawl.common.redirect;

/**
 * A declarative refresh, as an HTTP {@code Refresh} header or a {@code <meta http-equiv="refresh">}
 * content gives it: reload, or go to {@code url}, after {@code delaySeconds}. {@link #parse} follows
 * the HTML standard's "shared declarative refresh steps", which browsers apply to both forms, so the
 * fetcher (which sees headers) and the parser (which reads markup) read one syntax the same way.
 *
 * @param delaySeconds whole seconds before the refresh comes due (a fraction is ignored, as browsers
 *                     ignore it); {@link Long#MAX_VALUE} for a number too large to hold
 * @param url the URL to go to as written (not resolved), or null when the refresh names none and so
 *            reloads the page itself
 */
public record Refresh(long delaySeconds, String url) {

    public Refresh {
        if (delaySeconds < 0) {
            throw new IllegalArgumentException("delaySeconds must be >= 0 but was " + delaySeconds);
        }
        if (url != null && url.isEmpty()) {
            throw new IllegalArgumentException("url must be null (the page itself) or not empty");
        }
    }

    /**
     * The refresh {@code value} declares, or null when it declares none (empty, or not starting with a
     * delay): {@code 0; url=/next}, {@code 5;URL='/next'}, {@code 5, url=/next}, {@code 0; /next},
     * {@code 1.5} (reload) all declare one; {@code -1}, {@code soon} and {@code 5x} do not.
     */
    public static Refresh parse(String value) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        int n = value.length();
        int i = skipSpace(value, 0);
        int digits = i;
        while (i < n && isDigit(value.charAt(i))) {
            i++;
        }
        if (i == digits && (i == n || value.charAt(i) != '.')) {
            return null;
        }
        long delay = seconds(value, digits, i);
        while (i < n && (isDigit(value.charAt(i)) || value.charAt(i) == '.')) {
            i++; // the fraction: read and ignored
        }
        if (i < n) {
            char c = value.charAt(i);
            if (c != ';' && c != ',' && !isSpace(c)) {
                return null;
            }
            i = skipSpace(value, i);
            if (i < n && (value.charAt(i) == ';' || value.charAt(i) == ',')) {
                i++;
            }
            i = skipSpace(value, i);
        }
        return new Refresh(delay, i < n ? url(value, i) : null);
    }

    /** The copy of this refresh going to {@code url} instead (resolved, say). */
    public Refresh withUrl(String url) {
        return new Refresh(delaySeconds, url);
    }

    /**
     * The URL part, from {@code from} on: an optional {@code url=} (any case, spaces around the
     * {@code =}), then an optional quote that ends the URL where it occurs again. Null when nothing
     * is left, which names the page itself.
     */
    private static String url(String value, int from) {
        int n = value.length();
        int i = from;
        boolean prefixed = false;
        if (i < n && (value.charAt(i) == 'u' || value.charAt(i) == 'U')) {
            i++;
            if (i < n && (value.charAt(i) == 'r' || value.charAt(i) == 'R')
                    && i + 1 < n && (value.charAt(i + 1) == 'l' || value.charAt(i + 1) == 'L')) {
                int eq = skipSpace(value, i + 2);
                if (eq < n && value.charAt(eq) == '=') {
                    i = skipSpace(value, eq + 1);
                    prefixed = true;
                }
            }
            if (!prefixed) {
                return trimmed(value, from, n); // "u..." that is no "url=": the URL itself, as written
            }
        }
        int end = n;
        if (i < n && (value.charAt(i) == '\'' || value.charAt(i) == '"')) {
            char quote = value.charAt(i++);
            int close = value.indexOf(quote, i);
            if (close >= 0) {
                end = close;
            }
        }
        return trimmed(value, i, end);
    }

    /**
     * {@code value[from, to)} without the leading and trailing spaces and control characters a URL
     * parser strips, or null when nothing is left.
     */
    private static String trimmed(String value, int from, int to) {
        while (from < to && value.charAt(from) <= ' ') {
            from++;
        }
        while (to > from && value.charAt(to - 1) <= ' ') {
            to--;
        }
        return from == to ? null : value.substring(from, to);
    }

    private static long seconds(String value, int from, int to) {
        long seconds = 0;
        for (int i = from; i < to; i++) {
            int digit = value.charAt(i) - '0';
            if (seconds > (Long.MAX_VALUE - digit) / 10) {
                return Long.MAX_VALUE;
            }
            seconds = seconds * 10 + digit;
        }
        return seconds;
    }

    private static int skipSpace(String value, int from) {
        int i = from;
        while (i < value.length() && isSpace(value.charAt(i))) {
            i++;
        }
        return i;
    }

    /** ASCII whitespace, as the HTML standard counts it. */
    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
