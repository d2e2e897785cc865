package org.kcrawl.fetcher.crawl;

import org.kcrawl.http.client.HttpClientSettings;
import org.kcrawl.http.client.NettyHttpFetcher;
import org.kcrawl.http.client.PageMemory;
import org.kcrawl.http.net.SharedDns;

/**
 * A fetcher's production HTTP client: the Netty client over DNS on an event loop of its own, its bodies
 * counted in the page memory the fetcher's outputs share.
 *
 * @param dns the resolver and its event loop
 * @param pages the page memory of the client's bodies and of the pages waiting for the broker
 * @param fetcher the HTTP client
 * @param resources what closes the DNS (and what else the worker was given to own)
 */
record FetcherClient(SharedDns dns, PageMemory pages, NettyHttpFetcher fetcher, AutoCloseable resources) {
    /** Starts DNS and the client over {@code pages}; {@code owned} (when not null) closes with the DNS. */
    static FetcherClient start(HttpClientSettings http, PageMemory pages, AutoCloseable owned) {
        SharedDns dns = SharedDns.start(http);
        NettyHttpFetcher fetcher;
        try {
            fetcher = new NettyHttpFetcher(http, dns.resolver(), pages);
        } catch (RuntimeException e) {
            dns.close();
            throw e;
        }
        AutoCloseable resources = owned == null ? dns : () -> {
            try (owned) {
                dns.close();
            }
        };
        return new FetcherClient(dns, pages, fetcher, resources);
    }
}
