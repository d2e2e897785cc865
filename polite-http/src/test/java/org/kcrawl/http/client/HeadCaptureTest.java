package org.kcrawl.http.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HeadCaptureTest {
    private static final String REQUEST = "GET /a HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n";

    @Test
    void theRequestAndTheFinalResponseHeadAreCopiedAsTheyCrossTheWireInterimHeadsLeftOut() {
        ConnectionState state = new ConnectionState(true);
        EmbeddedChannel channel = new EmbeddedChannel(new HeadCapture(state, 4096));
        state.beginRequest();
        channel.writeOutbound(buf(REQUEST));
        String wire = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nServer: x\r\nETag: \"\u00e9\"\r\n\r\n<html>body";
        // Split so that the end of each head falls between buffers.
        channel.writeInbound(buf(wire.substring(0, 24)), buf(wire.substring(24, 60)), buf(wire.substring(60)));

        ConnectionState.Heads heads = state.heads();
        assertThat(heads.request()).isEqualTo(REQUEST);
        assertThat(heads.response()).isEqualTo("HTTP/1.1 200 OK\r\nServer: x\r\nETag: \"\u00e9\"\r\n\r\n");
        assertThat(readAll(channel)).as("the bytes go on unchanged").isEqualTo(wire);
        channel.finishAndReleaseAll();
    }

    @Test
    void theNextExchangeOnTheConnectionStartsAfresh() {
        ConnectionState state = new ConnectionState(true);
        EmbeddedChannel channel = new EmbeddedChannel(new HeadCapture(state, 4096));
        state.beginRequest();
        channel.writeOutbound(buf(REQUEST));
        channel.writeInbound(buf("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"));
        state.beginRequest();
        channel.writeOutbound(buf("GET /b HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n"));
        channel.writeInbound(buf("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n"));

        assertThat(state.heads().request()).startsWith("GET /b ");
        assertThat(state.heads().response()).isEqualTo("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n");
        channel.finishAndReleaseAll();
    }

    @Test
    void copyingStopsAtTheCap() {
        ConnectionState state = new ConnectionState(true);
        EmbeddedChannel channel = new EmbeddedChannel(new HeadCapture(state, 20));
        state.beginRequest();
        channel.writeOutbound(buf(REQUEST));
        channel.writeInbound(buf("HTTP/1.1 200 OK\r\nX-Long: " + "y".repeat(100) + "\r\n\r\n"));

        assertThat(state.heads().request()).hasSize(20);
        assertThat(state.heads().response()).hasSize(20);
        channel.finishAndReleaseAll();
    }

    @Test
    void aConnectionThatDoesNotCaptureHasNoHeads() {
        assertThat(new ConnectionState().heads()).isNull();
    }

    private static ByteBuf buf(String s) {
        return Unpooled.copiedBuffer(s, StandardCharsets.ISO_8859_1);
    }

    private static String readAll(EmbeddedChannel channel) {
        StringBuilder out = new StringBuilder();
        ByteBuf b;
        while ((b = channel.readInbound()) != null) {
            out.append(b.toString(StandardCharsets.ISO_8859_1));
            b.release();
        }
        return out.toString();
    }
}
