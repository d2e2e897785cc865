/**
 * The fetcher's HTTP client: the {@link org.kcrawl.fetcher.http.HttpFetcher} contract and its Netty
 * implementation {@link org.kcrawl.fetcher.http.NettyHttpFetcher}, configured by
 * {@link org.kcrawl.fetcher.http.HttpClientSettings}.
 *
 * <p>Inside, one class per job: {@code Fetch} drives a single fetch (resolve, guard, connect, exchange),
 * {@code ConnectionPool} and {@code InFlightLimiter} hold the caps, {@code FetchChannelInitializer}
 * builds each connection's pipeline, whose {@code ExchangeHandler} reads one response at a time under
 * the size caps, and {@code FailureClassifier} maps failures to reasons by type and phase.
 */
package org.kcrawl.fetcher.http;
