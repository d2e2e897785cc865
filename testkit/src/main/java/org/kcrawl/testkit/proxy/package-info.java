/**
 * Proxies on loopback for tests: {@link org.kcrawl.testkit.proxy.LoopbackProxy}, an HTTP CONNECT or SOCKS5
 * proxy that records what it was asked for and relays to loopback only.
 */
package org.kcrawl.testkit.proxy;
