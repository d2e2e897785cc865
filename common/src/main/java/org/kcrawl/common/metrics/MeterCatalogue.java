package org.kcrawl.common.metrics;

import static org.kcrawl.common.metrics.MeterSpec.Kind.COUNTER;
import static org.kcrawl.common.metrics.MeterSpec.Kind.GAUGE;
import static org.kcrawl.common.metrics.MeterSpec.Kind.TIMER;
import static org.kcrawl.common.metrics.MeterSpec.Worker.ALL;
import static org.kcrawl.common.metrics.MeterSpec.Worker.ARCHIVER;
import static org.kcrawl.common.metrics.MeterSpec.Worker.FETCHER;
import static org.kcrawl.common.metrics.MeterSpec.Worker.PARSER;
import static org.kcrawl.common.metrics.MeterSpec.Worker.RENDERER;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.kcrawl.common.message.FailureReason;

/**
 * The one documented catalogue of the workers' meters. Tags take bounded values only, never a URL
 * or a host; every meter also carries the common tags {@code worker} (fetcher, parser or renderer) and
 * {@code crawl} (the crawl name, one value per worker, so several crawls can share a Prometheus). The
 * metrics table of docs/metrics.md is rendered from this list ({@link CatalogueMarkdown}), and tests check
 * that a running worker registers exactly the {@code crawl.*} meters listed here for it.
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

    private static final List<MeterSpec> METERS = List.of(
            meter(FETCH_OUTCOMES, COUNTER, null, FETCHER,
                    "how each consumed URL ended; every URL is counted once per consumption (parked and retried"
                            + " URLs come back as new consumptions); not_modified: a recrawl's conditional request"
                            + " answered 304",
                    "outcome", FETCH_OUTCOME_VALUES, "reason", fetchReasons()),
            meter(FETCH_RESPONSES, COUNTER, null, FETCHER,
                    "HTTP exchanges of page fetches (robots.txt excluded); none: no response at all",
                    "status_class", with(STATUS_CLASSES, "none")),
            meter(FETCH_DURATION, TIMER, null, FETCHER,
                    "time from the start of a fetch (connection included) to the last byte, of answered fetches",
                    "status_class", STATUS_CLASSES),
            meter(FETCH_ROBOTS, COUNTER, null, FETCHER,
                    "robots.txt files resolved, by what they amounted to (URLs they disallow are counted as"
                            + " outcome=skip, reason=robots)",
                    "result", List.of("rules", "allow_all", "unreachable")),
            meter(FETCH_BYTES, COUNTER, "bytes", FETCHER,
                    "body bytes of answered page fetches (robots.txt excluded) as kept after decoding: decompressed,"
                            + " cut at the body size cap, 0 for types fetched as metadata only; not the bytes on the"
                            + " wire"),
            meter(FETCH_POLITENESS_WAIT, TIMER, null, FETCHER,
                    "time a request (robots.txt included) waited in its host's queue, from being queued until"
                            + " politeness let it start: the host's rate, its concurrency cap, its address's cap and"
                            + " the global cap"),
            meter(FETCH_INFLIGHT, GAUGE, null, FETCHER, "requests on the wire, robots.txt included"),
            meter(FETCH_QUEUED, GAUGE, null, FETCHER,
                    "URLs in host queues, waiting for their host's rate, concurrency or a global slot"),
            meter(FETCH_WAITING, GAUGE, null, FETCHER, "URLs waiting for a not-before time or for robots.txt"),
            meter(FETCH_HOSTS, GAUGE, null, FETCHER,
                    "hosts with politeness state held (queued, in flight, or not yet rested)"),
            meter(FETCH_HOSTS_BACKLOGGED, GAUGE, null, FETCHER,
                    "hosts with at least one request queued, waiting for politeness to let it start"),
            meter(FETCH_HOSTS_HELD, GAUGE, null, FETCHER,
                    "backlogged hosts by the limit that holds their next request back now, each host under one:"
                            + " concurrency (ready, but the global cap is full, or the fetcher's page memory is: pages"
                            + " waiting for the broker, bodies waiting to grow; or, exactly once, an output commit"
                            + " stuck for a second, as when a broker is away), per_host (at its own cap),"
                            + " per_address (its IP address is at its cap), rate (waiting for its next start at the"
                            + " configured rate, counted from the previous request's write), host_delay (waiting"
                            + " longer than the rate asks: a robots.txt Crawl-delay, or with adaptive: true the host's"
                            + " slow answers), server_limit (waiting longer than the rate asks because its server"
                            + " refused requests, 429 or 503: the rate the host, or its IP address, learned from"
                            + " that, or a Retry-After pause)",
                    "cap", FETCH_HELD_CAPS),
            meter(FETCH_REFUSALS, COUNTER, null, FETCHER,
                    "page requests their servers refused for now (429, or 503 with a Retry-After), robots.txt"
                            + " excluded: each URL goes back to its host's line for the same attempt, no outcome yet"),
            meter(FETCH_HOSTS_LIMITED, GAUGE, null, FETCHER,
                    "hosts whose servers' refusals (429, 503) keep them below the configured rate, held back now or"
                            + " not; the progress line names the slowest, and the log each one as it is first"
                            + " limited and as it recovers"),
            meter(FETCH_HOSTS_LIMITED_SLOWEST, GAUGE, null, FETCHER,
                    "the lowest rate (requests per second) that servers' refusals hold one of the fetcher's hosts"
                            + " (or an IP address shared by several) to; 0 when none is limited"),
            meter(FETCH_PAGES_UNACKED_BYTES, GAUGE, "bytes", FETCHER,
                    "body bytes of fetched pages the broker has not acknowledged yet; at max_unacked_page_bytes no"
                            + " new request starts until it has (ready hosts then count as held by concurrency)"),
            meter(FETCH_BODIES_INFLIGHT_BYTES, GAUGE, "bytes", FETCHER,
                    "bytes held by the bodies of responses being received; with the unacknowledged pages at most"
                            + " max_unacked_page_bytes + max_inflight_body_bytes (a body that cannot grow within it"
                            + " waits, its connection not reading)"),
            meter(FETCH_PARKING_PARKED, COUNTER, null, FETCHER,
                    "URLs (parked ones and retries) published to wait outside memory and acknowledged, by where"
                            + " they wait: urls (a short wait, back through the urls topic) or a parking tier",
                    "tier", List.of("urls", "0", "1", "2")).registeredOnFirstUse(),
            meter(FETCH_PARKING_FORWARDED, COUNTER, null, FETCHER,
                    "parked URLs forwarded back to the urls topic after their tier delay"),
            meter(FETCH_PARKING_HELD, GAUGE, null, FETCHER,
                    "parked URLs read from a tier and waiting for their delay to end"),
            meter(FETCH_SEEN_COMPLETED, GAUGE, null, FETCHER,
                    "URL fingerprints of finished URLs held in the seen-set of the owned partitions"),
            meter(FETCH_SEEN_CLAIMED, GAUGE, null, FETCHER,
                    "URL fingerprints claimed by URLs still being handled"),
            meter(FETCH_SEEN_RESTORED, COUNTER, "records", FETCHER,
                    "seen-topic records read to restore the seen-sets of assigned partitions: the whole partition"
                            + " with seen_store=memory, the tail past the checkpoint with seen_store=rocksdb"),
            meter(FETCH_SITEMAPS_DISCOVERED, COUNTER, "urls", FETCHER,
                    "sitemap URLs published from robots.txt Sitemap: lines"),
            meter(FETCH_DEAD_LETTERS, COUNTER, null, FETCHER,
                    "URL messages sent to the dead-letter topic: undecodable, or whose outputs could never be"
                            + " published"),

            meter(PARSE_PAGES, COUNTER, null, PARSER, "pages processed, by how they were treated (pdf: a PDF read for"
                            + " its text and links; not_modified: a recrawl's 304, recorded without a parse)",
                    "kind", List.of("html", "non_html", "pdf", "sitemap", "redirect", "failed", "not_modified")),
            meter(PARSE_DURATION, TIMER, null, PARSER, "parse and scope time per page"),
            meter(PARSE_BUDGET_EXCEEDED, COUNTER, null, PARSER, "pages whose parse the time budget cut short"),
            meter(PARSE_CHARSET, COUNTER, null, PARSER, "how HTML bodies' character sets were chosen",
                    "source", List.of("bom", "header", "meta", "xml_declaration", "sniffed_utf8", "fallback")),
            meter(PARSE_LINKS_FOUND, COUNTER, null, PARSER, "distinct usable links found on pages"),
            meter(PARSE_LINKS_REJECTED, COUNTER, null, PARSER, "links not published, by the rule that refused them",
                    "reason", List.of("nofollow", "error_status", "scheme", "invalid_url", "url_too_long",
                            "out_of_scope", "max_depth", "repeated_segments", "denied", "not_allowed",
                            "max_outlinks", "filter_error", "refresh")),
            meter(PARSE_LINKS_SUPPRESSED, COUNTER, "links", PARSER,
                    "links a parser did not publish again because it had already published them and the broker"
                            + " acknowledged them; the fetcher's seen-set stays the authority"),
            meter(PARSE_LINKS_PUBLISHED, COUNTER, null, PARSER, "links acknowledged by the broker on the urls topic"),
            meter(PARSE_RECORDS_PUBLISHED, COUNTER, null, PARSER,
                    "records acknowledged by the broker on the records topic"),
            meter(PARSE_PENDING, GAUGE, null, PARSER, "pages consumed whose outputs are not all acknowledged yet"),
            meter(PARSE_PENDING_BYTES, GAUGE, "bytes", PARSER,
                    "bytes of the pages consumed whose outputs are not all acknowledged yet (bounded by max_pending_bytes)"),
            meter(PARSE_QUEUE_SIZE, GAUGE, null, PARSER, "pages waiting for a parse thread"),
            meter(PARSE_RENDER_ROUTED, COUNTER, null, PARSER,
                    "fetched pages that looked built by their scripts (little text, an empty script-mounted root),"
                            + " sent to the render workers instead of being recorded (render_auto)"),
            meter(PARSE_DEAD_LETTERS, COUNTER, null, PARSER, "pages sent to the dead-letter topic: undecodable, or whose processing failed"),
            meter(ARCHIVE_RECORDS, COUNTER, null, ARCHIVER, "WARC records written and synced to disk (their pages'"
                            + " offsets may be committed), by type; a page is a request and a response, or a request and"
                            + " a revisit for a 304; a rendered page adds a conversion (its DOM)",
                    "type", ARCHIVE_RECORD_TYPES),
            meter(ARCHIVE_BYTES, COUNTER, "bytes", ARCHIVER, "bytes written to WARC files, gzip-compressed, synced"),
            meter(ARCHIVE_FILES, COUNTER, null, ARCHIVER, "WARC files finished: synced, closed and renamed from"
                    + " .open (at the size cap, on a clean stop, or recovered at start after a crash)"),
            meter(ARCHIVE_SKIPPED, COUNTER, null, ARCHIVER, "pages not archived because they carry no captured"
                    + " heads (their fetcher ran without capture_heads) or, rendered, not the bytes their server sent"),
            meter(ARCHIVE_DEAD_LETTERS, COUNTER, null, ARCHIVER, "page messages an archiver sent to the dead-letter"
                    + " topic: undecodable, or whose records could not be written"),

            meter(RENDER_OUTCOMES, COUNTER, null, RENDERER,
                    "how each URL a render worker consumed ended: rendered (a page with the browser's DOM), page (a"
                            + " response published as fetched: not HTML, or an error status), redirect, failure, retry"
                            + " and parked (back on the render topic, to wait), skip (robots)",
                    "outcome", RENDER_OUTCOME_VALUES, "reason", renderReasons()),
            meter(RENDER_DURATION, TIMER, null, RENDERER,
                    "time from a page's navigation to its DOM taken, of rendered pages: its scripts, their requests"
                            + " (politeness waits included) and the quiet after its load event"),
            meter(RENDER_REQUESTS, COUNTER, null, RENDERER,
                    "requests rendered pages made besides their own, by what the worker did: fetched, or refused"
                            + " (method, resource_type, third_party, cap, scheme), a navigation of the"
                            + " main frame (followed as a redirect), or fetch_failed (the address guard or the network)",
                    "verdict", RENDER_REQUEST_VERDICTS),
            meter(RENDER_TABS, GAUGE, null, RENDERER, "pages being rendered now (at most render_tabs)"),
            meter(RENDER_WAITING, GAUGE, null, RENDERER,
                    "URLs consumed and not rendering yet: waiting for a not-before time, robots.txt, the host's turn or"
                            + " a tab"),
            meter(RENDER_BROWSER_RESTARTS, COUNTER, null, RENDERER,
                    "browsers started again after one crashed, hung or was killed"),
            meter(RENDER_PROXY_REFUSED, COUNTER, null, RENDERER,
                    "connections a browser tried past the worker's interception (its own background traffic, a"
                            + " page's WebSocket), refused by the worker's proxy"),
            meter(RENDER_DEAD_LETTERS, COUNTER, null, RENDERER,
                    "URL messages a render worker sent to the dead-letter topic: undecodable, or whose outputs could"
                            + " never be published"),

            meter(KAFKA_RECORDS_LAG, GAUGE, null, ALL,
                    "messages between the consumer's position and the log end, per assigned partition (consumer lag)",
                    "client.id", List.of(), "topic", List.of(), "partition", List.of()),
            meter(KAFKA_ASSIGNED_PARTITIONS, GAUGE, null, ALL, "partitions assigned to the worker's group consumer",
                    "client.id", List.of()),
            meter("kafka.consumer.fetch.manager.records.consumed.total", COUNTER, null, ALL,
                    "records consumed, per topic", "client.id", List.of(), "topic", List.of()),
            meter("kafka.producer.topic.record.send.total", COUNTER, null, ALL,
                    "records sent, per topic: pages, failures, links, records and dead letters",
                    "client.id", List.of(), "topic", List.of()),
            meter("kafka.producer.topic.byte.total", COUNTER, null, ALL,
                    "bytes sent, per topic, as compressed by the producer: on the pages topic, the volume fetched",
                    "client.id", List.of(), "topic", List.of()),
            meter("kafka.producer.record.error.total", COUNTER, null, ALL,
                    "record sends that failed after the producer's retries", "client.id", List.of()),

            meter("jvm.memory.used", GAUGE, "bytes", ALL, "JVM memory in use, by area and pool",
                    "area", List.of("heap", "nonheap"), "id", List.of()),
            meter("jvm.threads.live", GAUGE, "threads", ALL, "live JVM threads"),
            meter("process.cpu.usage", GAUGE, null, ALL, "CPU used by the worker process, 0 to 1 of all cores"),
            meter("system.cpu.count", GAUGE, null, ALL, "processors available to the JVM"),
            meter("process.uptime", GAUGE, "seconds", ALL, "time since the worker process started"));

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

    private static List<String> renderReasons() {
        List<String> reasons = new ArrayList<>();
        reasons.add("none");
        for (FailureReason r : FailureReason.values()) {
            reasons.add(r.wireName());
        }
        reasons.add("robots");
        return List.copyOf(reasons);
    }

    private static List<String> fetchReasons() {
        List<String> reasons = new ArrayList<>();
        reasons.add("none");
        for (FailureReason r : FailureReason.values()) {
            reasons.add(r.wireName());
        }
        reasons.addAll(FETCH_SKIP_REASONS);
        return List.copyOf(reasons);
    }

    private static List<String> with(List<String> values, String extra) {
        List<String> out = new ArrayList<>(values);
        out.add(extra);
        return List.copyOf(out);
    }

    private static MeterSpec meter(String name, MeterSpec.Kind kind, String unit, MeterSpec.Worker worker,
                                   String description, Object... tagPairs) {
        Map<String, List<String>> tags = new LinkedHashMap<>();
        for (int i = 0; i < tagPairs.length; i += 2) {
            @SuppressWarnings("unchecked")
            List<String> values = (List<String>) tagPairs[i + 1];
            tags.put((String) tagPairs[i], values);
        }
        return new MeterSpec(name, kind, unit, tags, worker, description);
    }
}
