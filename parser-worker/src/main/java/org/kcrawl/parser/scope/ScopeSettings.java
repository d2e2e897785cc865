package org.kcrawl.parser.scope;

import java.util.List;

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
 */
public record ScopeSettings(ScopeMode mode, int maxDepth, int maxUrlLength, int maxRepeatedSegments,
                            int maxOutlinks, List<String> allowPatterns, List<String> denyPatterns) {
    public ScopeSettings {
        if (mode == null) {
            throw new IllegalArgumentException("mode must not be null");
        }
        if (maxOutlinks < 0) {
            throw new IllegalArgumentException("maxOutlinks must be >= 0 but was " + maxOutlinks);
        }
        allowPatterns = List.copyOf(allowPatterns == null ? List.of() : allowPatterns);
        denyPatterns = List.copyOf(denyPatterns == null ? List.of() : denyPatterns);
    }

    /** Host scope, depth 5, 2048 characters, 3 repeats, 500 outlinks, no patterns. */
    public static ScopeSettings defaults() {
        return new ScopeSettings(ScopeMode.HOST, 5, 2048, 3, 500, List.of(), List.of());
    }
}
