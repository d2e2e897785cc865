package org.kcrawl.http.net;

import com.github.benmanes.caffeine.cache.Ticker;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.resolver.ResolvedAddressTypes;
import io.netty.resolver.dns.DnsNameResolver;
import io.netty.resolver.dns.DnsNameResolverBuilder;
import io.netty.resolver.dns.DnsServerAddressStreamProviders;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.kcrawl.common.Checks;

/**
 * Asynchronous DNS on a Netty event loop, with a cache whose entries live no longer than the record
 * TTL and never longer than {@code maxTtl}; failures are cached for {@code negativeTtl}. The answers and
 * CNAMEs kept stay within a byte budget ({@link #CACHE_BYTES}): a crawl over millions of hosts must not
 * keep every name it resolved for up to {@code maxTtl}. Host names
 * in the hosts file (such as {@code localhost}) resolve from it without a query, and names under
 * {@code .invalid} fail at once without one (RFC 6761, section 6.4: they never resolve, and resolver
 * libraries should say so themselves instead of asking a server, which may be slow or absent).
 *
 * <p>Construction reads the platform's name-server configuration and hosts file, so it belongs at
 * start-up, not on an event loop.
 */
public final class DnsHostResolver implements HostResolver {
    /**
     * Bytes the cached answers may hold, and as much again the cached CNAMEs: 8 MiB is about 30,000
     * names of a few addresses each, more than the hosts a fetcher crawls at once.
     */
    public static final long CACHE_BYTES = 8L * 1024 * 1024;

    private final DnsNameResolver resolver;

    /** A resolver running on {@code loop} with the given query timeout and cache bounds. */
    public DnsHostResolver(EventLoop loop, Duration queryTimeout, Duration maxTtl, Duration negativeTtl) {
        Objects.requireNonNull(loop, "loop must not be null");
        Checks.positive(queryTimeout, "queryTimeout");
        Checks.positive(maxTtl, "maxTtl");
        Objects.requireNonNull(negativeTtl, "negativeTtl must not be null");
        int maxTtlSeconds = (int) Math.min(Integer.MAX_VALUE, Math.max(1, maxTtl.toSeconds()));
        int negativeSeconds = (int) Math.min(Integer.MAX_VALUE, Math.max(0, negativeTtl.toSeconds()));
        this.resolver = new DnsNameResolverBuilder(loop)
                .datagramChannelType(NioDatagramChannel.class)
                .socketChannelType(NioSocketChannel.class)
                .nameServerProvider(DnsServerAddressStreamProviders.platformDefault())
                .resolveCache(new BoundedDnsCache(CACHE_BYTES, 0, maxTtlSeconds, negativeSeconds, Ticker.systemTicker()))
                .cnameCache(new BoundedCnameCache(CACHE_BYTES, 0, maxTtlSeconds, Ticker.systemTicker()))
                .queryTimeoutMillis(queryTimeout.toMillis())
                .resolvedAddressTypes(ResolvedAddressTypes.IPV4_PREFERRED)
                .build();
    }

    @Override
    public CompletableFuture<List<InetAddress>> resolve(String host) {
        if (isReservedInvalid(host)) {
            return CompletableFuture.failedFuture(new UnknownHostException(host
                    + ": names under .invalid never resolve (RFC 6761)"));
        }
        CompletableFuture<List<InetAddress>> result = new CompletableFuture<>();
        resolver.resolveAll(host).addListener(f -> {
            if (f.isSuccess()) {
                @SuppressWarnings("unchecked")
                List<InetAddress> addresses = (List<InetAddress>) f.getNow();
                result.complete(List.copyOf(addresses));
            } else {
                result.completeExceptionally(f.cause());
            }
        });
        return result;
    }

    @Override
    public void close() {
        resolver.close();
    }

    /** True for {@code invalid} and the names under it, with or without the root's trailing dot. */
    static boolean isReservedInvalid(String host) {
        String name = host.toLowerCase(Locale.ROOT);
        if (name.endsWith(".")) {
            name = name.substring(0, name.length() - 1);
        }
        return name.equals("invalid") || name.endsWith(".invalid");
    }
}
