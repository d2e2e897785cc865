package org.kcrawl.common.scope;

import java.util.Collection;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The sites in the crawl's scope from any page (see {@link SiteKey}): the seeds' sites, and the sites
 * seeds moved to by redirect. It only grows. Thread-safe: scope judgements read it on every link while
 * the crawl's scope topic is followed into it.
 */
public final class CrawlSites {
    private final Set<String> sites = ConcurrentHashMap.newKeySet();
    private final Set<String> domains = ConcurrentHashMap.newKeySet();

    /** No sites yet. */
    public CrawlSites() {}

    /** A set holding {@code sites}; throws {@link IllegalArgumentException} naming one that is not a site. */
    public static CrawlSites of(Collection<String> sites) {
        CrawlSites out = new CrawlSites();
        sites.forEach(out::add);
        return out;
    }

    /**
     * Adds {@code site} ({@code host} or {@code host:port}); true when it was new. Throws
     * {@link IllegalArgumentException} naming it when it is not a site.
     */
    public boolean add(String site) {
        String host = SiteKey.host(site);
        String key = site.trim().toLowerCase(Locale.ROOT);
        // The domain first: a reader that sees the site also sees its domain.
        domains.add(RegisteredDomain.of(host));
        return sites.add(key);
    }

    /** True when {@code site} (a {@link SiteKey}) is one of the crawl's sites. */
    public boolean containsSite(String site) {
        return sites.contains(site);
    }

    /** True when {@code domain} (a {@link RegisteredDomain}) is the registered domain of one of the crawl's sites. */
    public boolean containsDomain(String domain) {
        return domains.contains(domain);
    }

    /** How many sites there are. */
    public int size() {
        return sites.size();
    }

    /** The sites now, as a copy. */
    public Set<String> snapshot() {
        return Set.copyOf(sites);
    }

    @Override
    public String toString() {
        return "CrawlSites" + sites;
    }
}
