package org.kcrawl.fetcher.kafka;

import org.kcrawl.common.url.HostKey;

/** Decides whether a redirect target may be crawled, given the URL that pointed to it. */
@FunctionalInterface
public interface RedirectScope {

    /** True when {@code target} (absolute, normalized) is in scope for a redirect from {@code source}. */
    boolean allows(String source, String target);

    /** Only targets on the source's host (the default). */
    static RedirectScope sameHost() {
        return (source, target) -> HostKey.of(source).equals(HostKey.of(target));
    }

    /** Any target. */
    static RedirectScope any() {
        return (source, target) -> true;
    }
}
