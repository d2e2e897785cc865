package org.kcrawl.embedded.web;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateHandler;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The pipeline of an accepted connection: idle timeout, HTTP/1.1 codec with bounded line and header
 * sizes, and the {@link SyntheticWebHandler} of the host whose address the connection came to.
 */
final class SyntheticWebInitializer extends ChannelInitializer<SocketChannel> {
    /** Keep-alive connections with nothing in flight are closed after this long, as real servers do. */
    static final int IDLE_SECONDS = 60;

    private final UrlLayout layout;
    private final List<Long> latencyNanos;
    private final SiteResponder responder;
    private final RequestLog log;
    private final LongSupplier clock;

    SyntheticWebInitializer(UrlLayout layout, List<Long> latencyNanos, SiteResponder responder, RequestLog log,
                            LongSupplier clock) {
        this.layout = layout;
        this.latencyNanos = List.copyOf(latencyNanos);
        this.responder = responder;
        this.log = log;
        this.clock = clock;
    }

    @Override
    protected void initChannel(SocketChannel ch) {
        int host = layout.hostIndexOf(ch.localAddress().getAddress());
        if (host < 0) {
            throw new IllegalStateException("connection arrived on " + ch.localAddress()
                    + ", which is not an address of this synthetic web");
        }
        String address = layout.address(host);
        log.connectionOpened(address);
        ch.pipeline()
                .addLast("idle", new IdleStateHandler(0, 0, IDLE_SECONDS, TimeUnit.SECONDS))
                .addLast("codec", new HttpServerCodec(new HttpDecoderConfig()
                        .setMaxInitialLineLength(4096)
                        .setMaxHeaderSize(8192)
                        .setMaxChunkSize(8192)))
                .addLast("web", new SyntheticWebHandler(host, address, latencyNanos.get(host), responder, log, clock));
    }
}
