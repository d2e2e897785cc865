package org.kcrawl.embedded.web;

import java.util.List;

/**
 * The validated settings of a synthetic web, fixed at start-up.
 *
 * @param hosts number of hosts
 * @param pagesPerHost pages on every host
 * @param linksPerPage anchors to synthetic pages on every page
 * @param crossHostLinkRatio share of those anchors (beyond the first) that point to another host
 * @param externalLinksPerPage anchors to hosts outside the web on every page
 * @param latencyNanos response delay of each host
 * @param pageBytes approximate HTML size of a page
 * @param errorRate share of pages whose first request fails
 * @param robots the robots.txt answer of each host
 * @param seed the seed of every random choice
 * @param bindBase last octet of host 0's address
 * @param ioThreads event loop threads serving connections
 * @param requestLogCapacity most request events kept
 */
record WebSpec(int hosts, int pagesPerHost, int linksPerPage, double crossHostLinkRatio, int externalLinksPerPage,
               List<Long> latencyNanos, int pageBytes, double errorRate, List<RobotsFile> robots, long seed,
               int bindBase, int ioThreads, int requestLogCapacity) {

    WebSpec {
        latencyNanos = List.copyOf(latencyNanos);
        robots = List.copyOf(robots);
    }

    LinkPlanner planner() {
        return new LinkPlanner(seed, hosts, pagesPerHost, linksPerPage, externalLinksPerPage, crossHostLinkRatio);
    }
}
