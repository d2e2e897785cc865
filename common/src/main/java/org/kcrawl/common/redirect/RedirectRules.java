package org.kcrawl.common.redirect;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.time.Instant;
import java.util.function.UnaryOperator;
import org.kcrawl.common.Checks;
import org.kcrawl.common.config.SharedSettings;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.ScopeSite;
import org.kcrawl.common.scope.SiteKey;
import org.kcrawl.common.url.InvalidUrlException;
import org.kcrawl.common.url.UrlNormalizer;

/**
 * How the crawl follows a redirect: a 3xx Location or a {@code Refresh} header (the fetcher's) and a
 * {@code <meta http-equiv="refresh">} (the parser's, which alone reads markup). One rule for all, so
 * a URL is reached or not, and counts its hops, the same way whichever form led to it: the target is
 * normalized, crawled as a new URL (so dedup, robots.txt and politeness apply to it) when in scope,
 * and at most {@code maxHops} redirects are followed from one original URL; a seed's redirect is
 * always followed and moves the crawl's scope when it leaves it.
 *
 * @param normalizer the URL normalizer applied after resolution
 * @param scope which targets may be crawled
 * @param maxHops redirect hops followed from one original URL, of every form together
 * @param maxRefreshDelay the longest delay of a refresh that counts as a redirect; a slower one leaves
 *                        its page a page, as a reader would see it
 */
public record RedirectRules(UnaryOperator<String> normalizer, RedirectScope scope, int maxHops,
                            Duration maxRefreshDelay) {
    public RedirectRules {
        if (normalizer == null) {
            throw new IllegalArgumentException("normalizer must not be null");
        }
        if (scope == null) {
            throw new IllegalArgumentException("scope must not be null");
        }
        SharedSettings.MAX_REDIRECT_HOPS.check(maxHops, "max_redirect_hops");
        SharedSettings.MAX_REFRESH_DELAY.check(Checks.notNull(maxRefreshDelay, "max_refresh_delay"), "max_refresh_delay");
    }

    /** Rules with the declared default refresh delay ({@code max_refresh_delay}). */
    public RedirectRules(UnaryOperator<String> normalizer, RedirectScope scope, int maxHops) {
        this(normalizer, scope, maxHops, SharedSettings.MAX_REFRESH_DELAY.defaultDuration());
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
     * The absolute target of {@code location} (a header's URL) as seen from {@code base}; throws
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

    /**
     * True when {@code refresh}, declared by the page at {@code pageUrl} and its URL already made
     * absolute and normalized, is a redirect: it names another URL than the page's own and comes due
     * within {@link #maxRefreshDelay}. A page that reloads itself (news front pages, dashboards) is
     * no redirect; nor is a slow refresh, whose page is meant to be read first.
     */
    public boolean isRedirect(Refresh refresh, String pageUrl) {
        return refresh != null && refresh.url() != null && !refresh.url().equals(pageUrl)
                && refresh.delaySeconds() <= maxRefreshDelay.toSeconds();
    }

    /**
     * Follows the redirect of {@code from} to {@code target} (absolute, normalized): ended when it
     * points back at {@code from} or {@code from} used up {@link #maxHops}; otherwise the target as a
     * new URL when in scope. A seed's redirect (hops counted from the seed) is followed to whatever site it
     * leads (but, as any target, not into a denied, too long or trap-like URL), and when its target is not
     * in scope from every page yet the seed moved: the target's site
     * joins the crawl's scope, as Heritrix's {@code seedsRedirectNewSeeds} has it (most sites redirect
     * their bare name: {@code example.org} to {@code www.example.org}).
     */
    public Redirect follow(CrawlRequest from, String target, Instant now) {
        if (target.equals(from.url())) {
            return new Redirect.Limit("redirect loop: " + from.url() + " points to itself");
        }
        if (from.hops() >= maxHops) {
            return new Redirect.Limit("more than " + maxHops + " redirects; the last one pointed to " + target);
        }
        ScopeSite moved = from.seed() && !scope.coversEverywhere(target)
                ? ScopeSite.seedRedirect(SiteKey.of(target), target, from.url(), now) : null;
        CrawlRequest next = scope.allows(from.url(), target, from.seed()) ? from.redirectTo(target, now) : null;
        return new Redirect.Follow(target, next, moved);
    }
}
