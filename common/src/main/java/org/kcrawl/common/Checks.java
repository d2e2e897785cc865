package org.kcrawl.common;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import org.kcrawl.common.url.HttpUrl;

/**
 * The one way to check an argument, a setting or a message field: each check returns what it was given
 * (so it reads inline in an assignment), takes the value first and the name last, and throws an
 * {@link IllegalArgumentException} whose message names the field and says what was wrong with it.
 */
public final class Checks {
    private Checks() {}

    /** Returns {@code value} or throws naming {@code field} when it is null. */
    public static <T> T notNull(T value, String field) {
        if (value == null) {
            throw new IllegalArgumentException(field + " must not be null");
        }
        return value;
    }

    /** The earliest time a message may carry. */
    public static final Instant EARLIEST_TIME = Instant.EPOCH;
    /**
     * The latest time a message may carry: any two times of messages are then less than 292 years apart, so
     * the workers' waits and ages fit a {@code long} of nanoseconds (a {@code not_before} in the year 1,000,000
     * overflowed after the URL had taken its seen claim and budgets).
     */
    public static final Instant LATEST_TIME = Instant.parse("2200-01-01T00:00:00Z");

    /** Returns {@code time} or throws naming {@code field} when it is outside [1970, 2200). Null passes. */
    public static Instant plausibleTime(Instant time, String field) {
        if (time != null && (time.isBefore(EARLIEST_TIME) || !time.isBefore(LATEST_TIME))) {
            throw new IllegalArgumentException(field + " must be from " + EARLIEST_TIME + " to before " + LATEST_TIME
                    + " but was " + time);
        }
        return time;
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

    /** Returns {@code value} or throws naming {@code field} when it is below {@code min}. */
    public static int atLeast(int value, int min, String field) {
        if (value < min) {
            throw new IllegalArgumentException(field + " must be >= " + min + " but was " + value);
        }
        return value;
    }

    /** Returns {@code value} or throws naming {@code field} when it is below {@code min}. */
    public static long atLeast(long value, long min, String field) {
        if (value < min) {
            throw new IllegalArgumentException(field + " must be >= " + min + " but was " + value);
        }
        return value;
    }

    /** Returns {@code d} or throws naming {@code field} when it is null, zero or negative. */
    public static Duration positive(Duration d, String field) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(field + " must be a positive duration (for example PT30S) but was " + d);
        }
        return d;
    }

    /** Returns {@code d} or throws naming {@code field} when it is null or negative. */
    public static Duration notNegative(Duration d, String field) {
        if (d == null || d.isNegative()) {
            throw new IllegalArgumentException(field + " must be a duration >= 0 (for example PT30S) but was " + d);
        }
        return d;
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
