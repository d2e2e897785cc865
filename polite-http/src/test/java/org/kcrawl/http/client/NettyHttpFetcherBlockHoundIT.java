package org.kcrawl.http.client;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FailureReason;
import org.slf4j.LoggerFactory;
import reactor.blockhound.BlockHound;

/**
 * Runs thousands of fetches (good pages, gzip, TLS, keep-alive, truncation, metadata-only, resets,
 * refusals, timeouts, blocked addresses, DNS via the hosts file) under BlockHound and fails on any
 * blocking call made on a Netty event loop thread. Runs in its own JVM (a separate failsafe
 * execution), since BlockHound instruments the whole JVM once installed.
 */
class NettyHttpFetcherBlockHoundIT {
    private static final List<String> VIOLATIONS = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void installBlockHound() {
        // Netty logs at DEBUG from event loops when no logging configuration is present; console
        // writes would be real (if irrelevant) blocking calls, so keep that logger quiet here.
        ((ch.qos.logback.classic.Logger) LoggerFactory.getLogger("io.netty")).setLevel(Level.INFO);
        BlockHound.install(builder -> builder.blockingMethodCallback(method -> {
            VIOLATIONS.add(method + " on " + Thread.currentThread().getName());
            throw new Error("blocking call on an event loop: " + method);
        }));
    }

    @Test
    void theDetectorIsLive() throws Exception {
        NioEventLoopGroup group = new NioEventLoopGroup(1, new DefaultThreadFactory("blockhound-probe", true));
        try {
            group.submit(() -> {
                try {
                    Thread.sleep(1);
                } catch (Error | InterruptedException expected) {
                    // Reported through the callback.
                }
            }).await(5, TimeUnit.SECONDS);
            assertThat(VIOLATIONS).anyMatch(v -> v.contains("sleep"));
        } finally {
            VIOLATIONS.removeIf(v -> v.contains("blockhound-probe"));
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void manyFetchesNeverBlockAnEventLoop() throws Exception {
        byte[] gzipped = HostileServersIT.gzip("<html>compressed</html>".repeat(200).getBytes());
        int refusedPort;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            refusedPort = probe.getLocalPort();
        }
        HttpClientSettings settings = HostileServersIT.settings().toBuilder()
                .trustedCertificates(TestCertificates.certificatePem())
                .maxConnections(64).maxConnectionsPerHost(16)
                .idleReadTimeout(Duration.ofMillis(300)).totalDeadline(Duration.ofSeconds(1)).build();
        try (LoopbackServer html = new LoopbackServer(LoopbackServerScripts.keepAlive("<html>plain</html>"));
             LoopbackServer gzip = new LoopbackServer((s, srv) -> {
                 while (srv.readRequestHead(s.getInputStream()) != null) {
                     OutputStream out = s.getOutputStream();
                     out.write(LoopbackServer.ascii("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
                             + "Content-Encoding: gzip\r\nContent-Length: " + gzipped.length + "\r\n\r\n"));
                     out.write(gzipped);
                     out.flush();
                 }
             });
             LoopbackServer tls = new LoopbackServer(InetAddress.getLoopbackAddress(),
                     TestCertificates.serverSocketFactory(), LoopbackServerScripts.keepAlive("<html>tls</html>"));
             LoopbackServer hostile = new LoopbackServer((s, srv) -> {
                 String head = srv.readRequestHead(s.getInputStream());
                 OutputStream out = s.getOutputStream();
                 if (head.startsWith("GET /reset")) {
                     out.write(LoopbackServer.ascii("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nabc"));
                     out.flush();
                     s.setSoLinger(true, 0);
                 } else if (head.startsWith("GET /big")) {
                     out.write(LoopbackServer.ascii("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
                             + "Content-Length: 10000000\r\n\r\n"));
                     out.write(new byte[1_000_000]);
                 } else if (head.startsWith("GET /image")) {
                     out.write(LoopbackServer.ascii("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n"
                             + "Content-Length: 500000\r\n\r\n"));
                     out.write(new byte[500_000]);
                 } else {
                     s.getInputStream().read();
                 }
             });
             NettyHttpFetcher fetcher = new NettyHttpFetcher(settings)) {
            List<String> urls = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                urls.add(html.url("http", "127.0.0.1", "/p" + i));
                urls.add(html.url("http", "localhost", "/l" + i));
                urls.add(gzip.url("/g" + i));
                urls.add(tls.url("https", "localhost", "/t" + i));
                if (i % 4 == 0) {
                    urls.add(hostile.url("/reset"));
                    urls.add(hostile.url("/big"));
                    urls.add(hostile.url("/image"));
                    urls.add(hostile.url("/stall"));
                    urls.add("http://127.0.0.1:" + refusedPort + "/");
                    urls.add("http://10.1.2.3/");
                    urls.add("https://127.0.0.1:" + tls.port() + "/hostname-mismatch");
                }
            }
            java.util.Collections.shuffle(urls, new java.util.Random(42));
            List<String> all = new ArrayList<>();
            for (int round = 0; round < 4; round++) {
                all.addAll(urls);
            }
            Outcome outcome = runWithConcurrency(fetcher, all, 12).get(60, TimeUnit.SECONDS);

            assertThat(VIOLATIONS).isEmpty();
            assertThat(outcome.completed.get()).isEqualTo(all.size());
            assertThat(outcome.ok.get()).isGreaterThan(all.size() / 2);
            assertThat(outcome.reasons.keySet()).contains(FailureReason.TIMEOUT, FailureReason.CONNECT,
                    FailureReason.BLOCKED_ADDRESS, FailureReason.TLS, FailureReason.PROTOCOL);
            assertThat(outcome.reasons).doesNotContainKey(FailureReason.INTERNAL);
            assertThat(fetcher.inFlight()).isZero();
        }
        assertThat(VIOLATIONS).isEmpty();
    }

    /** What a batch of fetches ended with. */
    private static final class Outcome {
        final AtomicInteger completed = new AtomicInteger();
        final AtomicInteger ok = new AtomicInteger();
        final ConcurrentHashMap<FailureReason, AtomicInteger> reasons = new ConcurrentHashMap<>();
    }

    /** Keeps {@code concurrency} fetches in flight, starting the next from each completion callback. */
    private static CompletableFuture<Outcome> runWithConcurrency(NettyHttpFetcher fetcher, List<String> urls,
                                                                 int concurrency) {
        Outcome outcome = new Outcome();
        CompletableFuture<Outcome> done = new CompletableFuture<>();
        AtomicInteger next = new AtomicInteger();
        Runnable[] launch = new Runnable[1];
        launch[0] = () -> {
            int i = next.getAndIncrement();
            if (i >= urls.size()) {
                return;
            }
            fetcher.fetch(urls.get(i)).whenComplete((r, e) -> {
                if (e == null) {
                    outcome.ok.incrementAndGet();
                } else {
                    FailureReason reason = e instanceof FetchException f ? f.reason() : FailureReason.INTERNAL;
                    outcome.reasons.computeIfAbsent(reason, k -> new AtomicInteger()).incrementAndGet();
                }
                if (outcome.completed.incrementAndGet() == urls.size()) {
                    done.complete(outcome);
                }
                launch[0].run();
            });
        };
        for (int i = 0; i < concurrency; i++) {
            launch[0].run();
        }
        return done;
    }
}
