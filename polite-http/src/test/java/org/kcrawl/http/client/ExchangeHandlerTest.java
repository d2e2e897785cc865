package org.kcrawl.http.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.ReferenceCountUtil;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.kcrawl.common.message.FailureReason;

/** The HTTP part of a connection's pipeline on an embedded channel: caps, truncation, decoding, classification. */
class ExchangeHandlerTest {
    private static final FetchTarget TARGET = target("http://example.com/page?q=1");

    private EmbeddedChannel channel;
    private ExchangeHandler exchange;
    private final RecordingListener listener = new RecordingListener();

    private void open(HttpClientSettings settings) {
        channel = new EmbeddedChannel();
        exchange = FetchChannelInitializer.addHttpHandlers(channel.pipeline(), settings, ResponseLimits.of(settings));
    }

    private static HttpClientSettings settings() {
        return HttpClientSettings.defaults().toBuilder()
                .maxBodyBytes(1000).maxDecodedBytes(100_000).maxHeaderBytes(2048).maxHeaderCount(20)
                .idleReadTimeout(Duration.ofSeconds(2)).build();
    }

    private void startExchange() {
        exchange.start(new RequestFactory("ua", java.util.Map.of()).get(TARGET), listener);
        ByteBuf written = channel.readOutbound();
        assertThat(written.toString(StandardCharsets.US_ASCII)).startsWith("GET /page?q=1 HTTP/1.1\r\n")
                .contains("host: example.com").contains("accept-encoding: gzip, deflate");
        written.release();
    }

    @AfterEach
    void tearDown() {
        if (channel != null) {
            channel.finishAndReleaseAll();
        }
    }

    @Test
    void completeHtmlResponseWithSelectedHeadersAndReusableConnection() {
        open(settings());
        startExchange();
        feed("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: 5\r\n"
                + "X-Robots-Tag: noindex\r\nX-Robots-Tag: nofollow\r\nSet-Cookie: a=b\r\nServer: t\r\n"
                + "Refresh: 0; url=/next\r\n\r\nhello");
        ResponseData r = listener.single();
        assertThat(r.status()).isEqualTo(200);
        assertThat(new String(r.body(), StandardCharsets.UTF_8)).isEqualTo("hello");
        assertThat(r.truncated()).isFalse();
        assertThat(r.contentType()).isEqualTo("text/html; charset=utf-8");
        assertThat(r.headers()).containsEntry("x-robots-tag", "noindex, nofollow")
                .containsEntry("content-length", "5").containsEntry("server", "t").doesNotContainKey("set-cookie")
                .containsEntry("refresh", "0; url=/next");
        assertThat(listener.reusable).isTrue();
        assertThat(channel.pipeline().get(ExchangeHandler.READ_TIMEOUT)).isNull();
    }

    @Test
    void theRequestIsReportedWrittenOnceItReachedTheSocket() {
        open(settings());
        startExchange();
        assertThat(listener.written).isEqualTo(1);

        feed("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 2\r\n\r\nok");

        assertThat(listener.single().status()).isEqualTo(200);
        assertThat(listener.written).as("once per request").isEqualTo(1);
    }

    @Test
    void aRequestWhoseWriteFailedIsNeverReportedWritten() {
        open(settings());
        channel.pipeline().addFirst("broken-socket", new ChannelOutboundHandlerAdapter() {
            @Override
            public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
                ReferenceCountUtil.release(msg);
                promise.setFailure(new IOException("Broken pipe"));
            }
        });

        exchange.start(new RequestFactory("ua", java.util.Map.of()).get(TARGET), listener);

