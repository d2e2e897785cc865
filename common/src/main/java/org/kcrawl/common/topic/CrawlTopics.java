package org.kcrawl.common.topic;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The topic names of one crawl, all prefixed by the crawl name so several crawls can share a cluster.
 *
 * @param crawlName the prefix, for example {@code crawl} gives {@code crawl.urls}
 */
public record CrawlTopics(String crawlName) {
    private static final Pattern LEGAL = Pattern.compile("[a-zA-Z0-9._-]{1,200}");

    public CrawlTopics {
        if (crawlName == null || !LEGAL.matcher(crawlName).matches()) {
            throw new IllegalArgumentException("crawl name must be 1-200 characters of [a-zA-Z0-9._-] but was '"
                    + crawlName + "'");
        }
    }

    /** URLs to fetch, keyed by host so each host has one owner. */
    public String urls() {
        return crawlName + ".urls";
    }

    /** Fetched pages, keyed by host. */
    public String pages() {
        return crawlName + ".pages";
    }

    /** One record per page, keyed by URL. */
    public String records() {
        return crawlName + ".records";
    }

    /** Failures, keyed by URL. */
    public String failures() {
        return crawlName + ".failures";
    }

    /** Compacted seen-set fingerprints, co-partitioned with {@link #urls()}. */
    public String seen() {
        return crawlName + ".seen";
    }

    /** Messages no worker could decode or handle, with headers naming where they came from. */
    public String deadLetters() {
        return crawlName + ".dead-letters";
    }

    /** Every topic of the crawl. */
    public List<String> all() {
        return List.of(urls(), pages(), records(), failures(), seen(), deadLetters());
    }

    /** Consumer group of the fetchers. */
    public String fetcherGroup() {
        return crawlName + ".fetcher";
    }

    /** Consumer group of the parsers. */
    public String parserGroup() {
        return crawlName + ".parser";
    }
}
