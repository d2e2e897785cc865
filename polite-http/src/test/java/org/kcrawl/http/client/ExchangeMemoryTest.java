package org.kcrawl.http.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A connection's body grows only with memory granted by the fetcher's {@link PageMemory}: a body that
 * cannot grow stops its connection reading until it may, keeps what was already arriving, holds the rest
 * undecoded, and goes on once memory is granted; its bytes count until the response has been handed on.
 */
class ExchangeMemoryTest {
    private static final int KIB = 1024;
    private static final FetchTarget TARGET = target("http://example.com/big");

    /** 64 KiB of unacknowledged pages, 256 KiB more for bodies, bodies of at most 256 KiB. */
    private final PageMemory memory = new PageMemory(64 * KIB, 256 * KIB, 256 * KIB);
    private final BodyMemory.Claim hog = memory.claim();
    private final BodyMemory.Claim reserveHolder = memory.claim();
    private EmbeddedChannel channel;
    private ExchangeHandler exchange;
    private Listener listener;

    @BeforeEach
    void start() {
        HttpClientSettings settings = HttpClientSettings.defaults().toBuilder().maxBodyBytes(256 * KIB)
                .maxDecodedBytes(8L * 1024 * 1024).idleReadTimeout(Duration.ofSeconds(30)).build();
        channel = new EmbeddedChannel();
        exchange = FetchChannelInitializer.addHttpHandlers(channel.pipeline(), settings, ResponseLimits.of(settings),
                memory);
        listener = new Listener();
        exchange.start(new RequestFactory("ua", Map.of()).get(TARGET), listener);
        ((io.netty.buffer.ByteBuf) channel.readOutbound()).release();
        // The budget less the reserve is spent, and the reserve is taken by another body.
        assertThat(hog.reserve(64 * KIB, () -> { })).isTrue();
        assertThat(reserveHolder.reserve(256 * KIB, () -> { })).isTrue();
    }

    @AfterEach
    void stop() {
        channel.finishAndReleaseAll();
    }

    @Test
    void aBodyThatCannotGrowStopsReadingAndGoesOnWhenMemoryIsGranted() {
        feed("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 40000\r\n\r\n" + "a".repeat(8000));

        assertThat(exchange.waitingForMemory()).isTrue();
        assertThat(channel.config().isAutoRead()).as("the connection stops reading").isFalse();
        assertThat(channel.pipeline().get(ExchangeHandler.READ_TIMEOUT))
                .as("its silence is the fetcher's, not the server's: no idle-read timeout").isNull();
        assertThat(memory.receiving()).as("what had arrived is kept and counted")
                .isEqualTo(320L * KIB + 8000);

        feed("a".repeat(16000));
        assertThat(memory.receiving()).as("what arrives after it waits in the valve").isEqualTo(320L * KIB + 8000);
        assertThat(listener.calls).isZero();

        reserveHolder.close();
        channel.runPendingTasks();
        assertThat(exchange.waitingForMemory()).isFalse();
        assertThat(channel.config().isAutoRead()).isTrue();
        assertThat(channel.pipeline().get(ExchangeHandler.READ_TIMEOUT)).isNotNull();

        feed("a".repeat(16000));
        assertThat(listener.calls).isEqualTo(1);
        assertThat(listener.response.body()).hasSize(40000).containsOnly('a');
        assertThat(listener.reusable).as("a body that waited leaves its connection reusable").isTrue();
        assertThat(listener.receivingWhenHandedOn).as("the body counted until its response was handed on")
                .isGreaterThanOrEqualTo(64L * KIB + 40000);
        assertThat(memory.receiving()).as("then given back").isEqualTo(64L * KIB);
        assertThat(channel.config().isAutoRead()).isTrue();
    }

    @Test
    void aCompressedPieceThatInflatesFarWhileTheBodyWaitsIsRefusedForMemoryNotFailedAsTheUrls() throws IOException {
        byte[] gz = gzip(new byte[200_000]);
        channel.writeInbound(Unpooled.wrappedBuffer(("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
                + "Content-Encoding: gzip\r\nContent-Length: " + gz.length + "\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1), gz));

        assertThat(listener.calls).isEqualTo(1);
        assertThat(listener.failure).isInstanceOf(FetchRejectedException.class);
        assertThat(((FetchRejectedException) listener.failure).kind()).isEqualTo(FetchRejectedException.Kind.MEMORY);
        assertThat(memory.receiving()).as("its bytes are given back").isEqualTo(320L * KIB);
        assertThat(channel.config().isAutoRead()).as("the connection is abandoned").isFalse();
    }

    @Test
    void aBodyWhoseEndArrivedWhileItWaitedCompletesOnceGranted() {
        feed("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 10000\r\n\r\n" + "b".repeat(10000));
        assertThat(listener.calls).as("the last piece waits in the valve").isZero();

        hog.close();
        reserveHolder.close();
        channel.runPendingTasks();

        assertThat(listener.calls).isEqualTo(1);
        assertThat(listener.response.body()).hasSize(10000);
        assertThat(listener.reusable).isTrue();
        assertThat(memory.receiving()).isZero();
        assertThat(memory.open()).isTrue();
    }

    private void feed(String ascii) {
        channel.writeInbound(Unpooled.copiedBuffer(ascii, StandardCharsets.ISO_8859_1));
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

    /** Records the outcome, and what the memory counted when the response was handed on. */
    private final class Listener implements ExchangeListener {
        int calls;
        ResponseData response;
        FetchException failure;
        boolean reusable;
        long receivingWhenHandedOn;

        @Override
        public void onWritten() {
            // Politeness hears of the write; what this test counts is the memory.
        }

        @Override
        public void onResponse(ResponseData r, boolean reusable) {
            calls++;
            response = r;
            this.reusable = reusable;
            receivingWhenHandedOn = memory.receiving();
        }

        @Override
        public void onFailure(FetchException f, boolean responseStarted) {
            calls++;
            failure = f;
        }
    }
}