        assertThat(listener.failure().reason()).isEqualTo(FailureReason.CONNECT);
        assertThat(listener.written).isZero();
    }

    @Test
    void theBodyBufferGrowsWithTheDataNotWithTheAnnouncedLength() {
        channel = new EmbeddedChannel();
        RecordingAllocator allocator = new RecordingAllocator();
        channel.config().setAllocator(allocator);
        HttpClientSettings big = settings().toBuilder().maxBodyBytes(2 * 1024 * 1024).maxDecodedBytes(4 * 1024 * 1024)
                .build();
        exchange = FetchChannelInitializer.addHttpHandlers(channel.pipeline(), big, ResponseLimits.of(big));
        startExchange();

        feed("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 2097152\r\n\r\nx");

        assertThat(allocator.largestHeapBuffer).as("one byte arrived of the 2 MiB announced")
                .isLessThanOrEqualTo(16 * 1024);
        feed("y".repeat(100_000));
        assertThat(listener.calls).as("still reading").isZero();
    }

    /** Remembers the largest heap buffer asked for. */
    private static final class RecordingAllocator extends io.netty.buffer.AbstractByteBufAllocator {
        int largestHeapBuffer;

        RecordingAllocator() {
            super(false);
        }

        @Override
        protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
            largestHeapBuffer = Math.max(largestHeapBuffer, initialCapacity);
            return Unpooled.buffer(initialCapacity, maxCapacity);
        }

        @Override
        protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
            return Unpooled.directBuffer(initialCapacity, maxCapacity);
        }

        @Override
        public boolean isDirectBufferPooled() {
            return false;
        }
    }

    @Test
    void bodyAtExactlyTheCapIsNotTruncated() {
        open(settings());
        startExchange();
        feed("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 1000\r\n\r\n" + "a".repeat(1000));
        assertThat(listener.single().truncated()).isFalse();
        assertThat(listener.single().body()).hasSize(1000);
        assertThat(listener.reusable).isTrue();
    }

    @Test
    void longIdentityBodyIsKeptTruncatedAndTheConnectionAbandoned() {
        open(settings());
        startExchange();
        feed("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 50000\r\n\r\n" + "b".repeat(3000));
        ResponseData r = listener.single();
        assertThat(r.truncated()).isTrue();
        assertThat(r.body()).hasSize(1000);
        assertThat(listener.reusable).isFalse();
        assertThat(channel.config().isAutoRead()).isFalse();
        feed("c".repeat(5000));
        assertThat(listener.calls).isEqualTo(1);
    }

    @Test
    void endlessChunkedBodyIsCutAtTheCap() {
        open(settings());
        startExchange();
        feed("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n");
        for (int i = 0; i < 100 && listener.calls == 0; i++) {
            feed("64\r\n" + "d".repeat(100) + "\r\n");
        }
        assertThat(listener.single().truncated()).isTrue();
        assertThat(listener.single().body()).hasSize(1000);
    }

    @Test
    void gzipBodyIsDecoded() throws IOException {
        open(settings());
        startExchange();
        byte[] gz = gzip("<html>" + "x".repeat(500) + "</html>");
        feedHead("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\nContent-Length: "
                + gz.length + "\r\n\r\n", gz);
        ResponseData r = listener.single();
        assertThat(new String(r.body(), StandardCharsets.UTF_8)).startsWith("<html>xxx").endsWith("</html>");
        assertThat(r.headers()).containsEntry("content-length", Integer.toString(gz.length));
        assertThat(listener.reusable).isTrue();
    }

    @Test
    void deflateBodyIsDecoded() throws IOException {
        open(settings());
        startExchange();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DeflaterOutputStream d = new DeflaterOutputStream(out)) {
            d.write("<p>deflated</p>".getBytes(StandardCharsets.UTF_8));
        }
        byte[] body = out.toByteArray();
        feedHead("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: deflate\r\nContent-Length: "
                + body.length + "\r\n\r\n", body);
        assertThat(new String(listener.single().body(), StandardCharsets.UTF_8)).isEqualTo("<p>deflated</p>");
    }

    @Test
    void compressedBodyLongerThanTheBodyCapButWithinTheDecodedCapIsTruncatedNotFailed() throws IOException {
        open(settings());
        startExchange();
        byte[] gz = gzip("y".repeat(50_000));
        feedHead("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\nContent-Length: "
                + gz.length + "\r\n\r\n", gz);
        assertThat(listener.single().truncated()).isTrue();
        assertThat(listener.single().body()).hasSize(1000);
        assertThat(listener.reusable).isTrue();
    }

    @Test
    void gzipBombFailsAsTooLargeAndTheRestIsDropped() throws IOException {
        open(settings());
        startExchange();
        byte[] bomb = gzip(new byte[20 * 1024 * 1024]);
        assertThat(bomb.length).isLessThan(100_000);
        feedHead("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\nContent-Length: "
                + bomb.length + "\r\n\r\n", Arrays.copyOf(bomb, 2048));
        feed(Arrays.copyOfRange(bomb, 2048, bomb.length));
        FetchException failure = listener.failure();
        assertThat(failure.reason()).isEqualTo(FailureReason.TOO_LARGE);
        assertThat(failure.status()).isEqualTo(200);
        assertThat(listener.calls).isEqualTo(1);
    }

    @Test
    void nonHtmlContentCompletesAtItsHeadWithAnEmptyBody() {
        open(settings());
        startExchange();
        feed("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: 100000\r\n\r\n" + "p".repeat(2000));
        ResponseData r = listener.single();
        assertThat(r.body()).isEmpty();
        assertThat(r.contentType()).isEqualTo("image/png");
        assertThat(r.headers()).containsEntry("content-length", "100000");
        assertThat(listener.reusable).isFalse();
    }

    /** Settings whose body types include PDFs and untyped binaries, as the fetcher's do. */
    private static HttpClientSettings readingPdfs() {
        HttpClientSettings s = settings();
        List<String> types = new ArrayList<>(s.fullBodyContentTypes());
        types.addAll(List.of("application/pdf", "application/octet-stream"));
        return s.toBuilder().fullBodyContentTypes(types).build();
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/pdf", "application/octet-stream"})
    void pdfsAndUntypedBinariesAreReadWhenTheirTypesAreListed(String type) {
        open(readingPdfs());
        startExchange();
        String pdf = "%PDF-1.7\n" + "x".repeat(900) + "\n%%EOF\n";
        feed("HTTP/1.1 200 OK\r\nContent-Type: " + type + "\r\nContent-Length: " + pdf.length() + "\r\n\r\n" + pdf);
        assertThat(listener.single().body()).hasSize(pdf.length());
        assertThat(listener.single().truncated()).isFalse();
    }

    @Test
    void aPdfLongerThanTheBodyCapIsKeptTruncatedAndSaysSo() {
        open(readingPdfs());
        startExchange();
        feed("HTTP/1.1 200 OK\r\nContent-Type: application/pdf\r\nContent-Length: 50000\r\n\r\n%PDF-1.7\n"
                + "x".repeat(3000));
        ResponseData r = listener.single();
        assertThat(r.truncated()).isTrue(); // the parser reads no text from it: text_error truncated
        assertThat(r.body()).hasSize(1000);
    }

    @Test
    void bodylessNonHtmlResponseKeepsTheConnection() {
        open(settings());
        startExchange();
        feed("HTTP/1.1 304 Not Modified\r\nContent-Type: application/pdf\r\nETag: \"x\"\r\n\r\n");
        assertThat(listener.single().status()).isEqualTo(304);
        assertThat(listener.single().headers()).containsEntry("etag", "\"x\"");
        assertThat(listener.reusable).isTrue();
    }

    @Test
    void missingContentTypeIsReadFully() {
        open(settings());
        startExchange();
        feed("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc");
        assertThat(listener.single().body()).hasSize(3);
        assertThat(listener.single().contentType()).isNull();
    }

    @Test
    void redirectIsAnOrdinaryResponse() {
        open(settings());
        startExchange();
        feed("HTTP/1.1 301 Moved\r\nLocation: /next\r\nContent-Length: 0\r\n\r\n");
        assertThat(listener.single().status()).isEqualTo(301);
        assertThat(listener.single().headers()).containsEntry("location", "/next");
    }

    @Test
    void tooManyHeaderFieldsIsAProtocolFailure() {
        open(settings());
        startExchange();
        StringBuilder head = new StringBuilder("HTTP/1.1 200 OK\r\n");
        for (int i = 0; i < 21; i++) {
            head.append("X-").append(i).append(": v\r\n");
        }
        feed(head + "Content-Length: 0\r\n\r\n");
        assertThat(listener.failure().reason()).isEqualTo(FailureReason.PROTOCOL);
    }

    @Test
    void oversizedHeaderBlockIsAProtocolFailure() {
        open(settings());
        startExchange();
        feed("HTTP/1.1 200 OK\r\nX-Big: " + "z".repeat(3000) + "\r\n\r\n");
        assertThat(listener.failure().reason()).isEqualTo(FailureReason.PROTOCOL);
        assertThat(listener.failure().getCause()).isInstanceOf(io.netty.handler.codec.TooLongFrameException.class);
    }

    @Test
    void garbageStatusLineIsAProtocolFailure() {
        open(settings());
        startExchange();
        feed("SSH-2.0-OpenSSH_9.6\r\n\r\n");
        assertThat(listener.failure().reason()).isEqualTo(FailureReason.PROTOCOL);
    }

    @Test
    void unrequestedEncodingOfAPageIsAProtocolFailure() {
        open(settings());
        startExchange();
        feed("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: br\r\nContent-Length: 3\r\n\r\nabc");
        assertThat(listener.failure().reason()).isEqualTo(FailureReason.PROTOCOL);
    }

    @Test
    void corruptGzipIsAProtocolFailure() {
        open(settings());
        startExchange();
        feed("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\nContent-Length: 20\r\n\r\n"
                + "this is not gzip....");
        assertThat(listener.failure().reason()).isEqualTo(FailureReason.PROTOCOL);
    }

    @Test
    void closeBeforeAnyResponseByteIsAConnectFailure() {
        open(settings());
        startExchange();
        channel.close();
        assertThat(listener.failure().reason()).isEqualTo(FailureReason.CONNECT);
        assertThat(listener.responseStarted).isFalse();
    }

    @Test
    void closeMidBodyIsAProtocolFailure() {
        open(settings());
        startExchange();
        feed("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 500\r\n\r\n" + "q".repeat(100));
        channel.close();
        assertThat(listener.failure().reason()).isEqualTo(FailureReason.PROTOCOL);
        assertThat(listener.failure().status()).isEqualTo(200);
        assertThat(listener.responseStarted).isTrue();
    }

    @Test
    void bodyDelimitedByCloseCompletesButIsNotReused() {
        open(settings());
        startExchange();
        feed("HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\nold style");
        channel.close();
        assertThat(new String(listener.single().body(), StandardCharsets.UTF_8)).isEqualTo("old style");
        assertThat(listener.reusable).isFalse();
    }

    @Test
    void interimResponsesAreSkipped() {
        open(settings());
        startExchange();
        feed("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </s.css>\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 2\r\n\r\nok");
        assertThat(listener.single().status()).isEqualTo(200);
    }

    @Test
    void connectionCloseHeaderPreventsReuse() {
        open(settings());
        startExchange();
        feed("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok");
        assertThat(listener.reusable).isFalse();
    }

    @Test
    void sequentialExchangesOnOneConnection() {
        open(settings());
        for (int i = 0; i < 3; i++) {
            listener.reset();
            startExchange();
            feed("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 1\r\n\r\n" + i);
            assertThat(new String(listener.single().body(), StandardCharsets.UTF_8)).isEqualTo(Integer.toString(i));
            assertThat(listener.reusable).isTrue();
        }
    }

    @Test
    void unsolicitedBytesOnAnIdleConnectionCloseIt() {
        open(settings());
        feed("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void silenceLongerThanTheIdleReadTimeoutIsATimeout() {
        // Netty's ReadTimeoutHandler measures silence with System.nanoTime, so a short real timeout is used.
        open(settings().toBuilder().idleReadTimeout(Duration.ofMillis(100)).build());
        startExchange();
        feed("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 10\r\n\r\nab");
        long started = System.nanoTime();
        Awaitility.await().atMost(Duration.ofSeconds(2)).pollInterval(Duration.ofMillis(10)).until(() -> {
            channel.advanceTimeBy(10, TimeUnit.MILLISECONDS);
            channel.runScheduledPendingTasks();
            return listener.calls > 0;
        });
        assertThat(System.nanoTime() - started).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(100));
        assertThat(listener.failure().reason()).isEqualTo(FailureReason.TIMEOUT);
        assertThat(channel.isOpen()).isFalse();
    }

    private void feed(String ascii) {
        channel.writeInbound(Unpooled.copiedBuffer(ascii, StandardCharsets.ISO_8859_1));
    }

    private void feed(byte[] bytes) {
        channel.writeInbound(Unpooled.wrappedBuffer(bytes));
    }

    private void feedHead(String head, byte[] body) {
        channel.writeInbound(Unpooled.wrappedBuffer(head.getBytes(StandardCharsets.ISO_8859_1), body));
    }

    private static byte[] gzip(String s) throws IOException {
        return gzip(s.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(bytes);
        }
        return out.toByteArray();
    }

    private static FetchTarget target(String url) {
        try {
            return FetchTarget.parse(url);
        } catch (FetchException e) {
            throw new AssertionError(e);
        }
    }

    /** Records what one exchange reported. */
    private static final class RecordingListener implements ExchangeListener {
        int written;
        int calls;
        ResponseData response;
        FetchException failure;
        boolean reusable;
        boolean responseStarted;

        @Override
        public void onWritten() {
            assertThat(calls).as("the write is reported before the outcome").isZero();
            written++;
        }

        @Override
        public void onResponse(ResponseData r, boolean reusable) {
            calls++;
            this.response = r;
            this.reusable = reusable;
        }

        @Override
        public void onFailure(FetchException f, boolean responseStarted) {
            calls++;
            this.failure = f;
            this.responseStarted = responseStarted;
        }

        ResponseData single() {
            assertThat(calls).as("outcomes reported").isEqualTo(1);
            assertThat(failure).as("failure").isNull();
            return response;
        }

        FetchException failure() {
            assertThat(calls).as("outcomes reported").isEqualTo(1);
            assertThat(failure).as("failure").isNotNull();
            return failure;
        }

        void reset() {
            written = 0;
            calls = 0;
            response = null;
            failure = null;
        }
    }
}
