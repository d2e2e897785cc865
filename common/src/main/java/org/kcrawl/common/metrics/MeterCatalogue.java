package org.kcrawl.common.metrics;

import static org.kcrawl.common.metrics.MeterSpec.Worker.ALL;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The one documented catalogue of the workers' meters. Tags take bounded values only, never a URL
 * or a host; every meter also carries the common tags {@code worker} (fetcher, parser or renderer) and
 * {@code crawl} (the crawl name, one value per worker, so several crawls can share a Prometheus). The
 * metrics table of docs/metrics.md is rendered from this list ({@link CatalogueMarkdown}), and tests check
 * that a running worker registers exactly the {@code crawl.*} meters listed here for it. A meter is named
 * here; its row (kind, unit, tags, description) is in its worker's part ({@link FetcherCatalogue},
 * {@link ParserCatalogue}, {@link ArchiverCatalogue}, {@link RendererCatalogue}, {@link SharedCatalogue}), which
 * keeps this file to its size; the table is still this one list.
 */
public final class MeterCatalogue {
    /** Common tag on every meter of a worker process: {@code fetcher}, {@code parser} or {@code renderer}. */
    public static final String WORKER_TAG = "worker";
    /** Common tag on every meter of a worker process: its {@code crawl_name}. */
    public static final String CRAWL_TAG = "crawl";

    /** How each consumed URL ended. */
    public static final String FETCH_OUTCOMES = "crawl.fetch.outcomes";
    /** HTTP exchanges by status class. */
    public static final String FETCH_RESPONSES = "crawl.fetch.responses";
    /** Latency of answered fetches. */
    public static final String FETCH_DURATION = "crawl.fetch.duration";
    /** robots.txt files resolved. */
    public static final String FETCH_ROBOTS = "crawl.fetch.robots";
    /** Requests on the wire. */
    public static final String FETCH_INFLIGHT = "crawl.fetch.inflight";
    /** URLs in host queues, waiting for politeness. */
    public static final String FETCH_QUEUED = "crawl.fetch.queued";
    /** URLs waiting for a not-before time or robots.txt. */
    public static final String FETCH_WAITING = "crawl.fetch.waiting";
    /** Hosts with politeness state. */
    public static final String FETCH_HOSTS = "crawl.fetch.hosts";
    /** Hosts with at least one URL queued for politeness. */
    public static final String FETCH_HOSTS_BACKLOGGED = "crawl.fetch.hosts.backlogged";
    /** Hosts with URLs queued for politeness, by the limit that holds them back. */
    public static final String FETCH_HOSTS_HELD = "crawl.fetch.hosts.held";
    /** Requests servers refused for now (429, or 503 with a Retry-After). */
    public static final String FETCH_REFUSALS = "crawl.fetch.refusals";
    /** Hosts kept below the configured rate by the rate their servers' refusals taught. */
    public static final String FETCH_HOSTS_LIMITED = "crawl.fetch.hosts.limited";
    /** The slowest rate a server's refusals taught one of the fetcher's hosts. */
    public static final String FETCH_HOSTS_LIMITED_SLOWEST = "crawl.fetch.hosts.limited.slowest";
    /** Body bytes of fetched pages waiting for the broker's acknowledgement. */
    public static final String FETCH_PAGES_UNACKED_BYTES = "crawl.fetch.pages.unacked.bytes";
    /** Bytes held by the bodies of responses being received. */
    public static final String FETCH_BODIES_INFLIGHT_BYTES = "crawl.fetch.bodies.inflight.bytes";
    /** Time requests waited in their host's queue until politeness let them start. */
    public static final String FETCH_POLITENESS_WAIT = "crawl.fetch.politeness.wait";
    /** Body bytes of answered page fetches, after decoding. */
    public static final String FETCH_BYTES = "crawl.fetch.bytes";
    /** Sitemap URLs published from robots.txt. */
    public static final String FETCH_SITEMAPS_DISCOVERED = "crawl.fetch.sitemaps.discovered";
    /** URLs published to wait outside memory, by parking tier. */
    public static final String FETCH_PARKING_PARKED = "crawl.fetch.parking.parked";
    /** Parked URLs forwarded back to the urls topic. */
    public static final String FETCH_PARKING_FORWARDED = "crawl.fetch.parking.forwarded";
    /** Parked URLs held by the forwarder until their delay ends. */
    public static final String FETCH_PARKING_HELD = "crawl.fetch.parking.held";
    /** Completed fingerprints in the seen-set. */
    public static final String FETCH_SEEN_COMPLETED = "crawl.fetch.seen.completed";
    /** Claimed fingerprints in the seen-set. */
    public static final String FETCH_SEEN_CLAIMED = "crawl.fetch.seen.claimed";
    /** Seen-topic records read by seen-set restores. */
    public static final String FETCH_SEEN_RESTORED = "crawl.fetch.seen.restored";
    /** URL messages dead-lettered by the fetcher. */
    public static final String FETCH_DEAD_LETTERS = "crawl.fetch.dead.letters";

