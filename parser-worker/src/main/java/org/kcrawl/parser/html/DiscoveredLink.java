package org.kcrawl.parser.html;

/**
 * A link found on a page: absolute, normalized, http(s) only.
 *
 * @param url the normalized absolute URL
 * @param kind the element it came from
 * @param nofollow true when every occurrence on the page carried {@code rel=nofollow}
 */
public record DiscoveredLink(String url, Kind kind, boolean nofollow) {

    /** The kind of element a link came from. */
    public enum Kind {
        /** {@code <a href>} */
        ANCHOR,
        /** {@code <area href>} of an image map */
        AREA,
        /** {@code <link rel=canonical href>} */
        CANONICAL,
        /** {@code <frame src>} or {@code <iframe src>} */
        FRAME,
        /** a {@code <loc>} of a sitemap or sitemap index */
        SITEMAP
    }

    public DiscoveredLink {
        if (url == null || url.isEmpty()) {
            throw new IllegalArgumentException("url must not be empty");
        }
        if (kind == null) {
            throw new IllegalArgumentException("kind must not be null");
        }
    }
}
