package org.kcrawl.common.metrics;

import static org.kcrawl.common.metrics.CatalogueRows.meter;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_BODIES_INFLIGHT_BYTES;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_BYTES;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_DEAD_LETTERS;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_DURATION;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_HELD_CAPS;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_HOSTS;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_HOSTS_BACKLOGGED;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_HOSTS_HELD;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_HOSTS_LIMITED;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_HOSTS_LIMITED_SLOWEST;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_INFLIGHT;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_OUTCOMES;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_OUTCOME_VALUES;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_PAGES_UNACKED_BYTES;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_PARKING_FORWARDED;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_PARKING_HELD;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_PARKING_PARKED;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_POLITENESS_WAIT;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_QUEUED;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_REFUSALS;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_RESPONSES;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_ROBOTS;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_SEEN_CLAIMED;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_SEEN_COMPLETED;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_SEEN_RESTORED;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_SITEMAPS_DISCOVERED;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_SKIP_REASONS;
import static org.kcrawl.common.metrics.MeterCatalogue.FETCH_WAITING;
import static org.kcrawl.common.metrics.MeterCatalogue.STATUS_CLASSES;
import static org.kcrawl.common.metrics.MeterSpec.Kind.COUNTER;
import static org.kcrawl.common.metrics.MeterSpec.Kind.GAUGE;
import static org.kcrawl.common.metrics.MeterSpec.Kind.TIMER;
import static org.kcrawl.common.metrics.MeterSpec.Worker.FETCHER;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The fetcher's rows of the {@link MeterCatalogue}: its outcomes, politeness, memory, parking and seen-set meters.
 * Package-private: the catalogue is the one table; a part only keeps a worker's rows in a file of their own
 * (issue 34), in the order the table lists them.
 */
final class FetcherCatalogue {
    private FetcherCatalogue() {}

    /** The fetcher's meters, in table order. */
    static List<MeterSpec> meters() {
        // Three lists, each under the method length rule; the table keeps their order.
        return Stream.of(fetches(), politeness(), parkingSeenSetAndDeadLetters()).flatMap(List::stream).toList();
    }

    /** What became of the fetches: outcomes, responses, their time, robots.txt and body bytes. */
    private static List<MeterSpec> fetches() {
        return List.of(
                meter(FETCH_OUTCOMES, COUNTER, null, FETCHER,
                        "how each consumed URL ended; every URL is counted once per consumption (parked and retried"
                                + " URLs come back as new consumptions); not_modified: a recrawl's conditional request"
                                + " answered 304",
                        "outcome", FETCH_OUTCOME_VALUES, "reason", CatalogueRows.failureReasons(FETCH_SKIP_REASONS)),
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
                                + " wire"));
    }

    /** What holds requests back: host queues, their limits, servers' refusals and the page memory. */
    private static List<MeterSpec> politeness() {
        return List.of(
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
                                + " stuck for 300 ms, as when a broker is away), per_host (at its own cap),"
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
                                + " waits, its connection not reading)"));
    }

    /** URLs parked outside memory, the seen-set, sitemaps found and dead letters. */
    private static List<MeterSpec> parkingSeenSetAndDeadLetters() {
        return List.of(
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
                                + " published"));
    }

    private static List<String> with(List<String> values, String extra) {
        List<String> out = new ArrayList<>(values);
        out.add(extra);
        return List.copyOf(out);
    }
}
