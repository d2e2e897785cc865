package org.kcrawl.fetcher.kafka;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.function.UnaryOperator;
import org.kcrawl.common.message.Checks;
import org.kcrawl.common.url.InvalidUrlException;
import org.kcrawl.common.url.UrlNormalizer;

/**
 * How a 3xx Location becomes a new URL: resolved against the requested URL, fragment dropped,
 * normalized (the parser's normalizer in production), scope-checked, and limited in hops.
 *
 * @param normalizer the URL normalizer applied after resolution
 * @param scope which targets may be crawled
 * @param maxHops redirect hops followed from one original URL
 */
public record RedirectRules(UnaryOperator<String> normalizer, RedirectScope scope, int maxHops) {

    public RedirectRules {
        if (normalizer == null) {
            throw new IllegalArgumentException("normalizer must not be null");
        }
        if (scope == null) {
            throw new IllegalArgumentException("scope must not be null");
        }
        if (maxHops < 0) {
            throw new IllegalArgumentException("maxHops must be >= 0 but was " + maxHops);
        }
    }

    /**
     * Same-host scope and the parser's default normalization ({@link UrlNormalizer#defaults()}), so
     * redirect targets and robots.txt sitemaps share fingerprints with links a default parser finds.
     */
    public static RedirectRules defaults(int maxHops) {
        return new RedirectRules(normalizing(UrlNormalizer.defaults()), RedirectScope.sameHost(), maxHops);
    }

    /** {@code normalizer} as a function that throws {@link IllegalArgumentException} for URLs it refuses. */
    public static UnaryOperator<String> normalizing(UrlNormalizer normalizer) {
        if (normalizer == null) {
            throw new IllegalArgumentException("normalizer must not be null");
        }
        return url -> {
            try {
                return normalizer.normalize(url);
            } catch (InvalidUrlException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        };
    }

    /**
     * The absolute target of {@code location} as seen from {@code base}; throws
     * {@link IllegalArgumentException} naming the location when it is not a usable http(s) URL.
     */
    public String resolve(String base, String location) {
        if (location == null || location.isBlank()) {
            throw new IllegalArgumentException("redirect without a Location");
        }
        String resolved;
        try {
            URI b = new URI(base);
            if (b.getRawPath() == null || b.getRawPath().isEmpty()) {
                // URI.resolve glues a relative path straight onto an empty base path ("http://ab").
                b = new URI(b.getScheme() + "://" + b.getRawAuthority() + "/"
                        + (b.getRawQuery() == null ? "" : "?" + b.getRawQuery()));
            }
            resolved = b.resolve(new URI(location.trim())).toString();
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("redirect Location is not a valid URL: '" + location + "'", e);
        }
        int hash = resolved.indexOf('#');
        if (hash >= 0) {
            resolved = resolved.substring(0, hash);
        }
        String normalized = normalizer.apply(resolved);
        if (normalized == null) {
            throw new IllegalArgumentException("redirect Location was rejected by the normalizer: '" + location + "'");
        }
        return Checks.httpUrl(normalized, "redirect Location");
    }
}
