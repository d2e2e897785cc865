package org.kcrawl.embedded.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Drives the handler through a real server codec, with a client codec on the other end and frozen time. */
class SyntheticWebHandlerTest {
    private static final String HOST = "127.0.0.11";
    private static final long MS = 1_000_000L;

    private final AtomicLong clock = new AtomicLong(1_000_000_000L);
    private final RequestLog log = new RequestLog(10_000);
    private final EmbeddedChannel client = new EmbeddedChannel(new HttpClientCodec(), new HttpObjectAggregator(1 << 20));
    private EmbeddedChannel server;

    private record Reply(int status, HttpHeaders headers, String body) {}

    private void serve(long latencyNanos, double errorRate, List<RobotsFile> robots) {
        UrlLayout layout = new UrlLayout(2, 20, 10, 8080);
        LinkPlanner planner = new LinkPlanner(1, 2, 20, 5, 1, 0.2);
        SiteResponder responder = new SiteResponder(layout, new PageRenderer(layout, planner, 2048, 1),
                new TransientFaults(1, errorRate, layout), robots);
        server = new EmbeddedChannel(new HttpServerCodec(),
                new SyntheticWebHandler(1, HOST, latencyNanos, responder, log, clock::get));
        server.freezeTime();
    }

    private void serve(long latencyNanos) {
        serve(latencyNanos, 0, List.of(RobotsFile.of(null, null), RobotsFile.of(null, null)));
    }

    @AfterEach
    void closeChannels() {
        client.finishAndReleaseAll();
        if (server != null) {
            server.finishAndReleaseAll();
        }
    }

    private void send(HttpMethod method, String uri, boolean keepAlive) {
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, uri);
        request.headers().set(HttpHeaderNames.HOST, HOST);
        if (!keepAlive) {
            request.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        client.writeOutbound(request);
        for (ByteBuf bytes; (bytes = client.readOutbound()) != null; ) {
            server.writeInbound(bytes);
        }
    }

    private void send(String uri) {
        send(HttpMethod.GET, uri, true);
    }

    private void advance(long nanos) {
        clock.addAndGet(nanos);
        server.advanceTimeBy(nanos, TimeUnit.NANOSECONDS);
        server.runPendingTasks();
        server.runScheduledPendingTasks();
    }

    /** The next complete response, or null when the server has not answered yet. */
    private Reply receive() {
        for (ByteBuf bytes; (bytes = server.readOutbound()) != null; ) {
            client.writeInbound(bytes);
        }
        FullHttpResponse response = client.readInbound();
        if (response == null) {
            return null;
        }
        try {
            return new Reply(response.status().code(), response.headers().copy(),
                    response.content().toString(StandardCharsets.UTF_8));
        } finally {
            response.release();
        }
    }

