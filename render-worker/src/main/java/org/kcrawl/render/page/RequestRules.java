package org.kcrawl.render.page;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.kcrawl.common.scope.CrawlSites;
import org.kcrawl.common.scope.ScopeMode;
import org.kcrawl.common.scope.SiteScope;
import org.kcrawl.common.url.HttpUrl;
import org.kcrawl.common.url.InvalidUrlException;

/**
 * Which requests a rendered page may make, judged before anything is fetched. Free of I/O.
 *
 * <p>A request passes when it is a GET or HEAD of an http(s) URL, of a kind the page may make
 * ({@code render_resource_types}), to a host within {@code render_scope} of the page (by default the
 * page's own host: then all of a page's requests fall under the politeness of the one worker that owns
 * the host), not to the browser's own DevTools port, and within the page's caps. What passes is still
 * fetched by the worker's HTTP client, whose address guard refuses loopback, private and metadata
 * addresses unless {@code allow_private}.
 */
public final class RequestRules {
    private final SiteScope scope;
    private final Set<String> resourceTypes;
    private final int maxRequests;
    private final long maxBytes;

    /**
     * @param scope which hosts a page may request from, judged against the page's own URL
     * @param resourceTypes DevTools resource types allowed, lower case
     * @param maxRequests requests per page, the page's own included
     * @param maxBytes body bytes per page over all its requests
     */
    public RequestRules(ScopeMode scope, List<String> resourceTypes, int maxRequests, long maxBytes) {
        if (scope == null || resourceTypes == null) {
            throw new IllegalArgumentException("scope and resourceTypes are required");
        }
        if (maxRequests < 1 || maxBytes < 1) {
            throw new IllegalArgumentException("maxRequests and maxBytes must be positive");
        }
        // No crawl sites: only the page's own host, or registered domain, or anything.
        this.scope = new SiteScope(scope, new CrawlSites());
        this.resourceTypes = Set.copyOf(resourceTypes);
        this.maxRequests = maxRequests;
        this.maxBytes = maxBytes;
    }

    /**
     * The refusal of a request to {@code url} with {@code method} of DevTools type {@code resourceType} made
     * by the page at {@code page}, after {@code requests} requests and {@code bytes} body bytes of that page;
     * null when it may be fetched.
     */
    public Refusal judge(HttpUrl page, String url, String method, String resourceType, int requests, long bytes) {
        if (!"GET".equals(method) && !"HEAD".equals(method)) {
            return Refusal.METHOD;
        }
        HttpUrl target;
        try {
            target = HttpUrl.parse(url);
        } catch (InvalidUrlException e) {
            return Refusal.SCHEME;
        }
        if (!resourceTypes.contains(resourceType == null ? "other" : resourceType.toLowerCase(Locale.ROOT))) {
            return Refusal.RESOURCE_TYPE;
        }
        if (!scope.allows(page, target)) {
            return Refusal.THIRD_PARTY;
        }
        if (requests >= maxRequests || bytes >= maxBytes) {
            return Refusal.CAP;
        }
        return null;
    }

    /** Body bytes a page may load over all its requests. */
    public long maxBytes() {
        return maxBytes;
    }
}
