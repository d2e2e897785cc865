package org.kcrawl.common.topic;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The topic names of one crawl, all prefixed by the crawl name so several crawls can share a cluster.
 *
 * @param crawlName the prefix, for example {@code crawl} gives {@code crawl.urls}
 */
public record CrawlTopics(String crawlName) {
    /**
     * Number of parking tiers: topics where URLs that must wait long (a distant not-before time, a
     * host's backlog, a long Retry-After) wait outside the fetcher's memory, each for a fixed delay.
     */
    public static final int PARKING_TIERS = 4;

    /** What a crawl name may be: it prefixes topic and group names. */
    public static final String LEGAL_NAME = "[a-zA-Z0-9._-]{1,200}";
    private static final Pattern LEGAL = Pattern.compile(LEGAL_NAME);

    public CrawlTopics {
        if (!isLegalName(crawlName)) {
            throw new IllegalArgumentException("crawl name must be 1-200 characters of [a-zA-Z0-9._-] but was '"
                    + crawlName + "'");
        }
    }

    /** True when {@code crawlName} may prefix topic and group names: 1-200 characters of [a-zA-Z0-9._-]. */
    public static boolean isLegalName(String crawlName) {
        return crawlName != null && LEGAL.matcher(crawlName).matches();
    }

    /** URLs to fetch, keyed by host so each host has one owner. */
    public String urls() {
        return crawlName + ".urls";
    }

    /**
     * URLs to render in a browser (the render worker's input), keyed by host like {@link #urls()} so each
     * host has one render worker, which holds its politeness for the requests of the pages it renders.
     */
    public String render() {
        return crawlName + ".render";
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

    /**
     * The rates hosts learned from their servers' refusals, compacted, keyed by host and co-partitioned
     * with {@link #urls()}: the owner of a host's partition keeps its rate there, and the next owner reads it.
     */
    public String hostRates() {
        return crawlName + ".host-rates";
    }

    /**
     * The sites in the crawl's scope from any page (seeds' sites, and where seeds moved by redirect),
     * compacted and keyed by site; every fetcher and parser reads all of it.
     */
    public String scope() {
        return crawlName + ".scope";
    }

    /** Messages no worker could decode or handle, with headers naming where they came from. */
    public String deadLetters() {
        return crawlName + ".dead-letters";
    }

    /**
     * Parking tier {@code tier} (0 to {@link #PARKING_TIERS} - 1): URLs wait here for the tier's delay
     * before they are forwarded back to {@link #urls()}. Tiers are ordered by increasing delay; the
     * delays themselves are fetcher settings.
     */
    public String parked(int tier) {
        if (tier < 0 || tier >= PARKING_TIERS) {
            throw new IllegalArgumentException("tier must be in [0, " + PARKING_TIERS + ") but was " + tier);
        }
        return crawlName + ".urls.parked-" + tier;
    }

    /** Every parking tier topic, shortest delay first. */
    public List<String> parkedTopics() {
        List<String> out = new ArrayList<>(PARKING_TIERS);
        for (int tier = 0; tier < PARKING_TIERS; tier++) {
            out.add(parked(tier));
        }
        return List.copyOf(out);
    }

    /** The tier of a parking topic name, or -1 when {@code topic} is not one of this crawl's tiers. */
    public int parkingTier(String topic) {
        String prefix = crawlName + ".urls.parked-";
        if (topic == null || !topic.startsWith(prefix) || topic.length() != prefix.length() + 1) {
            return -1;
        }
        int tier = topic.charAt(prefix.length()) - '0';
        return tier >= 0 && tier < PARKING_TIERS ? tier : -1;
    }

    /** Every topic of the crawl. */
    public List<String> all() {
        List<String> out = new ArrayList<>(List.of(urls(), pages(), records(), failures(), seen(), scope(),
                deadLetters(), render(), hostRates()));
        out.addAll(parkedTopics());
        return List.copyOf(out);
    }

    /** Consumer group of the fetchers. */
    public String fetcherGroup() {
        return crawlName + ".fetcher";
    }

    /** Consumer group that forwards parked URLs back to {@link #urls()} when their tier delay is over. */
    public String parkingGroup() {
        return crawlName + ".fetcher-parking";
    }

    /** Consumer group of the render workers, on {@link #render()}. */
    public String rendererGroup() {
        return crawlName + ".renderer";
    }

    /** Consumer group of the parsers. */
    public String parserGroup() {
        return crawlName + ".parser";
    }

    /** Consumer group of the archivers, which write the pages as WARC files. */
    public String archiverGroup() {
        return crawlName + ".archiver";
    }
}
