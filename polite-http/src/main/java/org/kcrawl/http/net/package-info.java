/**
 * Network-level safety for every request a worker makes: host resolution ({@link org.kcrawl.http.net.HostResolver},
 * asynchronous DNS with a bounded cache in {@link org.kcrawl.http.net.DnsHostResolver}) and the
 * SSRF guard ({@link org.kcrawl.http.net.AddressGuard}) applied to every address before it is dialed.
 */
package org.kcrawl.http.net;
