package org.kcrawl.http.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.http.client.NettyHttpFetcherGuardTest.failure;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ServerSocketFactory;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.testkit.proxy.LoopbackProxy;

/**
 * Fetching through HTTP CONNECT and SOCKS5 proxies on loopback: the guard-checked address is what the
 * proxy is asked for, credentials reach it, a dead proxy cools down while one that answers does not, and
 * a proxy's own address opens nothing.
 */
class ProxyIT {

    private static HttpClientSettings through(List<String> proxyUrls) {
        return HostileServersIT.settings().toBuilder()
                .proxies(proxyUrls.stream().map(ProxySettings::parse).toList()).build();
    }

    private static int deadPort() throws Exception {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }

    private static LoopbackServer closingOrigin() throws Exception {
        return new LoopbackServer((s, srv) -> {
            srv.readRequestHead(s.getInputStream());
            s.getOutputStream().write(LoopbackServer.ascii(
                    "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok"));
        });
    }

    @Test
    void httpConnectProxyIsAskedForTheCheckedAddressNotTheNameAndGetsTheCredentials() throws Exception {
        try (LoopbackServer origin = new LoopbackServer(LoopbackServerScripts.keepAlive("<p>via proxy</p>"));
             LoopbackProxy proxy = LoopbackProxy.start(LoopbackProxy.Protocol.HTTP, "crawler", "s3cret");
             NettyHttpFetcher fetcher = new NettyHttpFetcher(through(List.of(proxy.url())))) {
            HttpResult r = fetcher.fetch(origin.url("http", "localhost", "/x")).get(5, TimeUnit.SECONDS);
            assertThat(new String(r.body())).isEqualTo("<p>via proxy</p>");
            assertThat(proxy.destinations()).containsExactly("127.0.0.1:" + origin.port());
            assertThat(fetcher.proxySuccesses()).containsExactly(1L);
        }
    }

    @Test
    void socks5ProxyCarriesTlsTooWithCredentials() throws Exception {
        HttpClientSettings settings = HostileServersIT.settings().toBuilder().trustAllCertificates(true).build();
        try (LoopbackServer origin = new LoopbackServer(InetAddress.getLoopbackAddress(),
                     TestCertificates.serverSocketFactory(), LoopbackServerScripts.keepAlive("<p>socks</p>"));
             LoopbackProxy proxy = LoopbackProxy.start(LoopbackProxy.Protocol.SOCKS5, "crawler", "s3cret");
             NettyHttpFetcher fetcher = new NettyHttpFetcher(settings.toBuilder()
                     .proxies(List.of(ProxySettings.parse(proxy.url()))).build())) {
            HttpResult r = fetcher.fetch(origin.url("https", "127.0.0.1", "/s")).get(5, TimeUnit.SECONDS);
            assertThat(new String(r.body())).isEqualTo("<p>socks</p>");
            assertThat(proxy.destinations()).containsExactly("127.0.0.1:" + origin.port());
        }
    }

    @Test
    void wrongCredentialsFailTheFetchAsAConnectFailure() throws Exception {
        try (LoopbackServer origin = closingOrigin();
             LoopbackProxy proxy = LoopbackProxy.start(LoopbackProxy.Protocol.HTTP, "crawler", "s3cret");
             NettyHttpFetcher fetcher = new NettyHttpFetcher(through(List.of(
                     "http://crawler:wrong@127.0.0.1:" + proxy.port())))) {
            FetchException failure = failure(fetcher.fetch(origin.url("/1")));
            assertThat(failure.reason()).isEqualTo(FailureReason.CONNECT);
            assertThat(failure.getMessage()).as("the message names the proxy, without its password")
                    .contains("through proxy http://crawler:***@127.0.0.1:" + proxy.port()).doesNotContain("wrong");
        }
    }

    @Test
    void aDeadProxyCoolsDownAfterThreeFailuresAndTheOthersCarryTheCrawl() throws Exception {
        try (LoopbackServer origin = closingOrigin();
             LoopbackProxy proxy = LoopbackProxy.start(LoopbackProxy.Protocol.HTTP);
             NettyHttpFetcher fetcher = new NettyHttpFetcher(through(List.of(proxy.url(),
                     "http://127.0.0.1:" + deadPort())).toBuilder().proxyMode(ProxyMode.ROUND_ROBIN).build())) {
            for (int i = 0; i < 3; i++) {
                assertThat(fetcher.fetch(origin.url("/live-" + i)).get(5, TimeUnit.SECONDS).status()).isEqualTo(200);
                assertThat(failure(fetcher.fetch(origin.url("/dead-" + i))).reason()).isEqualTo(FailureReason.CONNECT);
            }
            assertThat(fetcher.proxiesCoolingDown()).containsExactly(false, true);
            for (int i = 0; i < 4; i++) {
                assertThat(fetcher.fetch(origin.url("/after-" + i)).get(5, TimeUnit.SECONDS).status()).isEqualTo(200);
            }
            assertThat(fetcher.proxySuccesses()).containsExactly(7L, 0L);
            assertThat(fetcher.proxyFailures()).containsExactly(0L, 3L);
        }
    }

    @Test
    void aProxyThatRefusesADeadDestinationIsNotCooledDown() throws Exception {
        int dead = deadPort();
        try (LoopbackProxy proxy = LoopbackProxy.start(LoopbackProxy.Protocol.SOCKS5);
             NettyHttpFetcher fetcher = new NettyHttpFetcher(through(List.of(proxy.url())))) {
            for (int i = 0; i < 4; i++) {
                assertThat(failure(fetcher.fetch("http://127.0.0.1:" + dead + "/" + i)).reason())
                        .isEqualTo(FailureReason.CONNECT);
            }
            assertThat(proxy.destinations()).hasSize(4);
            assertThat(fetcher.proxiesCoolingDown()).containsExactly(false);
        }
    }

    @Test
    void aProxyOnLoopbackNeedsNoAllowPrivateAndOpensNothingToTheUrlsCrawled() throws Exception {
        InetAddress second = InetAddress.getByName("127.0.0.2");
        HttpClientSettings settings = HttpClientSettings.defaults().toBuilder()
                .allowCidrs(List.of("127.0.0.2/32")).eventLoopThreads(1).build();
        try (LoopbackServer allowed = new LoopbackServer(second, ServerSocketFactory.getDefault(),
                     LoopbackServerScripts.keepAlive("<p>allowed</p>"));
             LoopbackServer onProxyAddress = closingOrigin();
             LoopbackProxy proxy = LoopbackProxy.start(LoopbackProxy.Protocol.HTTP);
             NettyHttpFetcher fetcher = new NettyHttpFetcher(settings.toBuilder()
                     .proxies(List.of(ProxySettings.parse(proxy.url()))).build())) {
            assertThat(fetcher.fetch(allowed.url("http", "127.0.0.2", "/")).get(5, TimeUnit.SECONDS).status())
                    .isEqualTo(200);
            FetchException refused = failure(fetcher.fetch(onProxyAddress.url("/")));
            assertThat(refused.reason()).isEqualTo(FailureReason.BLOCKED_ADDRESS);
            assertThat(refused.getMessage()).contains("non-global range 127.0.0.0/8");
            assertThat(proxy.destinations()).containsExactly("127.0.0.2:" + allowed.port());
        }
    }
}
