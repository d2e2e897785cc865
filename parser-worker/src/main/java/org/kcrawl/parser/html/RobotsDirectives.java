package org.kcrawl.parser.html;

import java.util.Locale;

/**
 * What a page's {@code <meta name=robots>} and {@code X-Robots-Tag} header ask of crawlers.
 *
 * @param noindex the page's content must not be recorded beyond fetch metadata
 * @param nofollow the page's links must not be followed
 */
public record RobotsDirectives(boolean noindex, boolean nofollow) {
    /** No restriction. */
    public static final RobotsDirectives NONE = new RobotsDirectives(false, false);

    /** Both restrictions combined with {@code other}'s: a restriction from either source holds. */
    public RobotsDirectives and(RobotsDirectives other) {
        return new RobotsDirectives(noindex || other.noindex, nofollow || other.nofollow);
    }

    /**
     * Parses a comma-separated directive list ({@code noindex, nofollow}, {@code none}). Entries of the
     * form {@code agent: directive} address a named crawler and are ignored, as are unknown ones.
     */
    public static RobotsDirectives parse(String value) {
        if (value == null || value.isBlank()) {
            return NONE;
        }
        boolean noindex = false;
        boolean nofollow = false;
        for (String raw : value.split(",")) {
            String token = raw.trim().toLowerCase(Locale.ROOT);
            if (token.indexOf(':') >= 0) {
                continue;
            }
            switch (token) {
                case "noindex" -> noindex = true;
                case "nofollow" -> nofollow = true;
                case "none" -> {
                    noindex = true;
                    nofollow = true;
                }
                default -> { }
            }
        }
        return new RobotsDirectives(noindex, nofollow);
    }
}
