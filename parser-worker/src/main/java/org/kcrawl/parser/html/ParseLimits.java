package org.kcrawl.parser.html;

import java.time.Duration;
import org.kcrawl.common.Checks;
import org.kcrawl.parser.ParserSettings;

/**
 * Bounds on the work one page may cost.
 *
 * @param maxParseBytes bytes of body parsed at most; the rest is ignored and the record marked truncated
 * @param timeBudget wall time the parse of one page may take before it ends with what it has
 */
public record ParseLimits(int maxParseBytes, Duration timeBudget) {
    /** Checked by the declarations of {@code max_parse_bytes} and {@code parse_time_budget}. */
    public ParseLimits {
        ParserSettings.MAX_PARSE_BYTES.check(maxParseBytes, "max_parse_bytes");
        ParserSettings.PARSE_TIME_BUDGET.check(Checks.notNull(timeBudget, "parse_time_budget"), "parse_time_budget");
    }

    /** The declared defaults of {@code max_parse_bytes} and {@code parse_time_budget}. */
    public static ParseLimits defaults() {
        return new ParseLimits(Math.toIntExact(ParserSettings.MAX_PARSE_BYTES.defaultLong()),
                ParserSettings.PARSE_TIME_BUDGET.defaultDuration());
    }
}
