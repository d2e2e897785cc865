package org.kcrawl.http.net;

import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.concurrent.TimeUnit;
import org.kcrawl.http.client.HttpClientSettings;

/**
 * The asynchronous DNS resolver that a worker's HTTP client and its scheduler share, on an event
 * loop of its own: the scheduler looks a host's address up for the per-address cap, and the fetch
 * that follows finds the answer in the same cache instead of asking again.
 */
public final class SharedDns implements AutoCloseable {
    private final NioEventLoopGroup loop;
    private final DnsHostResolver resolver;

    private SharedDns(NioEventLoopGroup loop, DnsHostResolver resolver) {
        this.loop = loop;
        this.resolver = resolver;
    }

    /** Starts a resolver with the client's DNS timeouts and cache bounds. */
    public static SharedDns start(HttpClientSettings http) {
        NioEventLoopGroup loop = new NioEventLoopGroup(1, new DefaultThreadFactory("kcrawl-dns", true));
        try {
            return new SharedDns(loop, new DnsHostResolver(loop.next(), http.dnsQueryTimeout(), http.dnsMaxTtl(),
                    http.dnsNegativeTtl()));
        } catch (RuntimeException e) {
            loop.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw e;
        }
    }

    /** The resolver, closed with this. */
    public HostResolver resolver() {
        return resolver;
    }

    @Override
    public void close() {
        resolver.close();
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }
}
