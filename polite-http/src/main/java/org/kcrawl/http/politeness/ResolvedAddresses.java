package org.kcrawl.http.politeness;

import io.netty.util.NetUtil;
import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.kcrawl.http.net.HostResolver;

/**
 * {@link HostAddresses} through the fetcher's own {@link HostResolver}: IP literals are their own
 * address, names resolve to the first address of the answer (the one the HTTP client dials unless
 * the address guard refuses it). Sharing the client's resolver means sharing its cache, so the
 * scheduler's lookup costs no extra DNS query for the fetch that follows.
 *
 * <p>A name that does not resolve gets a key of its own: its fetch will fail with a DNS error, which
 * is the fetch's to report, and it must not wait behind hosts it shares nothing with.
 */
public final class ResolvedAddresses implements HostAddresses {
    private final HostResolver resolver;

    public ResolvedAddresses(HostResolver resolver) {
        if (resolver == null) {
            throw new IllegalArgumentException("resolver must not be null");
        }
        this.resolver = resolver;
    }

    @Override
    public CompletableFuture<String> of(String host) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        InetAddress literal = NetUtil.createInetAddressFromIpAddressString(bare);
        if (literal != null) {
            return CompletableFuture.completedFuture(literal.getHostAddress());
        }
        CompletableFuture<List<InetAddress>> answer;
        try {
            answer = resolver.resolve(bare);
        } catch (RuntimeException e) {
            return CompletableFuture.completedFuture(unresolved(host));
        }
        return answer.handle((addresses, error) -> error != null || addresses == null || addresses.isEmpty()
                ? unresolved(host)
                : addresses.get(0).getHostAddress());
    }

    private static String unresolved(String host) {
        return "unresolved:" + host;
    }
}
