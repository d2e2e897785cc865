package org.kcrawl.http.politeness;

import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Reads a Retry-After header (RFC 9110, section 10.2.3): delay-seconds, or an HTTP-date in any of the
 * three forms a recipient must accept (IMF-fixdate, the obsolete RFC 850 form and asctime). What a
 * server sends here is not trusted: every value becomes a wait between zero and {@link #MAX}, and none
 * is an error.
 */
public final class RetryAfter {
    /** The longest wait a Retry-After can ask for: one hour. */
    public static final Duration MAX = Duration.ofHours(1);

    private static final Pattern SECONDS = Pattern.compile("[+-]?\\d+(\\.\\d*)?|[+-]?\\.\\d+");
    private static final DateTimeFormatter ASCTIME = new DateTimeFormatterBuilder()
            .parseCaseInsensitive()
            .appendPattern("EEE MMM")
            .appendLiteral(' ')
            .optionalStart().appendLiteral(' ').optionalEnd()
            .appendPattern("d HH:mm:ss yyyy")
            .toFormatter(Locale.ENGLISH);

    private RetryAfter() {}

    /**
     * The wait the header asks for, measured from {@code now}: null when the header is absent or blank;
     * otherwise between zero and {@link #MAX}. Delay-seconds may carry a fraction (some servers send one);
     * a negative number, a date in the past and a value that is neither a number nor a date mean no wait
     * (zero), and a longer wait than {@link #MAX} is cut to it.
     */
    public static Duration parse(String value, Instant now) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String v = value.trim();
        if (SECONDS.matcher(v).matches()) {
            return seconds(v);
        }
        Instant at = date(v, now);
        if (at == null || !at.isAfter(now)) {
            return Duration.ZERO;
        }
        return bounded(Duration.between(now, at));
    }

    private static Duration seconds(String v) {
        BigDecimal s = new BigDecimal(v.startsWith("+") ? v.substring(1) : v);
        if (s.signum() <= 0) {
            return Duration.ZERO;
        }
        if (s.compareTo(BigDecimal.valueOf(MAX.toSeconds())) >= 0) {
            return MAX;
        }
        return Duration.ofNanos(s.movePointRight(9).longValue());
    }

    /** The instant of an HTTP-date in any of its three forms, or null when {@code v} is none of them. */
    private static Instant date(String v, Instant now) {
        try {
            return ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        } catch (DateTimeException e) {
            // not an IMF-fixdate; the obsolete forms follow
        }
        for (DateTimeFormatter f : List.of(rfc850(now), ASCTIME)) {
            try {
                return LocalDateTime.parse(v, f).toInstant(ZoneOffset.UTC);
            } catch (DateTimeException e) {
                // not this form; try the next
            }
        }
        return null;
    }

    /**
     * The RFC 850 form, whose two-digit year is read as RFC 9110 says: a year more than 50 years after
     * {@code now}'s is the most recent one in the past with the same two digits.
     */
    private static DateTimeFormatter rfc850(Instant now) {
        int base = now.atZone(ZoneOffset.UTC).getYear() - 49;
        return new DateTimeFormatterBuilder()
                .parseCaseInsensitive()
                .appendPattern("EEEE, dd-MMM-")
                .appendValueReduced(ChronoField.YEAR, 2, 2, base)
                .appendPattern(" HH:mm:ss 'GMT'")
                .toFormatter(Locale.ENGLISH);
    }

    private static Duration bounded(Duration d) {
        return d.compareTo(MAX) > 0 ? MAX : d;
    }
}
