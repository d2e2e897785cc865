/**
 * Politeness: when each request to a host may go out, and how much of a host's backlog waits in
 * memory.
 *
 * <p>{@link org.kcrawl.http.politeness.HostScheduler} owns per-host FIFO queues and serves the
 * hosts that are ready round-robin, under a per-host token bucket
 * ({@link org.kcrawl.http.politeness.HostPace}, default 1 request/s, burst 1), a per-host
 * concurrency cap (default 2), a per-address cap for hosts sharing an IP (by default the same as the
 * per-host cap) and a global in-flight cap (default 256). Which of them holds each backlogged host
 * back is counted as hosts change state ({@link org.kcrawl.http.politeness.HeldHosts}). Every wait is a timer on a
 * {@link org.kcrawl.http.politeness.TimeSource}; tests drive a fake one by hand.
 *
 * <p>Decisions worth knowing:
 * <ul>
 *   <li>A new host's bucket is empty as of its partition's assignment to this worker, so a host
 *       the previous owner was fetching cannot get two requests within one interval across a
 *       rebalance or restart, while hosts first seen later start at once.</li>
 *   <li>An interval counts from the previous request's real start, the moment the HTTP client wrote
 *       its bytes to the socket ({@link org.kcrawl.http.politeness.Permit#sent()}), because the
 *       host measures arrivals, not our decisions: a request delayed by a new connection or a busy
 *       CPU pushes the next one later instead of letting it come closer. A host starts nothing while
 *       its previous request is not written yet.</li>
 *   <li>With {@code adaptive} on, each host's interval also follows its response time
 *       ({@link org.kcrawl.http.politeness.AdaptiveThrottle}): never faster than the rate, slower
 *       when the host answers slowly, errs or times out, recovering by halves.</li>
 *   <li>429 and 503 slow the whole host: a Retry-After pause (seconds or HTTP date, capped) and a
 *       doubled interval that relaxes by a quarter per normal answer. robots.txt Crawl-delay
 *       stretches the interval up to a cap (default 30 s); both drop the burst to 1.</li>
 *   <li>A host's queue reaches at most {@code maxQueueWait} ahead at its current pace
 *       ({@link org.kcrawl.http.politeness.QueueHorizon}, the fetcher's {@code max_hold}). The
 *       rest of a slow or paused host's backlog is parked by the caller, each URL told when its
 *       turn should come, spread at the host's pace; when a host slows down (a long Retry-After, a
 *       Crawl-delay learned late) queued URLs past the horizon are handed back the same way. A slow
 *       host therefore holds seconds of work in memory, never hours of it.</li>
 *   <li>Addresses are looked up once per host through the fetcher's own resolver
 *       ({@link org.kcrawl.http.politeness.ResolvedAddresses}, which shares the HTTP client's DNS
 *       cache), and corrected from the address each answer actually came from.</li>
 * </ul>
 */
package org.kcrawl.http.politeness;
