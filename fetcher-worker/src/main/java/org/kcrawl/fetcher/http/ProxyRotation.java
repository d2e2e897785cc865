package org.kcrawl.fetcher.http;

import io.netty.handler.proxy.HttpProxyHandler;
import io.netty.handler.proxy.ProxyHandler;
import io.netty.handler.proxy.Socks5ProxyHandler;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Hands out the configured proxies in turn (round robin) for new connections, and counts, per proxy,
 * the connections through it that succeeded and failed.
 */
final class ProxyRotation {
    private final List<ProxySettings> proxies;
    private final List<InetSocketAddress> addresses;
    private final long connectTimeoutMillis;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicLongArray failures;
    private final AtomicLongArray successes;

    /** Resolves every proxy address once; blocking, so call it at start-up. */
    ProxyRotation(List<ProxySettings> proxies, Duration connectTimeout) {
        this.proxies = List.copyOf(proxies);
        List<InetSocketAddress> resolved = new ArrayList<>();
        for (ProxySettings p : proxies) {
            InetSocketAddress address = new InetSocketAddress(p.host(), p.port());
            if (address.isUnresolved()) {
                throw new IllegalArgumentException("proxy host does not resolve: " + p);
            }
            resolved.add(address);
        }
        this.addresses = List.copyOf(resolved);
        this.connectTimeoutMillis = connectTimeout.toMillis();
        this.failures = new AtomicLongArray(proxies.size());
        this.successes = new AtomicLongArray(proxies.size());
    }

    /** The index of the proxy for the next new connection, or -1 when connecting directly. */
    int next() {
        return proxies.isEmpty() ? -1 : Math.floorMod(next.getAndIncrement(), proxies.size());
    }

    /** A fresh handler for proxy {@code index} (handlers are per connection). */
    ProxyHandler newHandler(int index) {
        ProxySettings p = proxies.get(index);
        InetSocketAddress address = addresses.get(index);
        ProxyHandler handler = switch (p.type()) {
            case HTTP -> p.username() == null
                    ? new HttpProxyHandler(address) : new HttpProxyHandler(address, p.username(), p.password());
            case SOCKS5 -> new Socks5ProxyHandler(address, p.username(), p.password());
        };
        handler.setConnectTimeoutMillis(connectTimeoutMillis);
        return handler;
    }

    void recordSuccess(int index) {
        successes.incrementAndGet(index);
    }

    void recordFailure(int index) {
        failures.incrementAndGet(index);
    }

    /** Failed connections per proxy, in configuration order. */
    List<Long> failures() {
        return snapshot(failures);
    }

    /** Established connections per proxy, in configuration order. */
    List<Long> successes() {
        return snapshot(successes);
    }

    private static List<Long> snapshot(AtomicLongArray a) {
        List<Long> out = new ArrayList<>(a.length());
        for (int i = 0; i < a.length(); i++) {
            out.add(a.get(i));
        }
        return List.copyOf(out);
    }
}