    /** Pages processed by kind. */
    public static final String PARSE_PAGES = "crawl.parse.pages";
    /** Parse and scope time per page. */
    public static final String PARSE_DURATION = "crawl.parse.duration";
    /** Pages whose parse the time budget cut short. */
    public static final String PARSE_BUDGET_EXCEEDED = "crawl.parse.budget.exceeded";
    /** How character sets were chosen. */
    public static final String PARSE_CHARSET = "crawl.parse.charset";
    /** Distinct usable links found. */
    public static final String PARSE_LINKS_FOUND = "crawl.parse.links.found";
    /** Links not published, by reason. */
    public static final String PARSE_LINKS_REJECTED = "crawl.parse.links.rejected";
    /** Links not published again because they were published and acknowledged before. */
    public static final String PARSE_LINKS_SUPPRESSED = "crawl.parse.links.suppressed";
    /** Links acknowledged on the urls topic. */
    public static final String PARSE_LINKS_PUBLISHED = "crawl.parse.links.published";
    /** Records acknowledged on the records topic. */
    public static final String PARSE_RECORDS_PUBLISHED = "crawl.parse.records.published";
    /** Pages in flight. */
    public static final String PARSE_PENDING = "crawl.parse.pending";
    /** Bytes of the pages in flight, bounded by {@code max_pending_bytes}. */
    public static final String PARSE_PENDING_BYTES = "crawl.parse.pending.bytes";
    /** Pages waiting for a parse thread. */
    public static final String PARSE_QUEUE_SIZE = "crawl.parse.queue.size";
    /** Pages sent to the render workers because they looked built by their scripts. */
    public static final String PARSE_RENDER_ROUTED = "crawl.parse.render.routed";
    /** Undecodable pages dead-lettered. */
    public static final String PARSE_DEAD_LETTERS = "crawl.parse.dead.letters";
    /** Counter of WARC records written and made durable, by type. */
    public static final String ARCHIVE_RECORDS = "crawl.archive.records";
    /** Counter of bytes written to WARC files, compressed. */
    public static final String ARCHIVE_BYTES = "crawl.archive.bytes";
    /** Counter of WARC files finished (closed and renamed). */
    public static final String ARCHIVE_FILES = "crawl.archive.files";
    /** Counter of pages that could not be archived because they carry no captured heads. */
    public static final String ARCHIVE_SKIPPED = "crawl.archive.skipped";
    /** Page messages dead-lettered by an archiver. */
    public static final String ARCHIVE_DEAD_LETTERS = "crawl.archive.dead.letters";
    /** Values of the archiver's {@code type} tag. */
    public static final List<String> ARCHIVE_RECORD_TYPES = List.of("warcinfo", "request", "response", "revisit",
            "conversion");

    /** How each URL a render worker consumed ended. */
    public static final String RENDER_OUTCOMES = "crawl.render.outcomes";
    /** Time from a page's navigation to its DOM taken. */
    public static final String RENDER_DURATION = "crawl.render.duration";
    /** Requests rendered pages made, by what the worker did with them. */
    public static final String RENDER_REQUESTS = "crawl.render.requests";
    /** Pages being rendered now. */
    public static final String RENDER_TABS = "crawl.render.tabs";
    /** URLs consumed by a render worker and not yet rendering. */
    public static final String RENDER_WAITING = "crawl.render.waiting";
    /** Browsers started again after one died or hung. */
    public static final String RENDER_BROWSER_RESTARTS = "crawl.render.browser.restarts";
    /** Connections a browser tried past the interception, refused by the worker's proxy. */
    public static final String RENDER_PROXY_REFUSED = "crawl.render.proxy.refused";
    /** URL messages dead-lettered by a render worker. */
    public static final String RENDER_DEAD_LETTERS = "crawl.render.dead.letters";

