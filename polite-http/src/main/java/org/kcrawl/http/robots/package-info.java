/**
 * robots.txt per RFC 9309, parsed by crawler-commons and cached per origin with Caffeine.
 *
 * <p>The robots.txt request is scheduled like any other request of the host (and is its first).
 * 2xx: rules from the first 500 KiB (cut after the last whole line). 3xx: followed up to 5 hops,
 * each a politely scheduled request. 4xx: allow all. 5xx, 429, network failures: everything
 * disallowed until it is fetched again after a retry time; URLs of such a host are retried and
 * finally fail with the reason the file could not be fetched ({@code connect}, {@code dns}, ...; or
 * {@code robots_unavailable} for a 5xx or 429 answer), at once when a give-up time is set and passed
 * ({@link org.kcrawl.http.robots.RobotsUnreachable}). Failures that the page fetch would report more
 * precisely (blocked address, TLS, invalid URL) allow the fetch so that it does. {@code Sitemap:}
 * lines on the file's own host are offered once per cached file ({@link org.kcrawl.http.robots.SitemapOffer}).
 */
package org.kcrawl.http.robots;
