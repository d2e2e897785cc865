package org.kcrawl.cli.recrawl;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.kcrawl.common.message.UrlStatus;

/**
 * Which known URLs a recrawl fetches again: those last fetched before a cutoff ({@code --recrawl-after
 * DURATION}: now minus the duration, so {@code 0s} takes every URL fetched before the run started and
 * none it fetches itself), or those whose next fetch date has come ({@code --recrawl-due}, by the
 * revisit intervals the fetchers gave them).
 *
 * @param cutoff URLs fetched before it are taken; null when going by due dates
 * @param now the recrawl's start, against which due dates are judged
 */
public record RecrawlSelection(Instant cutoff, Instant now) {
    private static final Pattern SHORT = Pattern.compile("(\\d{1,9})([smhd])");

    public RecrawlSelection {
        if (now == null) {
            throw new IllegalArgumentException("now must not be null");
        }
    }

    /** URLs last fetched more than {@code age} before {@code now}. */
    public static RecrawlSelection olderThan(Duration age, Instant now) {
        return new RecrawlSelection(now.minus(age), now);
    }

    /** URLs whose next fetch date is not after {@code now}. */
    public static RecrawlSelection due(Instant now) {
        return new RecrawlSelection(null, now);
    }

    /** True when {@code status}'s URL is to be fetched again. */
    public boolean selects(UrlStatus status) {
        return cutoff != null ? status.fetchedAt().isBefore(cutoff) : !status.nextFetchAt().isAfter(now);
    }

    /** What is selected, for a line on the terminal. */
    public String describe() {
        return cutoff != null ? "last fetched before " + cutoff : "due by " + now;
    }

    /**
     * Parses a recrawl age: a number and a unit ({@code 0s}, {@code 90m}, {@code 12h}, {@code 7d}) or an
     * ISO-8601 duration ({@code PT12H}). Throws {@link IllegalArgumentException} saying what is accepted.
     */
    public static Duration parseAge(String text) {
        if (text != null) {
            String t = text.trim().toLowerCase(Locale.ROOT);
            Matcher m = SHORT.matcher(t);
            if (m.matches()) {
                long n = Long.parseLong(m.group(1));
                return switch (m.group(2)) {
                    case "s" -> Duration.ofSeconds(n);
                    case "m" -> Duration.ofMinutes(n);
                    case "h" -> Duration.ofHours(n);
                    default -> Duration.ofDays(n);
                };
            }
            if (t.startsWith("p")) {
                try {
                    Duration d = Duration.parse(t.toUpperCase(Locale.ROOT));
                    if (!d.isNegative()) {
                        return d;
                    }
                } catch (java.time.format.DateTimeParseException e) {
                    // told below
                }
            }
        }
        throw new IllegalArgumentException("a recrawl age is a number with s, m, h or d (0s, 12h, 7d) or an ISO-8601"
                + " duration (PT12H), got '" + text + "'");
    }
}
