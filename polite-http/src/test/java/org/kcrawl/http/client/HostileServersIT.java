package org.kcrawl.http.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.http.client.LoopbackServer.ascii;
import static org.kcrawl.http.client.NettyHttpFetcherGuardTest.failure;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import javax.net.ServerSocketFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FailureReason;

/**
 * The fetcher against misbehaving servers on loopback: each case ends within its configured bound
 * with the expected failure or truncated page.
 */
class HostileServersIT {
    static final Duration IDLE = Duration.ofMillis(600);
    static final Duration DEADLINE = Duration.ofMillis(1500);

    private NettyHttpFetcher fetcher;
    private LoopbackServer server;

    static HttpClientSettings settings() {
        return HttpClientSettings.defaults().toBuilder()
                .allowCidrs(List.of("127.0.0.0/8"))
                .eventLoopThreads(2)
                .connectTimeout(Duration.ofSeconds(1))
                .tlsHandshakeTimeout(Duration.ofMillis(800))
                .idleReadTimeout(IDLE)
                .totalDeadline(DEADLINE)
                .maxBodyBytes(64 * 1024)
                .maxDecodedBytes(256 * 1024)
                .maxHeaderBytes(8 * 1024)
                .maxHeaderCount(50)
                .build();
    }

    private NettyHttpFetcher fetcher() {
        return fetcher(settings());
    }

    private NettyHttpFetcher fetcher(HttpClientSettings settings) {
        fetcher = new NettyHttpFetcher(settings);
        return fetcher;
    }

    private LoopbackServer serve(LoopbackServer.Script script) throws IOException {
        server = new LoopbackServer(script);
        return server;
    }

