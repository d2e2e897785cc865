package org.kcrawl.embedded.web;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The link structure of a {@link SyntheticWeb}, the oracle tests compare a crawl against: every
 * page URL, the anchors of every page, and which URLs a crawl from given seeds should reach.
 * Links are computed from the seed on demand, so the graph costs one string per page however many
 * links there are.
 */
public final class SiteGraph {
    private final UrlLayout layout;
    private final LinkPlanner planner;
    private final LinkSpeller speller;
    private final String[] urls;
    private final Map<String, Integer> ids;

    SiteGraph(UrlLayout layout, LinkPlanner planner) {
        this.layout = layout;
        this.planner = planner;
        this.speller = new LinkSpeller(layout);
        this.urls = new String[layout.totalPages()];
        Map<String, Integer> index = new LinkedHashMap<>(urls.length * 2);
        for (int h = 0; h < layout.hosts(); h++) {
            for (int p = 0; p < layout.pagesPerHost(); p++) {
                int id = layout.pageId(h, p);
                urls[id] = layout.pageUrl(h, p);
                index.put(urls[id], id);
            }
        }
        this.ids = Collections.unmodifiableMap(index);
    }

    /** Every page URL, host by host and page by page, in the normalized spelling ({@code http://127.0.0.X:PORT/p/P}). */
    public Set<String> pages() {
        return ids.keySet();
    }

    /** Number of pages on every host. */
    public int pagesPerHost() {
        return layout.pagesPerHost();
    }

    /** The URL of page {@code page} on host {@code host}. */
    public String pageUrl(int host, int page) {
        checkHost(host);
        if (page < 0 || page >= layout.pagesPerHost()) {
            throw new IllegalArgumentException("page must be in [0, " + layout.pagesPerHost() + "), was " + page);
        }
        return urls[layout.pageId(host, page)];
    }

    /**
     * The targets of the page's anchors in document order, resolved to absolute URLs without
     * fragments, duplicates kept, external links included (they come last). The page's own
     * {@code <link rel=canonical>} is not an anchor and is not listed.
     */
    public List<String> linksOf(String pageUrl) {
        int id = idOf(pageUrl);
        int host = layout.hostOfId(id);
        int page = layout.pageOfId(id);
        List<String> links = new ArrayList<>(planner.linksPerPage());
        for (int k = 0; k < planner.linksPerPage(); k++) {
            Link link = planner.link(host, page, k);
            links.add(link.external() ? speller.target(host, page, link) : urls[targetId(link)]);
        }
        return Collections.unmodifiableList(links);
    }

    /** The href attributes of the page's anchors exactly as written in its HTML, in document order. */
    public List<String> hrefsOf(String pageUrl) {
        int id = idOf(pageUrl);
        int host = layout.hostOfId(id);
        int page = layout.pageOfId(id);
        List<String> hrefs = new ArrayList<>(planner.linksPerPage());
        for (int k = 0; k < planner.linksPerPage(); k++) {
            hrefs.add(speller.appendHref(new StringBuilder(48), host, page, planner.link(host, page, k)).toString());
        }
        return Collections.unmodifiableList(hrefs);
    }

    /** The {@code <title>} (and {@code <h1>}) of the page: {@code Page H-P}. */
    public String titleOf(String pageUrl) {
        int id = idOf(pageUrl);
        return PageRenderer.title(layout.hostOfId(id), layout.pageOfId(id));
    }

    /**
     * Breadth-first reach from {@code seeds}: every URL a crawl limited to {@code maxDepth} hops
     * would visit, mapped to its shortest depth. Seeds are depth 0 and are included as given; a link
     * is followed only when {@code inScope} accepts its target. Targets outside the web (external
     * links, URLs that are not pages) appear when in scope but lead nowhere.
     */
    public Map<String, Integer> reachable(Collection<String> seeds, int maxDepth, Predicate<String> inScope) {
        Objects.requireNonNull(seeds, "seeds");
        Objects.requireNonNull(inScope, "inScope");
        if (maxDepth < 0) {
            throw new IllegalArgumentException("maxDepth must be >= 0, was " + maxDepth);
        }
        Map<String, Integer> depths = new LinkedHashMap<>();
        ArrayDeque<String> frontier = new ArrayDeque<>();
        for (String seed : seeds) {
            Objects.requireNonNull(seed, "seeds must not contain null");
            if (depths.putIfAbsent(seed, 0) == null) {
                frontier.add(seed);
            }
        }
        while (!frontier.isEmpty()) {
            String url = frontier.poll();
            int depth = depths.get(url);
            Integer id = ids.get(url);
            if (depth == maxDepth || id == null) {
                continue;
            }
            int host = layout.hostOfId(id);
            int page = layout.pageOfId(id);
            for (int k = 0; k < planner.linksPerPage(); k++) {
                Link link = planner.link(host, page, k);
                String target = link.external() ? speller.target(host, page, link) : urls[targetId(link)];
                if (!depths.containsKey(target) && inScope.test(target)) {
                    depths.put(target, depth + 1);
                    frontier.add(target);
                }
            }
        }
        return Collections.unmodifiableMap(depths);
    }

    UrlLayout layout() {
        return layout;
    }

    private int targetId(Link link) {
        return layout.pageId(link.targetHost(), link.targetPage());
    }

    private int idOf(String pageUrl) {
        Objects.requireNonNull(pageUrl, "pageUrl");
        Integer id = ids.get(pageUrl);
        if (id == null) {
            throw new IllegalArgumentException("pageUrl is not a page of this synthetic web: " + pageUrl);
        }
        return id;
    }

    private void checkHost(int host) {
        if (host < 0 || host >= layout.hosts()) {
            throw new IllegalArgumentException("host must be in [0, " + layout.hosts() + "), was " + host);
        }
    }
}