    /** Consumer lag per assigned partition, as the consumer last saw it. */
    public static final String KAFKA_RECORDS_LAG = "kafka.consumer.fetch.manager.records.lag";
    /** Partitions assigned to a group member. */
    public static final String KAFKA_ASSIGNED_PARTITIONS = "kafka.consumer.coordinator.assigned.partitions";

    /** Values of the fetcher's {@code outcome} tag. */
    public static final List<String> FETCH_OUTCOME_VALUES =
            List.of("page", "not_modified", "redirect", "failure", "retry", "parked", "skip", "render");
    /** Values of the fetcher's skip reasons (the {@code reason} tag of {@code outcome=skip}). */
    public static final List<String> FETCH_SKIP_REASONS =
            List.of("duplicate", "robots", "max_pages", "host_budget", "max_depth", "out_of_scope");
    /** Values of the {@code cap} tag of {@link #FETCH_HOSTS_HELD}: the limits that can hold a host back. */
    public static final List<String> FETCH_HELD_CAPS =
            List.of("concurrency", "per_host", "per_address", "rate", "host_delay", "server_limit");
    /** Values of the render worker's {@code outcome} tag. */
    public static final List<String> RENDER_OUTCOME_VALUES =
            List.of("rendered", "page", "redirect", "failure", "retry", "parked", "skip");
    /** Values of the {@code verdict} tag of {@link #RENDER_REQUESTS}. */
    public static final List<String> RENDER_REQUEST_VERDICTS = List.of("fetched", "method", "resource_type",
            "third_party", "cap", "scheme", "navigation", "fetch_failed");

    /** Values of the {@code status_class} tag. */
    public static final List<String> STATUS_CLASSES = List.of("1xx", "2xx", "3xx", "4xx", "5xx", "other");

    /** The table: each worker's part, then the meters every worker registers. */
    private static final List<MeterSpec> METERS = Stream.of(FetcherCatalogue.meters(), ParserCatalogue.meters(),
                    ArchiverCatalogue.meters(), RendererCatalogue.meters(), SharedCatalogue.meters())
            .flatMap(List::stream).toList();

    private static final List<MeterFamily> FAMILIES = List.of(
            new MeterFamily("jvm.", ALL, "Micrometer JVM binders",
                    "memory, garbage collection, threads, class loading and compilation"),
            new MeterFamily("process.", ALL, "Micrometer process binders", "CPU, uptime and open files"),
            new MeterFamily("system.", ALL, "Micrometer processor binder", "cores and load average"),
            new MeterFamily("kafka.", ALL, "KafkaClientMeters",
                    "every Kafka client metric of the worker's producer and consumers, named as Micrometer's"
                            + " KafkaClientMetrics names them (kafka.<group>.<name>, tags client.id, topic,"
                            + " partition and node.id where Kafka has them)"));

    private MeterCatalogue() {}

    /** Every documented meter, in table order. */
    public static List<MeterSpec> meters() {
        return METERS;
    }

    /** The library families, documented by prefix. */
    public static List<MeterFamily> families() {
        return FAMILIES;
    }

    /** The meters a worker of {@code role} (FETCHER, PARSER, RENDERER or ARCHIVER) registers. */
    public static List<MeterSpec> metersOf(MeterSpec.Worker role) {
        if (role == null || role == ALL) {
            throw new IllegalArgumentException("role must be FETCHER, PARSER, RENDERER or ARCHIVER but was " + role);
        }
        return METERS.stream().filter(m -> m.worker().includes(role)).toList();
    }

    /** The meter named {@code name}, if documented. */
    public static Optional<MeterSpec> find(String name) {
        return METERS.stream().filter(m -> m.name().equals(name)).findFirst();
    }

    /** The family whose prefix {@code name} starts with, if any. */
    public static Optional<MeterFamily> familyOf(String name) {
        return FAMILIES.stream().filter(f -> name.startsWith(f.prefix())).findFirst();
    }
}
