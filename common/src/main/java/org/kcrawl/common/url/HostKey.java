package org.kcrawl.common.url;

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
            return HttpUrl.parse(url).host().toLowerCase(Locale.ROOT);
        } catch (InvalidUrlException e) {
            throw new IllegalArgumentException("not a valid URL: " + url + " (" + e.getMessage() + ")", e);
        }
    }
}
