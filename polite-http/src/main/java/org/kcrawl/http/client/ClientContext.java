package org.kcrawl.http.client;

import io.netty.bootstrap.Bootstrap;
import io.netty.handler.ssl.SslContext;
import java.util.Set;
import org.kcrawl.http.net.AddressGuard;
import org.kcrawl.http.net.HostResolver;

/**
 * What every fetch of one {@link NettyHttpFetcher} shares.
 *
 * @param settings the client settings
 * @param limits per-response limits derived from the settings
 * @param memory where response bodies take their memory from
 * @param ssl the TLS client context
 * @param bootstrap the connection template (cloned per connection)
 * @param dialer opens sockets
 * @param resolver resolves host names
 * @param guard decides which addresses may be dialed
 * @param pool keep-alive connections and connection caps
 * @param limiter in-flight caps
 * @param proxies proxy rotation (empty when connecting directly)
 * @param requests builds requests
 * @param running the fetches in flight, for close()
 */
record ClientContext(HttpClientSettings settings, ResponseLimits limits, BodyMemory memory, SslContext ssl,
                     Bootstrap bootstrap,
                     Dialer dialer, HostResolver resolver, AddressGuard guard, ConnectionPool pool,
                     InFlightLimiter limiter, ProxyRotation proxies, RequestFactory requests, Set<Fetch> running) {}
