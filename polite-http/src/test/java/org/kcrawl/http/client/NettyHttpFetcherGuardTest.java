package org.kcrawl.http.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.http.net.AddressGuard;
import org.kcrawl.http.net.HostResolver;

/**
 * The address guard at the resolver level: a stub resolver answers with private, link-local and
 * metadata addresses, and a recording dialer proves no socket is ever opened for them.
 */
class NettyHttpFetcherGuardTest {
    private final List<InetSocketAddress> dialed = new CopyOnWriteArrayList<>();
    private final Map<String, List<InetAddress>> answers = Map.of(
            "metadata.example", List.of(AddressGuard.literal("169.254.169.254")),
            "private.example", List.of(AddressGuard.literal("10.0.0.7"), AddressGuard.literal("192.168.1.1")),
            "ula.example", List.of(AddressGuard.literal("fd00:ec2::254")),
            "mapped.example", List.of(AddressGuard.literal("::ffff:127.0.0.1")),
            "empty.example", List.of());
    private final HostResolver stub = host -> {
        List<InetAddress> a = answers.get(host);
        return a == null ? CompletableFuture.failedFuture(new UnknownHostException(host))
                : CompletableFuture.completedFuture(a);
    };
    private NettyHttpFetcher fetcher;

    private NettyHttpFetcher fetcher(HttpClientSettings settings) {
        // Any dial is recorded and refused, so a guard bug cannot send a packet anywhere.
        Dialer recording = (bootstrap, remote) -> {
            dialed.add(remote);
            return refuse(bootstrap);
        };
        fetcher = new NettyHttpFetcher(settings, stub, recording);
        return fetcher;
    }

    private static HttpClientSettings settings() {
        return HttpClientSettings.defaults().toBuilder().eventLoopThreads(1).maxConnections(4)
                .maxConnectionsPerHost(2).totalDeadline(Duration.ofSeconds(5)).build();
    }

    @AfterEach
    void close() {
        if (fetcher != null) {
            fetcher.close();
        }
    }

    @Test
    void refusesEveryNonGlobalAnswerWithoutDialing() {
        NettyHttpFetcher f = fetcher(settings());
        for (String url : List.of("http://metadata.example/latest/meta-data/", "http://private.example/",
                "https://ula.example/", "http://mapped.example/", "http://127.0.0.1:8080/", "http://[::1]/",
                "http://169.254.169.254/", "http://0.0.0.0/")) {
            assertThat(failure(f.fetch(url))).as(url).satisfies(e -> {
                assertThat(e.reason()).isEqualTo(FailureReason.BLOCKED_ADDRESS);
                assertThat(e).isNotInstanceOf(FetchRejectedException.class);
            });
        }
        assertThat(dialed).isEmpty();
        assertThat(f.inFlight()).isZero();
        assertThat(f.openConnections()).isZero();
    }

    @Test
    void allowListOpensOnlyItsRange() {
        NettyHttpFetcher f = fetcher(settings().toBuilder().allowCidrs(List.of("127.0.0.0/8")).build());
        assertThat(failure(f.fetch("http://private.example/")).reason()).isEqualTo(FailureReason.BLOCKED_ADDRESS);
        assertThat(dialed).isEmpty();
        assertThat(failure(f.fetch("http://mapped.example:9/")).reason()).isEqualTo(FailureReason.CONNECT);
        assertThat(dialed).hasSize(1);
        assertThat(dialed.get(0).getAddress().getHostAddress()).isEqualTo("127.0.0.1");
        assertThat(f.openConnections()).isZero();
    }

    @Test
    void resolutionFailuresAreDnsFailures() {
        NettyHttpFetcher f = fetcher(settings());
        assertThat(failure(f.fetch("http://nowhere.example/")).reason()).isEqualTo(FailureReason.DNS);
        assertThat(failure(f.fetch("http://empty.example/")).reason()).isEqualTo(FailureReason.DNS);
        assertThat(dialed).isEmpty();
    }

    @Test
    void invalidUrlsFailWithoutStarting() {
        NettyHttpFetcher f = fetcher(settings());
        assertThat(failure(f.fetch("gopher://x.example/")).reason()).isEqualTo(FailureReason.INVALID_URL);
        assertThat(f.inFlight()).isZero();
    }

    @Test
    void fetchesBeyondTheInFlightCapsAreRejectedNotQueued() {
        CompletableFuture<List<InetAddress>> never = new CompletableFuture<>();
        fetcher = new NettyHttpFetcher(settings(), host -> never, (b, r) -> {
            dialed.add(r);
            return refuse(b);
        });
        CompletableFuture<HttpResult> a1 = fetcher.fetch("http://slow.example/1");
        CompletableFuture<HttpResult> a2 = fetcher.fetch("http://slow.example/2");
        assertThat(fetcher.inFlight("slow.example")).isEqualTo(2);
        FetchException rejected = failure(fetcher.fetch("http://slow.example/3"));
        assertThat(rejected).isInstanceOfSatisfying(FetchRejectedException.class,
                r -> assertThat(r.kind()).isEqualTo(FetchRejectedException.Kind.CAPACITY));
        fetcher.fetch("http://other.example/1");
        fetcher.fetch("http://third.example/1");
        assertThat(failure(fetcher.fetch("http://fourth.example/1"))).isInstanceOf(FetchRejectedException.class);
        assertThat(fetcher.inFlight()).isEqualTo(4);
        fetcher.close();
        assertThat(failure(a1)).isInstanceOfSatisfying(FetchRejectedException.class,
                r -> assertThat(r.kind()).isEqualTo(FetchRejectedException.Kind.CLOSED));
        assertThat(a2).isCompletedExceptionally();
        assertThat(fetcher.inFlight()).isZero();
        assertThat(failure(fetcher.fetch("http://slow.example/4"))).isInstanceOf(FetchRejectedException.class);
    }

    @Test
    void totalDeadlineCoversResolution() {
        fetcher = new NettyHttpFetcher(settings().toBuilder().totalDeadline(Duration.ofMillis(200)).build(),
                host -> new CompletableFuture<>());
        long start = System.nanoTime();
        FetchException e = failure(fetcher.fetch("http://hanging-dns.example/"));
        assertThat(e.reason()).isEqualTo(FailureReason.TIMEOUT);
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isBetween(150L, 2000L);
        assertThat(fetcher.inFlight()).isZero();
    }

    private static io.netty.channel.ChannelFuture refuse(io.netty.bootstrap.Bootstrap bootstrap) {
        io.netty.channel.Channel ch = bootstrap.register().channel();
        ch.close();
        return ch.newFailedFuture(new java.net.ConnectException("test dialer refuses"));
    }

    static FetchException failure(CompletableFuture<HttpResult> future) {
        try {
            HttpResult r = future.get(10, TimeUnit.SECONDS);
            throw new AssertionError("expected a failure but got status " + r.status());
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(FetchException.class);
            return (FetchException) e.getCause();
        } catch (InterruptedException | java.util.concurrent.TimeoutException e) {
            throw new AssertionError("fetch did not complete", e);
        }
    }
}
