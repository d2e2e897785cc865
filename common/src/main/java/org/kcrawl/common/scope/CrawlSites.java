package org.kcrawl.common.scope;

import java.util.Collection;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.kcrawl.common.url.HttpUrl;
import org.kcrawl.common.url.InvalidUrlException;

/**
 * The sites in the crawl's scope from any page (see {@link SiteKey}): the seeds' sites, and the sites
 * seeds moved to by redirect; and the seeds' directories on them, which a crawl that stays under its seeds
 * ({@link SeedDirectoryFilter}) keeps to. It only grows. Thread-safe: scope judgements read it on every link
 * while the crawl's scope topic is followed into it.
 */
public final class CrawlSites {
    private final Set<String> sites = ConcurrentHashMap.newKeySet();
    private final Set<String> domains = ConcurrentHashMap.newKeySet();
    /** Site keys followed by a directory path ending in '/': {@code host:port/docs/}. */
    private final Set<String> directories = ConcurrentHashMap.newKeySet();

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

    /**
     * Adds the site of {@code url} (a seed, or where a seed moved by redirect) and its directory (its path
     * up to its last '/'); true when either was new. Throws {@link IllegalArgumentException} naming it when
     * it is not an absolute http(s) URL.
     */
    public boolean addSeed(String url) {
        HttpUrl parsed = parse(url);
        boolean newSite = add(SiteKey.of(parsed));
        return directories.add(directoryKey(parsed)) | newSite;
    }

    /**
     * True when {@code url} is under the directory of a seed on its site (a seed's directory is its path up
     * to its last '/', as {@code wget --no-parent} has it: {@code /docs/} for {@code /docs/} and
     * {@code /docs/index.html}, {@code /} for {@code /docs}). A configured site with no seed URL counts as
     * its root.
     */
    public boolean underSeedDirectory(HttpUrl url) {
        String site = SiteKey.of(url);
        String path = path(url);
        for (int slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
            if (directories.contains(site + path.substring(0, slash + 1))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The key of the directory of {@code url}: its site, then its path up to its last '/'. Throws
     * {@link IllegalArgumentException} naming it when it is not an absolute http(s) URL.
     */
    public static String directoryKey(String url) {
        return directoryKey(parse(url));
    }

    /** True when the directory of {@code url} is its site's root. */
    public static boolean atRoot(String url) {
        String path = path(parse(url));
        return path.indexOf('/', 1) < 0;
    }

    private static String directoryKey(HttpUrl url) {
        String path = path(url);
        return SiteKey.of(url) + path.substring(0, path.lastIndexOf('/') + 1);
    }

    private static String path(HttpUrl url) {
        String path = url.rawPath();
        return path.startsWith("/") ? path : "/" + path;
    }

    private static HttpUrl parse(String url) {
        try {
            return HttpUrl.parse(url);
        } catch (InvalidUrlException e) {
            throw new IllegalArgumentException("not a valid URL: " + url + " (" + e.getMessage() + ")", e);
        }
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
