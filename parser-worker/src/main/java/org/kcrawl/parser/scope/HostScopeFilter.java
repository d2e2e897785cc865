package org.kcrawl.parser.scope;

import org.kcrawl.common.url.HttpUrl;
import java.util.Locale;
import java.util.Set;

/**
 * Keeps links on the source page's host. Ports matter only when one side uses a non-default port,
 * so {@code http://a/} to {@code https://a/} stays in scope while {@code a:8080} to {@code a:9090}
 * does not (local test sites tell hosts apart by port). Links to one of the seeds' sites are in scope
 * from any page, so a crawl seeded on several hosts follows links between them.
 */
public final class HostScopeFilter implements LinkFilter {
    private final Set<String> seedSites;

    /** Host scope that also admits the given seed sites (see {@link #siteKey(HttpUrl)}). */
    public HostScopeFilter(Set<String> seedSites) {
        this.seedSites = Set.copyOf(seedSites);
    }

    /** Host scope judged from the source page alone. */
    public HostScopeFilter() {
        this(Set.of());
    }

    @Override
    public RejectReason reason() {
        return RejectReason.OUT_OF_SCOPE;
    }

    @Override
    public boolean accepts(LinkCandidate candidate) {
        String site = siteKey(candidate.parsed());
        return site.equals(siteKey(candidate.source().parsed())) || seedSites.contains(site);
    }

    /** The host, plus the port when it is not the scheme's default. */
    public static String siteKey(HttpUrl url) {
        String host = url.host().toLowerCase(Locale.ROOT);
        int port = url.port();
        if (port < 0 || port == (url.https() ? 443 : 80)) {
            return host;
        }
        return host + ":" + port;
    }
}
