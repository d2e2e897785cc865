package org.kcrawl.fetcher.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.fetcher.http.NettyHttpFetcherGuardTest.failure;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FailureReason;

/** Fetching through HTTP CONNECT and SOCKS5 proxies on loopback, with the guard-checked address sent to the proxy. */
class ProxyIT {

    private static HttpClientSettings through(ProxySettings... proxies) {
        return HostileServersIT.settings().toBuilder().proxies(List.of(proxies)).build();
    }

    @Test
    void httpConnectProxyIsAskedForTheCheckedAddressNotTheName() throws Exception {
        List<String> asked = new CopyOnWriteArrayList<>();
        try (LoopbackServer origin = new LoopbackServer(LoopbackServerScripts.keepAlive("<p>via proxy</p>"));
             LoopbackServer proxy = LoopbackProxy.httpConnect(asked);
             NettyHttpFetcher fetcher = new NettyHttpFetcher(
                     through(ProxySettings.of(ProxySettings.Type.HTTP, "127.0.0.1", proxy.port())))) {
            HttpResult r = fetcher.fetch(origin.url("http", "localhost", "/x")).get(5, TimeUnit.SECONDS);
            assertThat(new String(r.body())).isEqualTo("<p>via proxy</p>");
            assertThat(asked).containsExactly("127.0.0.1:" + origin.port());
            assertThat(fetcher.proxySuccesses()).containsExactly(1L);
        }
    }

    @Test
    void socks5ProxyCarriesTlsToo() throws Exception {
        List<String> asked = new CopyOnWriteArrayList<>();
        HttpClientSettings settings = HostileServersIT.settings().toBuilder().trustAllCertificates(true).build();
        try (LoopbackServer origin = new LoopbackServer(InetAddress.getLoopbackAddress(),
                     TestCertificates.serverSocketFactory(), LoopbackServerScripts.keepAlive("<p>socks</p>"));
             LoopbackServer proxy = LoopbackProxy.socks5(asked);
             NettyHttpFetcher fetcher = new NettyHttpFetcher(settings.toBuilder().proxies(List.of(
                     ProxySettings.of(ProxySettings.Type.SOCKS5, "127.0.0.1", proxy.port()))).build())) {
            HttpResult r = fetcher.fetch(origin.url("https", "127.0.0.1", "/s")).get(5, TimeUnit.SECONDS);
            assertThat(new String(r.body())).isEqualTo("<p>socks</p>");
            assertThat(asked).containsExactly("127.0.0.1:" + origin.port());
        }
    }

    @Test
    void proxiesAreUsedInTurnAndFailuresAreCountedPerProxy() throws Exception {
        int deadPort;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            deadPort = probe.getLocalPort();
        }
        List<String> asked = new CopyOnWriteArrayList<>();
        try (LoopbackServer origin = new LoopbackServer((s, srv) -> {
                 srv.readRequestHead(s.getInputStream());
                 s.getOutputStream().write(LoopbackServer.ascii(
                         "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok"));
             });
             LoopbackServer proxy = LoopbackProxy.httpConnect(asked);
             NettyHttpFetcher fetcher = new NettyHttpFetcher(through(
                     ProxySettings.of(ProxySettings.Type.HTTP, "127.0.0.1", proxy.port()),
                     ProxySettings.of(ProxySettings.Type.HTTP, "127.0.0.1", deadPort)))) {
            assertThat(fetcher.fetch(origin.url("/1")).get(5, TimeUnit.SECONDS).status()).isEqualTo(200);
            assertThat(failure(fetcher.fetch(origin.url("/2"))).reason()).isEqualTo(FailureReason.CONNECT);
            assertThat(fetcher.fetch(origin.url("/3")).get(5, TimeUnit.SECONDS).status()).isEqualTo(200);
            assertThat(fetcher.proxySuccesses()).containsExactly(2L, 0L);
            assertThat(fetcher.proxyFailures()).containsExactly(0L, 1L);
        }
    }
}
