/**
 * Politeness: when each request to a host may go out.
 *
 * <p>{@link org.kcrawl.fetcher.politeness.HostScheduler} owns per-host FIFO queues and serves the
 * hosts that are ready round-robin, under a per-host token bucket
 * ({@link org.kcrawl.fetcher.politeness.HostPace}, default 1 request/s, burst 1), a per-host
 * concurrency cap (default 2) and a global in-flight cap (default 256). Every wait is a timer on a
 * {@link org.kcrawl.fetcher.politeness.TimeSource}; tests drive a fake one by hand.
 *
 * <p>Decisions worth knowing:
 * <ul>
 *   <li>A new host's bucket is empty as of its partition's assignment to this worker, so a host
 *       the previous owner was fetching cannot get two requests within one interval across a
 *       rebalance or restart, while hosts first seen later start at once.</li>
 *   <li>Cold hosts (first contact, or no answer for 5 s) get one request at a time and the next
 *       one an interval after its answer, because a new connection delays arrival and the host
 *       measures arrivals, not our start times.</li>
 *   <li>429 and 503 slow the whole host: a Retry-After pause (seconds or HTTP date, capped) and a
 *       doubled interval that relaxes by a quarter per normal answer. robots.txt Crawl-delay
 *       stretches the interval up to a cap (default 30 s); both drop the burst to 1.</li>
 * </ul>
 */
package org.kcrawl.fetcher.politeness;