    @AfterEach
    void tearDown() throws IOException {
        if (fetcher != null) {
            fetcher.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void slowDripIsCutAtTheTotalDeadline() throws Exception {
        serve((s, srv) -> {
            srv.readRequestHead(s.getInputStream());
            OutputStream out = s.getOutputStream();
            out.write(ascii("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 100000\r\n\r\n"));
            for (int i = 0; i < 1000; i++) {
                out.write('x');
                out.flush();
                TimeUnit.MILLISECONDS.sleep(100);
            }
        });
        long start = System.nanoTime();
        FetchException e = failure(fetcher().fetch(server.url("/drip")));
        long ms = elapsedMs(start);
        assertThat(e.reason()).isEqualTo(FailureReason.TIMEOUT);
        assertThat(e.getMessage()).contains("total deadline");
        assertThat(ms).isBetween(DEADLINE.toMillis() - 50, DEADLINE.toMillis() + 1000);
        assertThat(fetcher.inFlight()).isZero();
    }

    @Test
    void stalledHeadersHitTheIdleReadTimeout() throws Exception {
        serve((s, srv) -> {
            srv.readRequestHead(s.getInputStream());
            s.getOutputStream().write(ascii("HTTP/1.1 200 OK\r\nContent-Ty"));
            s.getOutputStream().flush();
            s.getInputStream().read();
        });
        long start = System.nanoTime();
        FetchException e = failure(fetcher().fetch(server.url("/stall")));
        long ms = elapsedMs(start);
        assertThat(e.reason()).isEqualTo(FailureReason.TIMEOUT);
        assertThat(ms).isBetween(IDLE.toMillis() - 50, DEADLINE.toMillis());
    }

    @Test
    void gzipBombEndsAsTooLarge() throws Exception {
        byte[] bomb = gzip(new byte[64 * 1024 * 1024]);
        serve((s, srv) -> {
            srv.readRequestHead(s.getInputStream());
            OutputStream out = s.getOutputStream();
            out.write(ascii("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n"
                    + "Content-Length: " + bomb.length + "\r\n\r\n"));
            out.write(bomb);
            out.flush();
            s.getInputStream().read();
        });
        long start = System.nanoTime();
        FetchException e = failure(fetcher().fetch(server.url("/bomb")));
        assertThat(e.reason()).isEqualTo(FailureReason.TOO_LARGE);
        assertThat(e.status()).isEqualTo(200);
        assertThat(elapsedMs(start)).isLessThan(DEADLINE.toMillis());
    }

    @Test
    void endlessChunkedBodyIsKeptTruncated() throws Exception {
        serve((s, srv) -> {
            srv.readRequestHead(s.getInputStream());
            OutputStream out = s.getOutputStream();
            out.write(ascii("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n"));
            byte[] chunk = ascii("400\r\n" + "c".repeat(1024) + "\r\n");
            while (true) {
                out.write(chunk);
            }
        });
        long start = System.nanoTime();
        HttpResult r = fetcher().fetch(server.url("/endless")).get(5, TimeUnit.SECONDS);
        assertThat(r.truncated()).isTrue();
        assertThat(r.body()).hasSize(64 * 1024);
        assertThat(elapsedMs(start)).isLessThan(DEADLINE.toMillis());
        assertThat(fetcher.openConnections()).isZero();
    }

    @Test
    void fiftyMegabyteBodyIsKeptTruncatedWithoutReadingItAll() throws Exception {
        long[] written = new long[1];
        serve((s, srv) -> {
            srv.readRequestHead(s.getInputStream());
            OutputStream out = s.getOutputStream();
            out.write(ascii("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 52428800\r\n\r\n"));
            byte[] block = new byte[64 * 1024];
            Arrays.fill(block, (byte) 'f');
            for (int i = 0; i < 800; i++) {
                out.write(block);
                written[0] += block.length;
            }
        });
        long start = System.nanoTime();
        HttpResult r = fetcher().fetch(server.url("/big")).get(5, TimeUnit.SECONDS);
        assertThat(r.truncated()).isTrue();
        assertThat(r.body()).hasSize(64 * 1024);
        assertThat(r.header("content-length")).isEqualTo("52428800");
        assertThat(elapsedMs(start)).isLessThan(DEADLINE.toMillis());
        assertThat(written[0]).isLessThan(50L * 1024 * 1024);
    }

    @Test
    void enormousHeadersAreAProtocolFailure() throws Exception {
        serve((s, srv) -> {
            srv.readRequestHead(s.getInputStream());
            OutputStream out = s.getOutputStream();
            out.write(ascii("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"));
            for (int i = 0; i < 100_000; i++) {
                out.write(ascii("X-Filler-" + i + ": " + "h".repeat(100) + "\r\n"));
            }
        });
        long start = System.nanoTime();
        FetchException e = failure(fetcher().fetch(server.url("/headers")));
        assertThat(e.reason()).isEqualTo(FailureReason.PROTOCOL);
        assertThat(elapsedMs(start)).isLessThan(DEADLINE.toMillis());
    }

    @Test
    void tooManyHeaderFieldsIsAProtocolFailure() throws Exception {
        serve((s, srv) -> {
            srv.readRequestHead(s.getInputStream());
            StringBuilder head = new StringBuilder("HTTP/1.1 200 OK\r\n");
            for (int i = 0; i < 60; i++) {
                head.append("a").append(i).append(": b\r\n");
            }
            s.getOutputStream().write(ascii(head + "Content-Length: 0\r\n\r\n"));
            s.getInputStream().read();
        });
        assertThat(failure(fetcher().fetch(server.url("/many"))).reason()).isEqualTo(FailureReason.PROTOCOL);
    }

    @Test
    void resetMidBodyIsAProtocolFailure() throws Exception {
        serve((s, srv) -> {
            srv.readRequestHead(s.getInputStream());
            OutputStream out = s.getOutputStream();
            out.write(ascii("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 10000\r\n\r\n"
                    + "r".repeat(500)));
            out.flush();
            TimeUnit.MILLISECONDS.sleep(50);
            s.setSoLinger(true, 0);
            s.close();
        });
        FetchException e = failure(fetcher().fetch(server.url("/reset")));
        assertThat(e.reason()).isEqualTo(FailureReason.PROTOCOL);
        assertThat(e.status()).isEqualTo(200);
    }

    @Test
    void resetBeforeAnyResponseIsAConnectFailure() throws Exception {
        serve((s, srv) -> {
            srv.readRequestHead(s.getInputStream());
            s.setSoLinger(true, 0);
            s.close();
        });
        FetchException e = failure(fetcher().fetch(server.url("/rst")));
        assertThat(e.reason()).isEqualTo(FailureReason.CONNECT);
        assertThat(e.status()).isNull();
    }

    @Test
    void refusedConnectionIsAConnectFailure() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        FetchException e = failure(fetcher().fetch("http://127.0.0.1:" + port + "/"));
        assertThat(e.reason()).isEqualTo(FailureReason.CONNECT);
    }

    @Test
    void nonHtmlContentIsRecordedWithMetadataOnly() throws Exception {
        serve((s, srv) -> {
            InputStream in = s.getInputStream();
            while (srv.readRequestHead(in) != null) {
                OutputStream out = s.getOutputStream();
                out.write(ascii("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n"
                        + "Content-Length: 10485760\r\n\r\n"));
                byte[] block = new byte[64 * 1024];
                for (int i = 0; i < 160; i++) {
                    out.write(block);
                }
            }
        });
        long start = System.nanoTime();
        HttpResult r = fetcher().fetch(server.url("/file.bin")).get(5, TimeUnit.SECONDS);
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.body()).isEmpty();
        assertThat(r.contentType()).isEqualTo("application/octet-stream");
        assertThat(r.header("content-length")).isEqualTo("10485760");
        assertThat(elapsedMs(start)).isLessThan(DEADLINE.toMillis());
        fetcher.fetch(server.url("/file2.bin")).get(5, TimeUnit.SECONDS);
        assertThat(server.connections()).as("metadata-only connections are closed, not drained").isEqualTo(2);
    }

