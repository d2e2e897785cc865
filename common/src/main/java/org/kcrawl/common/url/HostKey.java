package org.kcrawl.common.url;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * The partitioning key of a URL: its lower-case host, without port. Every URL of a host lands on one
 * partition of the urls topic, so one fetcher owns the host's politeness state.
 */
public final class HostKey {
    private HostKey() {}

    /** The host key of an absolute URL; throws naming the URL when it has no host. */
    public static String of(String url) {
        try {
            String host = new URI(url).getHost();
            if (host == null || host.isEmpty()) {
                throw new IllegalArgumentException("URL has no host: " + url);
            }
            return host.toLowerCase(Locale.ROOT);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a valid URL: " + url, e);
        }
    }
}
