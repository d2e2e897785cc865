package org.kcrawl.http.politeness;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** Reads a Retry-After header: delay-seconds or an HTTP-date (RFC 9110, section 10.2.3). */
public final class RetryAfter {
    private RetryAfter() {}

    /**
     * The wait the header asks for, measured from {@code now}; null when the header is absent or
     * unreadable (a bad header is treated as no header, not as an error of the fetch). Dates in the
     * past give zero.
     */
    public static Duration parse(String value, Instant now) {
        if (value == null) {
            return null;
        }
        String v = value.trim();
        if (v.isEmpty()) {
            return null;
        }
        if (v.chars().allMatch(Character::isDigit)) {
            try {
                return Duration.ofSeconds(Long.parseLong(v));
            } catch (NumberFormatException e) {
                return v.length() > 18 ? Duration.ofSeconds(Long.MAX_VALUE / 1_000_000_000L) : null;
            }
        }
        try {
            Instant at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            return at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO;
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