    @Test
    void keepAliveReusesOneConnectionForSequentialRequests() throws Exception {
        serve(LoopbackServerScripts.keepAlive("<html>ok</html>"));
        NettyHttpFetcher f = fetcher();
        for (int i = 0; i < 5; i++) {
            HttpResult r = f.fetch(server.url("/page" + i)).get(5, TimeUnit.SECONDS);
            assertThat(new String(r.body())).isEqualTo("<html>ok</html>");
            assertThat(r.remoteAddress()).isEqualTo("127.0.0.1");
        }
        assertThat(server.requests()).isEqualTo(5);
        assertThat(server.connections()).isEqualTo(1);
        assertThat(f.idleConnections()).isEqualTo(1);
        assertThat(f.inFlight()).isZero();
    }

    @Test
    void moreHostsThanTheInFlightCapKeepTheirConnectionsForReuse() throws Exception {
        // Six hosts taken in turn, one fetch at a time, under an in-flight cap of four: the pool must
        // keep each host's idle connection rather than evict it to connect to the next host.
        List<LoopbackServer> hosts = new ArrayList<>();
        try {
            for (int i = 0; i < 6; i++) {
                hosts.add(new LoopbackServer(InetAddress.getByName("127.0.0." + (21 + i)), ServerSocketFactory.getDefault(),
                        LoopbackServerScripts.keepAlive("<html>ok</html>")));
            }
            NettyHttpFetcher f = fetcher(settings().toBuilder().maxConnections(4).maxConnectionsPerHost(2).build());
            for (int round = 0; round < 5; round++) {
                for (int i = 0; i < hosts.size(); i++) {
                    f.fetch(hosts.get(i).url("http", "127.0.0." + (21 + i), "/p" + round)).get(5, TimeUnit.SECONDS);
                }
            }
            assertThat(hosts).extracting(LoopbackServer::requests).containsOnly(5);
            assertThat(hosts).as("connections each host accepted").extracting(LoopbackServer::connections).containsOnly(1);
            assertThat(f.idleConnections()).isEqualTo(6);
        } finally {
            for (LoopbackServer h : hosts) {
                h.close();
            }
        }
    }

    @Test
    void aKeepAliveConnectionClosedByTheServerIsRetriedOnAFreshOne() throws Exception {
        serve((s, srv) -> {
            InputStream in = s.getInputStream();
            boolean first = srv.connections() == 1;
            srv.readRequestHead(in);
            s.getOutputStream().write(ascii("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 2\r\n\r\nok"));
            s.getOutputStream().flush();
            if (first) {
                // Closes as the next request arrives: the race every keep-alive client must survive.
                srv.readRequestHead(in);
                return;
            }
            while (srv.readRequestHead(in) != null) {
                s.getOutputStream().write(ascii("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"));
            }
        });
        NettyHttpFetcher f = fetcher();
        f.fetch(server.url("/1")).get(5, TimeUnit.SECONDS);
        HttpResult second = f.fetch(server.url("/2")).get(5, TimeUnit.SECONDS);
        assertThat(second.status()).isEqualTo(200);
        assertThat(server.connections()).isEqualTo(2);
    }

    @Test
    void aStalledHostDoesNotHoldUpOthers() throws Exception {
        serve((s, srv) -> {
            srv.readRequestHead(s.getInputStream());
            s.getInputStream().read();
        });
        try (LoopbackServer good = new LoopbackServer(java.net.InetAddress.getByAddress(new byte[] {127, 0, 0, 2}),
                javax.net.ServerSocketFactory.getDefault(), LoopbackServerScripts.keepAlive("<p>fine</p>"))) {
            NettyHttpFetcher f = fetcher();
            CompletableFuture<HttpResult> stalled = f.fetch(server.url("/stalled"));
            long start = System.nanoTime();
            for (int i = 0; i < 20; i++) {
                assertThat(f.fetch(good.url("http", "127.0.0.2", "/" + i)).get(2, TimeUnit.SECONDS).status())
                        .isEqualTo(200);
            }
            assertThat(elapsedMs(start)).isLessThan(IDLE.toMillis());
            assertThat(failure(stalled).reason()).isEqualTo(FailureReason.TIMEOUT);
        }
    }

    static long elapsedMs(long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    static byte[] gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(bytes);
        }
        return out.toByteArray();
    }

    @SuppressWarnings("unused")
    private static void drain(Socket s) throws IOException {
        s.getInputStream().readAllBytes();
    }
}
