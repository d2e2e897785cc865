package org.kcrawl.common.scope;

import java.util.List;
import java.util.Set;
import org.kcrawl.common.config.SharedSettings;

/**
 * The rules of a scope chain.
 *
 * @param mode host, domain or any
 * @param maxDepth deepest link depth followed (seeds are 0)
 * @param maxUrlLength longest normalized URL followed
 * @param maxRepeatedSegments most times one path segment may occur
 * @param maxOutlinks most links followed from one page (0 follows none)
 * @param allowPatterns when not empty, a URL must match one of these regular expressions
 * @param denyPatterns a URL matching any of these regular expressions is rejected
 * @param seedSites in host scope, sites (host, plus port when not the default) that are in scope
 *                  wherever the link was found, so links between seed hosts are followed; in domain
 *                  scope, their registered domains are. Configured ones; the crawl's scope topic adds
 *                  more while the crawl runs (see {@link ScopeChain#of(ScopeSettings, org.kcrawl.common.scope.CrawlSites)})
 * @param noParent a URL must also be under the directory of one of the crawl's seeds on its site (see
 *                 {@link SeedDirectoryFilter})
 */
public record ScopeSettings(ScopeMode mode, int maxDepth, int maxUrlLength, int maxRepeatedSegments,
                            int maxOutlinks, List<String> allowPatterns, List<String> denyPatterns,
                            Set<String> seedSites, boolean noParent) {
    /**
     * The checks of the scope settings, by their declarations ({@link SharedSettings}), named by their keys, which are the same in every worker's
     * configuration that carries them (the parser's, and the fetcher's for redirect targets).
     */
    public ScopeSettings {
        if (mode == null) {
            throw new IllegalArgumentException("scope must be one of host, domain, any");
        }
        SharedSettings.MAX_DEPTH.check(maxDepth, "max_depth");
        SharedSettings.MAX_URL_LENGTH.check(maxUrlLength, "max_url_length");
        SharedSettings.MAX_REPEATED_SEGMENTS.check(maxRepeatedSegments, "max_repeated_segments");
        SharedSettings.MAX_OUTLINKS.check(maxOutlinks, "max_outlinks");
        allowPatterns = List.copyOf(allowPatterns == null ? List.of() : allowPatterns);
        denyPatterns = List.copyOf(denyPatterns == null ? List.of() : denyPatterns);
        PatternFilter.compile(allowPatterns, "allow_patterns");
        PatternFilter.compile(denyPatterns, "deny_patterns");
        seedSites = Set.copyOf(seedSites == null ? Set.of() : seedSites);
    }

    /** Settings that do not keep the crawl under its seeds' directories. */
    public ScopeSettings(ScopeMode mode, int maxDepth, int maxUrlLength, int maxRepeatedSegments,
                         int maxOutlinks, List<String> allowPatterns, List<String> denyPatterns,
                         Set<String> seedSites) {
        this(mode, maxDepth, maxUrlLength, maxRepeatedSegments, maxOutlinks, allowPatterns, denyPatterns, seedSites,
                false);
    }

    /** Settings without seed sites: scope is judged from the source page alone. */
    public ScopeSettings(ScopeMode mode, int maxDepth, int maxUrlLength, int maxRepeatedSegments,
                         int maxOutlinks, List<String> allowPatterns, List<String> denyPatterns) {
        this(mode, maxDepth, maxUrlLength, maxRepeatedSegments, maxOutlinks, allowPatterns, denyPatterns, Set.of());
    }

    /** The declared defaults of the scope settings, no patterns. */
    public static ScopeSettings defaults() {
        return new ScopeSettings(ScopeMode.fromWireName((String) SharedSettings.setting("scope").defaultValue()),
                (int) SharedSettings.MAX_DEPTH.defaultLong(),
                (int) SharedSettings.MAX_URL_LENGTH.defaultLong(), (int) SharedSettings.MAX_REPEATED_SEGMENTS.defaultLong(),
                (int) SharedSettings.MAX_OUTLINKS.defaultLong(), List.of(), List.of());
    }
}
