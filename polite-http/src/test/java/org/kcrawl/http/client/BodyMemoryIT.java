package org.kcrawl.http.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.kcrawl.http.net.HostResolver;

/**
 * Many large bodies on the wire at once through the real client: they take turns within the fetcher's
 * page memory instead of all growing at once (concurrency x max_body_bytes), none is lost or cut, and a
 * body that waits past its deadline is refused for memory, not failed as the server's timeout.
 */
class BodyMemoryIT {
    private static final int MIB = 1024 * 1024;
    private static final int IN_FLIGHT = 48;

    @Test
    void manyLargeBodiesAtOnceStayWithinThePageMemoryAndAllArriveWhole() throws Exception {
        byte[] body = new byte[MIB];
        Arrays.fill(body, (byte) 'p');
        PageMemory memory = new PageMemory(MIB, 4L * MIB, MIB);
        AtomicLong peak = new AtomicLong();
        AtomicBoolean sampling = new AtomicBoolean(true);
        Thread sampler = new Thread(() -> {
            while (sampling.get()) {
                peak.accumulateAndGet(memory.receiving(), Math::max);
                java.util.concurrent.locks.LockSupport.parkNanos(50_000);
            }
        }, "memory-sampler");
        try (LoopbackServer server = new LoopbackServer(serving(body));
             NettyHttpFetcher fetcher = new NettyHttpFetcher(settings(Duration.ofSeconds(60)), loopback(), memory)) {
            sampler.start();
            List<CompletableFuture<HttpResult>> results = new ArrayList<>();
            for (int i = 0; i < IN_FLIGHT; i++) {
                results.add(fetcher.fetch(server.url("http", "127.0.0.1", "/big/" + i)));
            }
            for (CompletableFuture<HttpResult> r : results) {
                HttpResult result = r.get(60, TimeUnit.SECONDS);
                assertThat(result.body()).as(result.url()).isEqualTo(body);
                assertThat(result.truncated()).isFalse();
            }
        } finally {
            sampling.set(false);
            sampler.join();
        }
        long bound = memory.limit() + (long) IN_FLIGHT * BodyMemory.MAX_OVERDRAFT;
        assertThat(peak.get()).as("peak bytes of the bodies on the wire (%d x 1 MiB asked for at once)", IN_FLIGHT)
                .isLessThanOrEqualTo(bound)
                .as("the bodies took turns: the memory was spent").isGreaterThan(memory.limit() - MIB);
        assertThat(memory.receiving()).as("all given back").isZero();
    }

    @Test
    void aBodyStillWaitingForMemoryAtItsDeadlineIsRefusedForMemoryNotATimeout() throws Exception {
        byte[] body = new byte[200_000];
        PageMemory memory = new PageMemory(MIB, MIB, 256 * 1024);
        BodyMemory.Claim everything = memory.claim();
        assertThat(everything.reserve(2L * MIB, () -> { })).as("all the memory, reserve included").isTrue();
        try (LoopbackServer server = new LoopbackServer(serving(body));
             NettyHttpFetcher fetcher = new NettyHttpFetcher(settings(Duration.ofSeconds(1)), loopback(), memory)) {
            CompletableFuture<HttpResult> result = fetcher.fetch(server.url("http", "127.0.0.1", "/waits"));
            ExecutionException failure = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                    () -> result.get(10, TimeUnit.SECONDS));
            assertThat(failure.getCause()).isInstanceOf(FetchRejectedException.class)
                    .hasMessageContaining("waiting for memory");
            assertThat(((FetchRejectedException) failure.getCause()).kind())
                    .isEqualTo(FetchRejectedException.Kind.MEMORY);
        }
        everything.close();
        assertThat(memory.receiving()).isZero();
    }

    private static HttpClientSettings settings(Duration deadline) {
        return HttpClientSettings.defaults().toBuilder()
                .allowPrivate(true)
                .maxConnections(IN_FLIGHT).maxConnectionsPerHost(IN_FLIGHT)
                .maxBodyBytes(MIB).maxDecodedBytes(4L * MIB)
                .totalDeadline(deadline)
                .build();
    }

    private static HostResolver loopback() {
        return host -> CompletableFuture.failedFuture(new java.net.UnknownHostException(host));
    }

    /** Answers every request on a connection with {@code body} as HTML, keeping it alive. */
    private static LoopbackServer.Script serving(byte[] body) {
        byte[] head = LoopbackServer.ascii("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: "
                + body.length + "\r\n\r\n");
        return (socket, server) -> {
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            while (server.readRequestHead(in) != null) {
                out.write(head);
                out.write(body);
                out.flush();
            }
        };
    }
}
