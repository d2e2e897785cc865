/**
 * Network-level safety for the fetcher: host resolution ({@link org.kcrawl.fetcher.net.HostResolver},
 * asynchronous DNS with a bounded cache in {@link org.kcrawl.fetcher.net.DnsHostResolver}) and the
 * SSRF guard ({@link org.kcrawl.fetcher.net.AddressGuard}) applied to every address before it is dialed.
 */
package org.kcrawl.fetcher.net;
