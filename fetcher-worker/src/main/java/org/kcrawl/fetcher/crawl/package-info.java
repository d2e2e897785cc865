/**
 * The fetcher worker's crawl logic: the urls consumer, the per-URL pipeline and its outputs, the
 * parking tiers, and the worker's wiring and settings. (It was {@code fetcher.kafka}, a name that
 * said how URLs arrive, not what is done with them; HTTP, politeness, robots.txt and the seen-set
 * have packages of their own.)
 *
 * <p>{@link org.kcrawl.fetcher.crawl.FetchHandler} runs each URL through depth limit, dedup,
 * page budget, not-before wait, its host's backlog, robots.txt and politeness, fetches it, and
 * publishes exactly one outcome: a page (2xx and anything else with a body), a redirect page plus
 * its target as a new URL (never followed inline), a failure, a retry re-published with back-off, a
 * parked copy, or a counted skip. Offsets are committed only when all outputs are acknowledged.
 *
 * <p>Long waits never pin an offset or memory. A not-before time within {@code max_hold} is a
 * timer. A URL that must wait longer (a distant retry, a slow or paused host's backlog past what
 * it can start within {@code max_hold}) is parked ({@link org.kcrawl.fetcher.crawl.Parking}): back
 * to the urls topic when the wait is short, else to one of four parking tier topics with fixed
 * delays ({@code park_tiers}, default 10 s, 1 min, 10 min, 1 h). A second consumer loop
 * ({@link org.kcrawl.fetcher.crawl.ParkedForwarder}, group {@code <crawl>.fetcher-parking}) forwards
 * each parked URL back to its urls partition once its tier delay has passed; offsets complete only
 * when the copy is acknowledged, so nothing is lost between topics.
 *
 * <p>Flow control is per partition as well as in total ({@code max_pending_per_partition},
 * {@code max_pending}): one partition whose URLs take long cannot stall the others.
 */
package org.kcrawl.fetcher.crawl;
