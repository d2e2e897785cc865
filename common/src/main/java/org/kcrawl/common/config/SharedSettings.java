package org.kcrawl.common.config;

import java.util.List;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.url.UrlNormalizer;

/**
 * The settings several workers have, declared once: the crawl and its Kafka cluster (every worker), and
 * the rules of the crawl's links and redirects (the workers that follow them). Each worker's
 * {@link SettingList} is made of these and its own.
 */
public final class SharedSettings {
    /** What every worker of a crawl is told: its name and cluster, the topics it creates, its port, its drain. */
    public static final List<Setting> KAFKA = List.of(
            Setting.text("crawl_name", "crawl", "prefix of the crawl's topics and consumer groups")
                    .matching(CrawlTopics.LEGAL_NAME, "1-200 letters, digits, '.', '_' or '-'").option("--crawl-name"),
            Setting.text("bootstrap_servers", "localhost:9092", "the Kafka cluster's bootstrap servers")
                    .matching("(?s).*\\S.*", "at least one HOST:PORT"),
            Setting.integer("partitions", 12, "partitions of the crawl's topics when this worker creates them (the"
                    + " crawl command creates 4 for a local crawl)").atLeast(1).option("--partitions"),
            Setting.integer("replication", 1, "replication factor of the topics this worker creates (formerly"
                    + " replication_factor, still read with a deprecation warning)").atLeast(1),
            Setting.integer("metrics_port", 9400, "port of /metrics, /healthz and /readyz when the worker runs on its"
                    + " own (0 picks a free port)").between(0, 65535),
            Setting.duration("drain_timeout", "30s", "on shutdown, how long the work in flight may take to finish and"
                    + " be committed; the orchestrator's grace period must be longer").notNegative());

    /** How the workers that consume and produce the crawl's work commit it. */
    public static final List<Setting> DELIVERY = List.of(
            Setting.choice("delivery", "exactly_once", "exactly_once: a message's outputs and its offset (and a"
                    + " fetcher's seen marker) are committed in one Kafka transaction, so a crash, rebalance or broker"
                    + " outage never shows an output twice (consumers read committed data only); at_least_once:"
                    + " outputs are acknowledged one by one and a fault repeats the outputs of the work in flight",
                    "exactly_once", "at_least_once"));

    /** Who a worker is to the broker: its own, not the crawl's. */
    public static final List<Setting> MEMBERSHIP = List.of(
            Setting.text("group_instance_id", "", "the static group membership id (group.instance.id) of this"
                    + " worker's consumers, stable across its restarts (a pod name); empty for dynamic membership"));

    /** Redirects followed from one URL, of every form together. */
    public static final Setting MAX_REDIRECT_HOPS = Setting.integer("max_redirect_hops", 5, "redirects followed from"
            + " one URL, 3xx, Refresh headers and meta refreshes together (each hop is a new URL on the urls topic)")
            .atLeast(0);
    /** The longest refresh delay that makes a page a redirect. */
    public static final Setting MAX_REFRESH_DELAY = Setting.duration("max_refresh_delay", "100s", "the longest delay"
            + " of a Refresh header or a <meta http-equiv=\"refresh\"> that makes its page a redirect; a slower one, or"
            + " one to the page itself, leaves the page a page").notNegative();
    /** The deepest link distance from a seed that is followed. */
    public static final Setting MAX_DEPTH = Setting.integer("max_depth", 5, "deepest link distance from a seed that"
            + " is followed (seeds are 0)").atLeast(0).option("--max-depth");

    /** The longest normalized URL followed. */
    public static final Setting MAX_URL_LENGTH = Setting.integer("max_url_length", 2048, "longest normalized URL"
            + " followed").between(64, UrlNormalizer.DEFAULT_MAX_INPUT_LENGTH);
    /** Most times one path segment may occur in a followed URL. */
    public static final Setting MAX_REPEATED_SEGMENTS = Setting.integer("max_repeated_segments", 3, "most times one"
            + " path segment may occur in a followed URL").atLeast(1);
    /** Most links followed from one page: a scope rule, set in the parsers, which follow links. */
    public static final Setting MAX_OUTLINKS = Setting.integer("max_outlinks", 500, "most links followed from one"
            + " page").atLeast(0);

    /** How far a redirect chain goes, which the fetchers (3xx, Refresh headers) and parsers (meta refreshes) follow alike. */
    public static final List<Setting> REDIRECTS = List.of(MAX_REDIRECT_HOPS, MAX_REFRESH_DELAY);

    /**
     * The crawl's scope: which links the parsers follow and which redirect targets the fetchers follow, so a
     * crawl gives both the same ({@link org.kcrawl.common.scope.ScopeConfig}).
     */
    public static final List<Setting> SCOPE = List.of(
            Setting.choice("scope", "host", "host, domain or any: which links (and redirect targets) are followed,"
                    + " relative to the page they were found on (or the URL that redirected); a seed's redirects are"
                    + " followed whatever the scope, and their target's site joins the crawl's", "host", "domain", "any")
                    .option("--scope"),
            MAX_DEPTH,
            MAX_URL_LENGTH,
            MAX_REPEATED_SEGMENTS,
            Setting.list("allow_patterns", List.of(), "when not empty, followed URLs must match one of these regular"
                    + " expressions (found anywhere in the URL)").option("--allow-patterns", "--allow"),
            Setting.list("deny_patterns", List.of(), "followed URLs must match none of these regular expressions")
                    .option("--deny-patterns", "--deny"),
            Setting.flag("no_parent", false, "true: followed URLs must be under the directory of one of the crawl's"
                    + " seeds on their site (its path up to its last '/'), as wget --no-parent; a seed that redirects"
                    + " brings its target's directory in").option("--no-parent"));

    private SharedSettings() {}

    /** The shared setting of {@code key}, for a value type that holds it to the same bound. */
    public static Setting setting(String key) {
        for (List<Setting> part : List.of(KAFKA, DELIVERY, MEMBERSHIP, REDIRECTS, SCOPE)) {
            for (Setting s : part) {
                if (s.key().equals(key)) {
                    return s;
                }
            }
        }
        throw new IllegalArgumentException("no shared setting " + key);
    }
}
