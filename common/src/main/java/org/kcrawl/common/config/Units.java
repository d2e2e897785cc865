package org.kcrawl.common.config;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How durations and sizes are written in settings: a duration as {@code 30s}, {@code 5m}, {@code 1h30m},
 * {@code 7d}, {@code 250ms} or ISO-8601 ({@code PT30S}); a size as {@code 2MiB}, {@code 512KiB}, {@code 1GiB}
 * ({@code KB}, {@code MB}, {@code GB} are powers of 1000), a plain number being bytes.
 */
public final class Units {
    private static final Pattern DURATION_PART = Pattern.compile("(\\d+)(ms|s|m|h|d)");
    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([a-z]*)");

    private Units() {}

    /** Parses a duration; throws {@link IllegalArgumentException} when {@code text} is none. */
    public static Duration duration(String text) {
        String s = text.strip();
        if (s.startsWith("P") || s.startsWith("p") || s.startsWith("-P")) {
            try {
                return Duration.parse(s);
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("not an ISO-8601 duration: '" + text + "'", e);
            }
        }
        Matcher m = DURATION_PART.matcher(s.toLowerCase(Locale.ROOT));
        Duration total = Duration.ZERO;
        int end = 0;
        while (m.find() && m.start() == end) {
            long n = Long.parseLong(m.group(1));
            total = total.plus(switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                default -> Duration.ofDays(n);
            });
            end = m.end();
        }
        if (end == 0 || end != s.length()) {
            throw new IllegalArgumentException("not a duration: '" + text + "'");
        }
        return total;
    }

    /** Parses a size in bytes; throws {@link IllegalArgumentException} when {@code text} is none. */
    public static long bytes(String text) {
        Matcher m = SIZE.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("not a size: '" + text + "'");
        }
        long unit = switch (m.group(2)) {
            case "", "b" -> 1;
            case "kib", "k" -> 1024;
            case "mib", "m" -> 1024 * 1024;
            case "gib", "g" -> 1024L * 1024 * 1024;
            case "tib", "t" -> 1024L * 1024 * 1024 * 1024;
            case "kb" -> 1000;
            case "mb" -> 1000 * 1000;
            case "gb" -> 1000L * 1000 * 1000;
            case "tb" -> 1000L * 1000 * 1000 * 1000;
            default -> throw new IllegalArgumentException("not a size: '" + text + "' (units: B, KiB, MiB, GiB, TiB,"
                    + " KB, MB, GB, TB)");
        };
        BigDecimal value = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unit));
        try {
            return value.longValueExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("not a whole number of bytes, or too large: '" + text + "'", e);
        }
    }

    /** A duration as people write it: the largest unit that divides it ({@code 5s}, {@code 1h}, {@code 100s}). */
    public static String format(Duration d) {
        if (d.isZero()) {
            return "0s";
        }
        long ms = d.toMillis();
        if (d.isNegative() || !Duration.ofMillis(ms).equals(d)) {
            return d.toString();
        }
        if (ms % 86_400_000 == 0) {
            return ms / 86_400_000 + "d";
        }
        if (ms % 3_600_000 == 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms % 60_000 == 0) {
            return ms / 60_000 + "m";
        }
        return ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
    }

    /** A size as people write it: in the largest binary unit that divides it ({@code 2MiB}), else bytes. */
    public static String formatBytes(long bytes) {
        String[] units = {"TiB", "GiB", "MiB", "KiB"};
        long[] sizes = {1L << 40, 1L << 30, 1L << 20, 1L << 10};
        for (int i = 0; i < units.length; i++) {
            if (bytes != 0 && bytes % sizes[i] == 0) {
                return bytes / sizes[i] + units[i];
            }
        }
        return Long.toString(bytes);
    }
}