    @Test
    void servesPagesWithLengthTypeAndTitle() {
        serve(0);
        send("/p/3");
        Reply reply = receive();
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.headers().get(HttpHeaderNames.CONTENT_TYPE)).isEqualTo("text/html; charset=utf-8");
        assertThat(reply.headers().getInt(HttpHeaderNames.CONTENT_LENGTH))
                .isEqualTo(reply.body().getBytes(StandardCharsets.UTF_8).length);
        assertThat(reply.body()).contains("<title>Page 1-3</title>", "canonical\" href=\"http://127.0.0.11:8080/p/3\"");
        assertThat(server.isOpen()).isTrue();
        assertThat(log.of(HOST)).singleElement().satisfies(e -> {
            assertThat(e.path()).isEqualTo("/p/3");
            assertThat(e.status()).isEqualTo(200);
            assertThat(e.method()).isEqualTo("GET");
        });
    }

    @Test
    void keepAliveConnectionServesManyRequests() {
        serve(0);
        for (int p = 1; p < 6; p++) {
            send("/p/" + p);
            assertThat(receive().body()).contains("<title>Page 1-" + p + "</title>");
        }
        assertThat(server.isOpen()).isTrue();
        assertThat(log.countByPath(HOST)).hasSize(5);
    }

    @Test
    void answersAfterTheLatencyAndRecordsTheInterval() {
        serve(50 * MS);
        send("/");
        assertThat(receive()).isNull();
        advance(49 * MS);
        assertThat(receive()).isNull();
        assertThat(log.all()).isEmpty();
        advance(MS);
        assertThat(receive().status()).isEqualTo(200);
        assertThat(log.of(HOST)).singleElement().extracting(RequestEvent::durationNanos).isEqualTo(50 * MS);
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrder() {
        serve(20 * MS);
        send("/p/1");
        advance(5 * MS);
        send("/p/2");
        send("/p/3");
        advance(20 * MS);
        List<String> titles = new ArrayList<>();
        for (Reply r; (r = receive()) != null; ) {
            titles.add(r.body().replaceAll("(?s).*<title>(.*?)</title>.*", "$1"));
        }
        assertThat(titles).containsExactly("Page 1-1", "Page 1-2", "Page 1-3");
        assertThat(log.maxConcurrency(HOST)).isEqualTo(3);
        assertThat(log.minIntervalNanos(HOST)).isZero();
    }

    @Test
    void headGetsTheGetHeadersWithoutBody() {
        serve(0);
        send("/p/4");
        int getLength = receive().headers().getInt(HttpHeaderNames.CONTENT_LENGTH);
        send(HttpMethod.HEAD, "/p/4", true);
        Reply head = receive();
        assertThat(head.status()).isEqualTo(200);
        assertThat(head.headers().getInt(HttpHeaderNames.CONTENT_LENGTH)).isEqualTo(getLength);
        assertThat(head.body()).isEmpty();
        send("/p/5");
        assertThat(receive().body()).contains("<title>Page 1-5</title>");
        assertThat(log.of(HOST)).extracting(RequestEvent::method).containsExactly("GET", "HEAD", "GET");
    }

    @Test
    void unknownPathsAndMethodsAreRejected() {
        serve(0);
        for (String path : List.of("/p/0", "/p/20", "/p/01", "/nope", "/p/3?utm=x")) {
            send(path);
            assertThat(receive().status()).as(path).isEqualTo(404);
        }
        send(HttpMethod.POST, "/p/1", true);
        Reply post = receive();
        assertThat(post.status()).isEqualTo(405);
        assertThat(post.headers().get(HttpHeaderNames.ALLOW)).isEqualTo("GET, HEAD");
        assertThat(server.isOpen()).isTrue();
    }

    @Test
    void robotsTxtFollowsTheConfiguredFileAndStatus() {
        serve(0, 0, List.of(RobotsFile.of(null, null), RobotsFile.of("User-agent: *\nDisallow: /p/\n", null)));
        send("/robots.txt");
        Reply robots = receive();
        assertThat(robots.status()).isEqualTo(200);
        assertThat(robots.headers().get(HttpHeaderNames.CONTENT_TYPE)).isEqualTo("text/plain; charset=utf-8");
        assertThat(robots.body()).isEqualTo("User-agent: *\nDisallow: /p/\n");

        serve(0, 0, List.of(RobotsFile.of(null, null), RobotsFile.of(null, 503)));
        send("/robots.txt");
        assertThat(receive().status()).isEqualTo(503);

        serve(0);
        send("/robots.txt");
        assertThat(receive().status()).isEqualTo(404);
    }

    @Test
    void flakyPagesFailOnceWithRetryAfterThenSucceed() {
        serve(0, 1.0, List.of(RobotsFile.of(null, null), RobotsFile.of(null, null)));
        send("/p/2");
        Reply first = receive();
        assertThat(first.status()).isIn(503, 429);
        assertThat(first.headers().get(HttpHeaderNames.RETRY_AFTER)).isEqualTo("1");
        send("/p/2");
        assertThat(receive().status()).isEqualTo(200);
        send("/p/2");
        assertThat(receive().status()).isEqualTo(200);
        assertThat(log.of(HOST)).extracting(RequestEvent::status).containsExactly(first.status(), 200, 200);
    }

    @Test
    void connectionCloseIsHonoured() {
        serve(0);
        send(HttpMethod.GET, "/p/1", false);
        Reply reply = receive();
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.headers().get(HttpHeaderNames.CONNECTION)).isEqualToIgnoringCase("close");
        server.runPendingTasks();
        assertThat(server.isOpen()).isFalse();
    }

    @Test
    void requestsPipelinedBehindACloseAreLoggedUnanswered() {
        serve(10 * MS);
        send(HttpMethod.GET, "/p/1", false);
        send("/p/2");
        advance(10 * MS);
        assertThat(receive().status()).isEqualTo(200);
        assertThat(receive()).isNull();
        assertThat(server.isOpen()).isFalse();
        assertThat(log.of(HOST)).extracting(RequestEvent::path, RequestEvent::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple("/p/1", 200),
                org.assertj.core.groups.Tuple.tuple("/p/2", RequestEvent.NO_RESPONSE));
    }

    @Test
    void requestsArrivingAfterACloseDecisionAreLoggedUnanswered() {
        serve(0);
        server.writeInbound(Unpooled.copiedBuffer("GET /p/1 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"
                + "GET /p/2 HTTP/1.1\r\nHost: a\r\n\r\n", StandardCharsets.US_ASCII));
        server.runPendingTasks();
        assertThat(receive().status()).isEqualTo(200);
        assertThat(server.isOpen()).isFalse();
        assertThat(log.of(HOST)).extracting(RequestEvent::status).containsExactly(200, RequestEvent.NO_RESPONSE);
    }

    @Test
    void requestsCutOffByTheClientAreRecordedWithoutStatus() {
        serve(100 * MS);
        send("/p/1");
        send("/p/2");
        clock.addAndGet(30 * MS);
        server.close();
        assertThat(log.of(HOST)).hasSize(2).allSatisfy(e -> {
            assertThat(e.status()).isEqualTo(RequestEvent.NO_RESPONSE);
            assertThat(e.durationNanos()).isEqualTo(30 * MS);
        });
        advance(100 * MS);
        Object written = server.readOutbound();
        assertThat(written).isNull();
        assertThat(log.size()).isEqualTo(2);
    }

    @Test
    void malformedRequestGets400AndTheConnectionCloses() {
        serve(0);
        server.writeInbound(Unpooled.copiedBuffer("this is not http\r\n\r\n", StandardCharsets.US_ASCII));
        StringBuilder out = new StringBuilder();
        for (ByteBuf bytes; (bytes = server.readOutbound()) != null; ) {
            out.append(bytes.toString(StandardCharsets.US_ASCII));
            bytes.release();
        }
        assertThat(out.toString()).startsWith("HTTP/1.1 400");
        server.runPendingTasks();
        assertThat(server.isOpen()).isFalse();
        assertThat(log.all()).singleElement().extracting(RequestEvent::status).isEqualTo(400);
    }

    @Test
    void deepPipelinesPauseReadingUntilDrained() {
        serve(10 * MS);
        for (int p = 1; p <= SyntheticWebHandler.MAX_QUEUED; p++) {
            send("/p/" + (p % 20));
        }
        assertThat(server.config().isAutoRead()).isFalse();
        advance(10 * MS);
        assertThat(server.config().isAutoRead()).isTrue();
        int replies = 0;
        while (receive() != null) {
            replies++;
        }
        assertThat(replies).isEqualTo(SyntheticWebHandler.MAX_QUEUED);
    }
}
