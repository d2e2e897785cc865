package org.kcrawl.parser.scope;

import java.net.URI;
import java.util.Locale;

/**
 * Keeps links on the source page's host. Ports matter only when one side uses a non-default port,
 * so {@code http://a/} to {@code https://a/} stays in scope while {@code a:8080} to {@code a:9090}
 * does not (local test sites tell hosts apart by port).
 */
public final class HostScopeFilter implements LinkFilter {
    @Override
    public RejectReason reason() {
        return RejectReason.OUT_OF_SCOPE;
    }

    @Override
    public boolean accepts(LinkCandidate candidate) {
        return siteKey(candidate.uri()).equals(siteKey(candidate.source().uri()));
    }

    /** The host, plus the port when it is not the scheme's default. */
    static String siteKey(URI uri) {
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        int port = uri.getPort();
        if (port < 0 || port == defaultPort(uri.getScheme())) {
            return host;
        }
        return host + ":" + port;
    }

    private static int defaultPort(String scheme) {
        return "https".equalsIgnoreCase(scheme) ? 443 : 80;
    }
}
