package org.kcrawl.embedded.web;

import java.util.Objects;

/**
 * Decides, from the seed alone, which anchors every page carries. Link 0 of page P always points to
 * page P+1 of the same host (the last page points back to the root), so every page of a host is
 * reachable from its root; the other links are random same-host or cross-host pages, followed by the
 * external links.
 */
final class LinkPlanner {
    /** Share of links that carry a {@code #section-N} fragment. */
    static final double FRAGMENT_RATIO = 0.25;
    /** Number of {@code section-N} anchors on every page, the targets of fragments. */
    static final int SECTIONS = 3;

    private final long seed;
    private final int hosts;
    private final int pagesPerHost;
    private final int linksPerPage;
    private final int externalLinksPerPage;
    private final double crossHostLinkRatio;

    LinkPlanner(long seed, int hosts, int pagesPerHost, int linksPerPage, int externalLinksPerPage,
                double crossHostLinkRatio) {
        this.seed = seed;
        this.hosts = hosts;
        this.pagesPerHost = pagesPerHost;
        this.linksPerPage = linksPerPage;
        this.externalLinksPerPage = externalLinksPerPage;
        this.crossHostLinkRatio = crossHostLinkRatio;
    }

    /** Anchors on every page: internal links first, then external ones. */
    int linksPerPage() {
        return linksPerPage + externalLinksPerPage;
    }

    /** The {@code index}-th anchor of page {@code page} on host {@code host}. */
    Link link(int host, int page, int index) {
        Objects.checkIndex(host, hosts);
        Objects.checkIndex(page, pagesPerHost);
        Objects.checkIndex(index, linksPerPage());
        if (index >= linksPerPage) {
            return new Link(Link.Form.EXTERNAL, -1, index - linksPerPage, 0);
        }
        int fragment = Mix.unit(Mix.hash(seed, Mix.LINK_FRAGMENT, host, page, index)) < FRAGMENT_RATIO
                ? 1 + Mix.below(Mix.hash(seed, Mix.LINK_FRAGMENT_ID, host, page, index), SECTIONS)
                : 0;
        if (index == 0) {
            return new Link(sameHostForm(host, page, index), host, (page + 1) % pagesPerHost, fragment);
        }
        boolean crossHost = hosts > 1
                && Mix.unit(Mix.hash(seed, Mix.LINK_CROSS_HOST, host, page, index)) < crossHostLinkRatio;
        int targetPage = Mix.below(Mix.hash(seed, Mix.LINK_TARGET_PAGE, host, page, index), pagesPerHost);
        if (crossHost) {
            int offset = 1 + Mix.below(Mix.hash(seed, Mix.LINK_TARGET_HOST, host, page, index), hosts - 1);
            return new Link(Link.Form.ABSOLUTE, (host + offset) % hosts, targetPage, fragment);
        }
        return new Link(sameHostForm(host, page, index), host, targetPage, fragment);
    }

    private Link.Form sameHostForm(int host, int page, int index) {
        return switch (Mix.below(Mix.hash(seed, Mix.LINK_FORM, host, page, index), 3)) {
            case 0 -> Link.Form.ROOT_RELATIVE;
            case 1 -> Link.Form.PATH_RELATIVE;
            default -> Link.Form.ABSOLUTE;
        };
    }
}
