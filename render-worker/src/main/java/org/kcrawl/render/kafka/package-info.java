/**
 * The render worker: the render topic's consumer, the per-URL pipeline ({@link
 * org.kcrawl.render.kafka.RenderHandler}), and the worker as a process.
 *
 * <p>A render worker is configured with the fetcher's configuration ({@code FetcherConfig}: the same
 * file, {@code KCRAWL_RENDERER_*} variables over it), so the rate, per-host cap, robots.txt rules,
 * User-Agent and address rules a page's requests meet are the fetcher's, set in one place.
 */
package org.kcrawl.render.kafka;
