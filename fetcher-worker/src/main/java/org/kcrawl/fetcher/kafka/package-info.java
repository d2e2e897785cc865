/**
 * The fetcher worker: the urls consumer, the per-URL pipeline and its outputs.
 *
 * <p>{@link org.kcrawl.fetcher.kafka.FetchHandler} runs each URL through depth limit, dedup,
 * page budget, not-before wait, robots.txt and politeness, fetches it, and publishes exactly one
 * outcome: a page (2xx and anything else with a body), a redirect page plus its target as a new
 * URL (never followed inline), a failure, a retry re-published with back-off, a parked copy, or a
 * counted skip. Offsets are committed only when all outputs are acknowledged.
 *
 * <p>Long waits: a not-before time within {@code max_hold} is a timer; a later one is held that
 * long and then re-published, so it never pins the partition's committed offset for longer.
 * Hosts with more than {@code max_host_queue} URLs queued park the surplus the same way.
 */
package org.kcrawl.fetcher.kafka;
