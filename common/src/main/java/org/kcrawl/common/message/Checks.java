package org.kcrawl.common.message;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import org.kcrawl.common.url.HttpUrl;

/** Argument checks for message constructors; each failure names the offending field. */
public final class Checks {
    private Checks() {}

    /** Returns {@code value} or throws naming {@code field} when it is null. */
    public static <T> T notNull(T value, String field) {
        if (value == null) {
            throw new IllegalArgumentException(field + " must not be null");
        }
        return value;
    }

    /** Returns {@code value} or throws naming {@code field} when it is negative. */
    public static int notNegative(int value, String field) {
        if (value < 0) {
            throw new IllegalArgumentException(field + " must be >= 0 but was " + value);
        }
        return value;
    }

    /** Returns {@code value} or throws naming {@code field} when it is negative. */
    public static long notNegative(long value, String field) {
        if (value < 0) {
            throw new IllegalArgumentException(field + " must be >= 0 but was " + value);
        }
        return value;
    }

    /**
     * Returns {@code url} when it is an absolute http(s) URL with a host; otherwise throws naming
     * {@code field}. Only syntax is checked here: scope and address rules belong to the workers.
     */
    public static String httpUrl(String url, String field) {
        notNull(url, field);
        if (HttpUrl.isValid(url)) {
            return url;
        }
        // Only refused URLs get this far: java.net.URI says exactly what is wrong with them.
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(field + " is not a valid URL: " + e.getMessage(), e);
        }
        String scheme = uri.getScheme();
        if (scheme == null) {
            throw new IllegalArgumentException(field + " must be absolute (http:// or https://): " + url);
        }
        String lower = scheme.toLowerCase(Locale.ROOT);
        if (!lower.equals("http") && !lower.equals("https")) {
            throw new IllegalArgumentException(field + " must use http or https, not " + scheme + ": " + url);
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new IllegalArgumentException(field + " has no host: " + url);
        }
        return url;
    }
}
