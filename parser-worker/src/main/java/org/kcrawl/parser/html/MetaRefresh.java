package org.kcrawl.parser.html;

/**
 * Which {@code <meta http-equiv="refresh" content="...">} declares a page's refresh, one rule for both
 * readers of a page ({@link PageDigest} and {@link PageScan}) so they take the same element: the first
 * whose content parses ({@link org.kcrawl.common.redirect.Refresh#parse}) counts, as in browsers (a
 * later one is ignored, an unparseable one skipped). Wherever it is in the document: browsers honour
 * one in the body too, and one in a {@code <noscript>}, which a crawler reads as a browser without
 * scripts does. Not inside a {@code <template>}, whose content is no part of the document.
 */
final class MetaRefresh {
    private MetaRefresh() {}

    /** True when a meta element's {@code http-equiv} value (empty when absent) declares a refresh. */
    static boolean declares(String httpEquiv) {
        return httpEquiv.trim().equalsIgnoreCase("refresh");
    }
}
