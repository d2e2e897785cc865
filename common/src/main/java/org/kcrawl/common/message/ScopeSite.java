package org.kcrawl.common.message;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Instant;
import java.util.Arrays;
import java.util.Locale;
import org.kcrawl.common.Checks;

/**
 * A site in the crawl's scope from any page, as carried on the compacted scope topic (keyed by site):
 * a seed's site, or the site a seed moved to by redirect.
 *
 * @param v schema version
 * @param site the site: lower-case host, plus {@code :port} when it is not the scheme's default
 * @param cause why it is in scope
 * @param url the seed ({@code seed}) or the redirect's target ({@code seed_redirect})
 * @param sourceUrl the URL that redirected to {@code url} (a seed, or a hop of a seed's redirects);
 *                  null for {@code seed}
 * @param addedAt when it was added
 */
public record ScopeSite(
        @JsonProperty("v") int v,
        @JsonProperty("site") String site,
        @JsonProperty("cause") Cause cause,
        @JsonProperty("url") String url,
        @JsonProperty("source_url") String sourceUrl,
        @JsonProperty("added_at") Instant addedAt) {

    /** Why a site is in the crawl's scope. */
    public enum Cause {
        /** A seed is on it. */
        SEED,
        /** A seed (or a redirect target of one) redirected to it: the seed moved there. */
        SEED_REDIRECT;

        /** The lower-case name on the wire. */
        @JsonValue
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Parses a wire name; throws naming the accepted values otherwise. */
        @JsonCreator
        public static Cause fromWireName(String name) {
            for (Cause c : values()) {
                if (c.wireName().equals(name)) {
                    return c;
                }
            }
            throw new IllegalArgumentException("cause must be one of "
                    + Arrays.stream(values()).map(Cause::wireName).toList() + " but was '" + name + "'");
        }
    }

    public ScopeSite {
        if (site == null || site.isBlank() || !site.equals(site.trim())) {
            throw new IllegalArgumentException("site must be a host, or host:port, but was '" + site + "'");
        }
        Checks.notNull(cause, "cause");
        Checks.httpUrl(url, "url");
        if (cause == Cause.SEED_REDIRECT) {
            Checks.httpUrl(sourceUrl, "source_url");
        } else if (sourceUrl != null) {
            throw new IllegalArgumentException("source_url must be null for a seed but was " + sourceUrl);
        }
        Checks.notNull(addedAt, "added_at");
    }

    /** The site of the seed {@code url}. */
    public static ScopeSite seed(String site, String url, Instant now) {
        return new ScopeSite(SchemaVersions.CURRENT, site, Cause.SEED, url, null, now);
    }

    /** The site of {@code target}, where the seed (or seed redirect) {@code source} redirected. */
    public static ScopeSite seedRedirect(String site, String target, String source, Instant now) {
        return new ScopeSite(SchemaVersions.CURRENT, site, Cause.SEED_REDIRECT, target, source, now);
    }
}
