package org.kcrawl.parser.scope;

import java.util.List;
import java.util.Set;
import org.kcrawl.common.scope.ScopeMode;

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
 */
public record ScopeSettings(ScopeMode mode, int maxDepth, int maxUrlLength, int maxRepeatedSegments,
                            int maxOutlinks, List<String> allowPatterns, List<String> denyPatterns,
                            Set<String> seedSites) {
    public ScopeSettings {
        if (mode == null) {
            throw new IllegalArgumentException("mode must not be null");
        }
        if (maxOutlinks < 0) {
            throw new IllegalArgumentException("maxOutlinks must be >= 0 but was " + maxOutlinks);
        }
        allowPatterns = List.copyOf(allowPatterns == null ? List.of() : allowPatterns);
        denyPatterns = List.copyOf(denyPatterns == null ? List.of() : denyPatterns);
        seedSites = Set.copyOf(seedSites == null ? Set.of() : seedSites);
    }

    /** Settings without seed sites: scope is judged from the source page alone. */
    public ScopeSettings(ScopeMode mode, int maxDepth, int maxUrlLength, int maxRepeatedSegments,
                         int maxOutlinks, List<String> allowPatterns, List<String> denyPatterns) {
        this(mode, maxDepth, maxUrlLength, maxRepeatedSegments, maxOutlinks, allowPatterns, denyPatterns, Set.of());
    }

    /** Host scope, depth 5, 2048 characters, 3 repeats, 500 outlinks, no patterns. */
    public static ScopeSettings defaults() {
        return new ScopeSettings(ScopeMode.HOST, 5, 2048, 3, 500, List.of(), List.of());
    }
}
