package org.kcrawl.parser.content.meta;

/**
 * The fixed precedence of metadata sources, lower first: JSON-LD, OpenGraph, Twitter cards, other
 * {@code <meta>} conventions, microdata, and last a page's lone {@code <time>}. Each source has a group
 * of {@link #GROUP} ranks for the order of its own keys.
 */
final class Ranks {
    static final int GROUP = 100;
    static final int JSON_LD = 0;
    static final int OPEN_GRAPH = GROUP;
    static final int TWITTER = 2 * GROUP;
    static final int META = 3 * GROUP;
    static final int MICRODATA = 4 * GROUP;
    static final int TIME = 5 * GROUP;

    private Ranks() {}
}
