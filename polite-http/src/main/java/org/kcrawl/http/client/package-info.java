/**
 * The HTTP client the fetcher and the render worker share: the {@link org.kcrawl.http.client.HttpFetcher} contract and its Netty
 * implementation {@link org.kcrawl.http.client.NettyHttpFetcher}, configured by
 * {@link org.kcrawl.http.client.HttpClientSettings}.
 *
 * <p>Inside, one class per job: {@code Fetch} drives a single fetch (resolve, guard, connect, exchange),
 * {@code ConnectionPool} and {@code InFlightLimiter} hold the caps, {@code FetchChannelInitializer}
 * builds each connection's pipeline, whose {@code ExchangeHandler} reads one response at a time under
 * the size caps, and {@code FailureClassifier} maps failures to reasons by type and phase.
 */
package org.kcrawl.http.client;
