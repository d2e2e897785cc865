package org.kcrawl.embedded.web;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.util.Objects;

/**
 * Where things live in the synthetic web: host {@code h} is {@code 127.0.0.(base+h)} on the shared
 * port, page 0 of a host is {@code /} and page {@code P > 0} is {@code /p/P}. Maps both ways, so the
 * server can tell which page a request target names.
 */
final class UrlLayout {
    static final String PAGE_PREFIX = "/p/";
    static final String ROBOTS_PATH = "/robots.txt";

    private final int hosts;
    private final int pagesPerHost;
    private final int bindBase;
    private final int port;
    private final String[] addresses;
    private final String[] origins;

    UrlLayout(int hosts, int pagesPerHost, int bindBase, int port) {
        this.hosts = hosts;
        this.pagesPerHost = pagesPerHost;
        this.bindBase = bindBase;
        this.port = port;
        this.addresses = new String[hosts];
        this.origins = new String[hosts];
        for (int h = 0; h < hosts; h++) {
            addresses[h] = "127.0.0." + (bindBase + h);
            origins[h] = "http://" + addresses[h] + ":" + port;
        }
    }

    int hosts() {
        return hosts;
    }

    int pagesPerHost() {
        return pagesPerHost;
    }

    int port() {
        return port;
    }

    /** The dotted address of host {@code host}, e.g. {@code 127.0.0.10}. */
    String address(int host) {
        return addresses[Objects.checkIndex(host, hosts)];
    }

    /** {@code http://127.0.0.X:PORT}, without a trailing slash. */
    String origin(int host) {
        return origins[Objects.checkIndex(host, hosts)];
    }

    /** The absolute URL of a page, in the normalized spelling the graph reports. */
    String pageUrl(int host, int page) {
        Objects.checkIndex(page, pagesPerHost);
        StringBuilder sb = new StringBuilder(origin(host).length() + 12).append(origin(host));
        return appendPath(sb, page).toString();
    }

    /** Appends {@code /} for the root or {@code /p/P}. */
    static StringBuilder appendPath(StringBuilder sb, int page) {
        return page == 0 ? sb.append('/') : sb.append(PAGE_PREFIX).append(page);
    }

    /** Dense id of a page across all hosts, for arrays and bit sets. */
    int pageId(int host, int page) {
        return host * pagesPerHost + page;
    }

    int hostOfId(int pageId) {
        return pageId / pagesPerHost;
    }

    int pageOfId(int pageId) {
        return pageId % pagesPerHost;
    }

    int totalPages() {
        return hosts * pagesPerHost;
    }

    /** The host index a listener address belongs to, or -1 when it is not one of ours. */
    int hostIndexOf(InetAddress address) {
        if (!(address instanceof Inet4Address)) {
            return -1;
        }
        byte[] octets = address.getAddress();
        if (octets[0] != 127 || octets[1] != 0 || octets[2] != 0) {
            return -1;
        }
        int host = (octets[3] & 0xFF) - bindBase;
        return host >= 0 && host < hosts ? host : -1;
    }

    /**
     * The page a request target names, or -1. Only the canonical spelling is served ({@code /p/07},
     * {@code /p/0} and a query string are all unknown), so a crawler that invents URL variants is
     * caught by a 404 instead of silently fetching duplicates. Absolute-form targets are accepted.
     */
    int pageOf(String requestTarget) {
        String path = pathOf(requestTarget);
        if (path.equals("/")) {
            return 0;
        }
        if (!path.startsWith(PAGE_PREFIX)) {
            return -1;
        }
        int from = PAGE_PREFIX.length();
        int len = path.length() - from;
        if (len < 1 || len > 9 || path.charAt(from) == '0') {
            return -1;
        }
        int page = 0;
        for (int i = from; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            page = page * 10 + (c - '0');
        }
        return page < pagesPerHost ? page : -1;
    }

    /** The path of an origin-form or absolute-form request target. */
    static String pathOf(String requestTarget) {
        if (requestTarget.startsWith("/")) {
            return requestTarget;
        }
        int scheme = requestTarget.indexOf("://");
        if (scheme < 0) {
            return requestTarget;
        }
        int slash = requestTarget.indexOf('/', scheme + 3);
        return slash < 0 ? "/" : requestTarget.substring(slash);
    }
}
