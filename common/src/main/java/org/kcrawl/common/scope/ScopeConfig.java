package org.kcrawl.common.scope;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Set;

/**
 * The crawl's scope settings as the workers' configurations carry them: the parser judges the links it
 * follows by them, the fetcher (and the render worker, which reads the fetcher's settings) the redirect
 * and refresh targets it follows, so a crawl's fetchers and parsers are given the same. A configuration
 * record binds this with {@code @JsonUnwrapped}, which keeps the keys at the top level of its file where a
 * user writes them; {@link org.kcrawl.common.config.ConfigBinder} counts them among the record's settings.
 *
 * @param scope host, domain or any, relative to the page a link was found on (or the URL that redirected)
 * @param maxDepth deepest link depth followed (seeds are 0)
 * @param maxUrlLength longest normalized URL followed
 * @param maxRepeatedSegments most times one path segment may occur in a followed URL
 * @param allowPatterns when not empty, followed URLs must match one of these regular expressions
 * @param denyPatterns followed URLs must match none of these regular expressions
 * @param noParent followed URLs must be under the directory of one of the crawl's seeds on their site (as
 *                 {@code wget --no-parent}; see {@link SeedDirectoryFilter})
 */
public record ScopeConfig(
        @JsonProperty("scope") ScopeMode scope,
        @JsonProperty("max_depth") int maxDepth,
        @JsonProperty("max_url_length") int maxUrlLength,
        @JsonProperty("max_repeated_segments") int maxRepeatedSegments,
        @JsonProperty("allow_patterns") List<String> allowPatterns,
        @JsonProperty("deny_patterns") List<String> denyPatterns,
        @JsonProperty("no_parent") boolean noParent) {

    /** Checked by the scope rules' own checks, which name the keys. */
    public ScopeConfig {
        ScopeSettings checked = new ScopeSettings(scope, maxDepth, maxUrlLength, maxRepeatedSegments, 0, allowPatterns,
                denyPatterns);
        allowPatterns = checked.allowPatterns();
        denyPatterns = checked.denyPatterns();
    }

    /** The scope rules of these settings, following at most {@code maxOutlinks} links a page, with {@code seedSites}. */
    public ScopeSettings settings(int maxOutlinks, Set<String> seedSites) {
        return new ScopeSettings(scope, maxDepth, maxUrlLength, maxRepeatedSegments, maxOutlinks, allowPatterns,
                denyPatterns, seedSites, noParent);
    }

    /** A copy with another scope and maximum depth, as the crawl command's options set them. */
    public ScopeConfig with(ScopeMode scope, int maxDepth) {
        return new ScopeConfig(scope, maxDepth, maxUrlLength, maxRepeatedSegments, allowPatterns, denyPatterns,
                noParent);
    }
}
