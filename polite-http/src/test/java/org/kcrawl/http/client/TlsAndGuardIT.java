package org.kcrawl.http.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.http.client.NettyHttpFetcherGuardTest.failure;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ServerSocketFactory;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.http.net.AddressGuard;

/** TLS verification, handshake bounds, and the address guard against real loopback servers. */
class TlsAndGuardIT {
    private static final byte[] OK = LoopbackServer.ascii(
            "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 10\r\n\r\n<p>tls</p>");

    private static LoopbackServer tlsServer(List<String> sniSeen) throws Exception {
        return new LoopbackServer(InetAddress.getLoopbackAddress(), TestCertificates.serverSocketFactory(), (s, srv) -> {
            SSLSocket tls = (SSLSocket) s;
            tls.startHandshake();
            ((ExtendedSSLSession) tls.getSession()).getRequestedServerNames().forEach(n -> sniSeen.add(
                    new String(n.getEncoded(), StandardCharsets.US_ASCII)));
            while (srv.readRequestHead(tls.getInputStream()) != null) {
                OutputStream out = tls.getOutputStream();
                out.write(OK);
                out.flush();
            }
        });
    }

    @Test
    void selfSignedCertificateIsRefusedByDefault() throws Exception {
        try (LoopbackServer server = tlsServer(new java.util.concurrent.CopyOnWriteArrayList<>());
             NettyHttpFetcher fetcher = new NettyHttpFetcher(HostileServersIT.settings())) {
            FetchException e = failure(fetcher.fetch(server.url("https", "localhost", "/")));
            assertThat(e.reason()).isEqualTo(FailureReason.TLS);
            assertThat(server.requests()).isZero();
        }
    }

    @Test
    void trustedCertificateWorksWithSniAndHostNameVerification() throws Exception {
        List<String> sni = new java.util.concurrent.CopyOnWriteArrayList<>();
        HttpClientSettings settings = HostileServersIT.settings().toBuilder()
                .trustedCertificates(TestCertificates.certificatePem()).build();
        try (LoopbackServer server = tlsServer(sni);
             NettyHttpFetcher fetcher = new NettyHttpFetcher(settings, host -> host.equals(TestCertificates.HOST)
                     ? CompletableFuture.completedFuture(List.of(InetAddress.getLoopbackAddress()))
                     : CompletableFuture.failedFuture(new UnknownHostException(host)))) {
            HttpResult r = fetcher.fetch(server.url("https", TestCertificates.HOST, "/a")).get(5, TimeUnit.SECONDS);
            assertThat(new String(r.body(), StandardCharsets.UTF_8)).isEqualTo("<p>tls</p>");
            assertThat(sni).containsExactly(TestCertificates.HOST);
            fetcher.fetch(server.url("https", TestCertificates.HOST, "/b")).get(5, TimeUnit.SECONDS);
            assertThat(server.connections()).as("TLS connections are reused too").isEqualTo(1);

            // The certificate names localhost only: the same server reached by IP fails verification.
            FetchException mismatch = failure(fetcher.fetch(server.url("https", "127.0.0.1", "/c")));
            assertThat(mismatch.reason()).isEqualTo(FailureReason.TLS);
        }
    }

    @Test
    void trustAllAcceptsAnyCertificate() throws Exception {
        HttpClientSettings settings = HostileServersIT.settings().toBuilder().trustAllCertificates(true).build();
        try (LoopbackServer server = tlsServer(new java.util.concurrent.CopyOnWriteArrayList<>());
             NettyHttpFetcher fetcher = new NettyHttpFetcher(settings)) {
            assertThat(fetcher.fetch(server.url("https", "127.0.0.1", "/")).get(5, TimeUnit.SECONDS).status())
                    .isEqualTo(200);
        }
    }

    @Test
    void plainHttpOnAnHttpsUrlIsATlsFailure() throws Exception {
        try (LoopbackServer server = new LoopbackServer((s, srv) -> {
                s.getOutputStream().write(LoopbackServer.ascii("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n"));
                s.getInputStream().read();
            });
             NettyHttpFetcher fetcher = new NettyHttpFetcher(HostileServersIT.settings())) {
            assertThat(failure(fetcher.fetch(server.url("https", "127.0.0.1", "/"))).reason())
                    .isEqualTo(FailureReason.TLS);
        }
    }

