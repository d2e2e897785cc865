package org.kcrawl.fetcher.crawl;

import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Which URLs a fetcher hands to the render workers instead of fetching them itself: those in which one
 * of the {@code render_patterns} (regular expressions) is found anywhere, as the parser's
 * {@code deny_patterns} are (anchor with {@code ^} and {@code $} to match the whole URL). No patterns:
 * nothing is rendered by URL (the parser's {@code render_auto} may still send pages there).
 */
public final class RenderRoute {
    private static final RenderRoute NONE = new RenderRoute(List.of());

    private final List<Pattern> patterns;

    private RenderRoute(List<Pattern> patterns) {
        this.patterns = patterns;
    }

    /** The route of {@code regexes}; throws naming {@code render_patterns} and the bad pattern. */
    public static RenderRoute of(List<String> regexes) {
        if (regexes == null) {
            throw new IllegalArgumentException("render_patterns must not be null");
        }
        if (regexes.isEmpty()) {
            return NONE;
        }
        return new RenderRoute(regexes.stream().map(RenderRoute::compile).toList());
    }

    /** A route that renders nothing. */
    public static RenderRoute none() {
        return NONE;
    }

    /** True when some URLs are rendered. */
    public boolean enabled() {
        return !patterns.isEmpty();
    }

    /** True when {@code url} is to be rendered. */
    public boolean matches(String url) {
        for (Pattern p : patterns) {
            if (p.matcher(url).find()) {
                return true;
            }
        }
        return false;
    }

    private static Pattern compile(String regex) {
        if (regex == null || regex.isEmpty()) {
            throw new IllegalArgumentException("render_patterns must not contain empty patterns");
        }
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("render_patterns: invalid regular expression '" + regex + "': "
                    + e.getDescription(), e);
        }
    }
}
