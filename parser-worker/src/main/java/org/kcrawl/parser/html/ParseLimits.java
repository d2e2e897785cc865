package org.kcrawl.parser.html;

import java.time.Duration;

/**
 * Bounds on the work one page may cost.
 *
 * @param maxParseBytes bytes of body parsed at most; the rest is ignored and the record marked truncated
 * @param timeBudget wall time the parse of one page may take before it ends with what it has
 */
public record ParseLimits(int maxParseBytes, Duration timeBudget) {
    /** 2 MiB, the fetcher's default body cap. */
    public static final int DEFAULT_MAX_PARSE_BYTES = 2 * 1024 * 1024;
    /** Generous for any sane page: jsoup parses 2 MiB in well under a second. */
    public static final Duration DEFAULT_TIME_BUDGET = Duration.ofSeconds(2);

    public ParseLimits {
        if (maxParseBytes < 1024) {
            throw new IllegalArgumentException("maxParseBytes must be >= 1024 but was " + maxParseBytes);
        }
        if (timeBudget == null || timeBudget.isNegative() || timeBudget.isZero()) {
            throw new IllegalArgumentException("timeBudget must be positive but was " + timeBudget);
        }
    }

    /** The defaults: 2 MiB and 2 seconds. */
    public static ParseLimits defaults() {
        return new ParseLimits(DEFAULT_MAX_PARSE_BYTES, DEFAULT_TIME_BUDGET);
    }
}