    @Test
    void silentTlsServerHitsTheHandshakeTimeout() throws Exception {
        try (LoopbackServer server = new LoopbackServer((s, srv) -> s.getInputStream().readAllBytes());
             NettyHttpFetcher fetcher = new NettyHttpFetcher(HostileServersIT.settings())) {
            long start = System.nanoTime();
            FetchException e = failure(fetcher.fetch(server.url("https", "127.0.0.1", "/")));
            assertThat(e.reason()).isEqualTo(FailureReason.TIMEOUT);
            assertThat(HostileServersIT.elapsedMs(start)).isBetween(700L, 1400L);
        }
    }

    @Test
    void withoutAllowPrivateLoopbackSeedsAreRefusedAndTheServerSeesNothing() throws Exception {
        HttpClientSettings strict = HostileServersIT.settings().toBuilder().allowCidrs(List.of()).build();
        try (LoopbackServer server = new LoopbackServer(LoopbackServerScripts.keepAlive("<p>secret</p>"));
             NettyHttpFetcher fetcher = new NettyHttpFetcher(strict)) {
            for (String host : List.of("127.0.0.1", "localhost")) {
                FetchException e = failure(fetcher.fetch(server.url("http", host, "/")));
                assertThat(e.reason()).as(host).isEqualTo(FailureReason.BLOCKED_ADDRESS);
            }
            assertThat(server.connections()).isZero();
            assertThat(fetcher.openConnections()).isZero();
        }
    }

    @Test
    void allowPrivateOpensLoopback() throws Exception {
        HttpClientSettings open = HostileServersIT.settings().toBuilder().allowCidrs(List.of()).allowPrivate(true).build();
        try (LoopbackServer server = new LoopbackServer(LoopbackServerScripts.keepAlive("<p>local</p>"));
             NettyHttpFetcher fetcher = new NettyHttpFetcher(open)) {
            assertThat(fetcher.fetch(server.url("http", "localhost", "/")).get(5, TimeUnit.SECONDS).status())
                    .isEqualTo(200);
            assertThat(server.connections()).isEqualTo(1);
        }
    }

    @Test
    void onlyTheCheckedAddressIsDialedWhenAnAnswerMixesBlockedAndAllowedOnes() throws Exception {
        InetAddress allowedAddress = AddressGuard.literal("127.0.0.2");
        HttpClientSettings settings = HostileServersIT.settings().toBuilder()
                .allowCidrs(List.of("127.0.0.2/32")).build();
        try (LoopbackServer allowed = new LoopbackServer(allowedAddress, ServerSocketFactory.getDefault(),
                     LoopbackServerScripts.keepAlive("<p>allowed</p>"));
             LoopbackServer blocked = bindSamePort(allowed.port());
             NettyHttpFetcher fetcher = new NettyHttpFetcher(settings, host -> host.equals("mixed.test")
                     ? CompletableFuture.completedFuture(List.of(AddressGuard.literal("127.0.0.1"), allowedAddress))
                     : CompletableFuture.failedFuture(new UnknownHostException(host)))) {
            HttpResult r = fetcher.fetch("http://mixed.test:" + allowed.port() + "/").get(5, TimeUnit.SECONDS);
            assertThat(r.remoteAddress()).isEqualTo("127.0.0.2");
            assertThat(allowed.connections()).isEqualTo(1);
            assertThat(blocked.connections()).isZero();
        }
    }

    private static LoopbackServer bindSamePort(int port) throws Exception {
        ServerSocketFactory samePort = new ServerSocketFactory() {
            @Override
            public java.net.ServerSocket createServerSocket() throws java.io.IOException {
                return new java.net.ServerSocket() {
                    @Override
                    public void bind(java.net.SocketAddress endpoint, int backlog) throws java.io.IOException {
                        super.bind(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), port), backlog);
                    }
                };
            }

            @Override
            public java.net.ServerSocket createServerSocket(int p) {
                throw new UnsupportedOperationException();
            }

            @Override
            public java.net.ServerSocket createServerSocket(int p, int backlog) {
                throw new UnsupportedOperationException();
            }

            @Override
            public java.net.ServerSocket createServerSocket(int p, int backlog, InetAddress ifAddress) {
                throw new UnsupportedOperationException();
            }
        };
        return new LoopbackServer(InetAddress.getLoopbackAddress(), samePort,
                LoopbackServerScripts.keepAlive("<p>must not be reached</p>"));
    }
}
