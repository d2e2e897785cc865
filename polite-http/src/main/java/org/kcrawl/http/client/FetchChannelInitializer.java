package org.kcrawl.http.client;

import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.proxy.ProxyHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;

/**
 * The pipeline of one client connection:
 * [proxy probe → proxy] → [tls] → [capture] → meter → codec → tap → valve → inflate → exchange.
 * The per-request read timeout is added in front by {@link ExchangeHandler} while a request runs.
 */
final class FetchChannelInitializer extends ChannelInitializer<Channel> {
    static final String PROXY = "proxy";
    static final String TLS = "tls";
    static final String EXCHANGE = "exchange";
    static final String VALVE = "valve";
    /** Longest status line accepted. */
    static final int MAX_STATUS_LINE = 8192;
    /** Largest body piece the decoder emits; bounds what one decompression step is fed. */
    static final int MAX_CHUNK = 8192;

    private final HttpClientSettings settings;
    private final ResponseLimits limits;
    private final SslContext sslContext;
    private final FetchTarget target;
    private final ProxyHandler proxyHandler;
    private final BodyMemory memory;
    private final ProxyReplyProbe proxyProbe;

    /** A pipeline through {@code proxyHandler} watched by {@code proxyProbe} (both null when connecting directly). */
    FetchChannelInitializer(HttpClientSettings settings, ResponseLimits limits, BodyMemory memory,
                            SslContext sslContext, FetchTarget target, ProxyHandler proxyHandler,
                            ProxyReplyProbe proxyProbe) {
        this.settings = settings;
        this.limits = limits;
        this.memory = memory;
        this.sslContext = sslContext;
        this.target = target;
        this.proxyHandler = proxyHandler;
        this.proxyProbe = proxyProbe;
    }

    @Override
    protected void initChannel(Channel ch) {
        ChannelPipeline p = ch.pipeline();
        if (proxyHandler != null) {
            p.addLast(ProxyReplyProbe.NAME, proxyProbe);
            p.addLast(PROXY, proxyHandler);
        }
        if (target.https()) {
            SslHandler tls = sslContext.newHandler(ch.alloc(), target.host(), target.port());
            tls.setHandshakeTimeoutMillis(settings.tlsHandshakeTimeout().toMillis());
            tls.setCloseNotifyFlushTimeoutMillis(1000);
            tls.setCloseNotifyReadTimeoutMillis(0);
            p.addLast(TLS, tls);
        }
        addHttpHandlers(p, settings, limits, memory);
    }

    /** Adds the HTTP part of the pipeline, bodies unbounded by memory (handler tests on an embedded channel). */
    static ExchangeHandler addHttpHandlers(ChannelPipeline p, HttpClientSettings settings, ResponseLimits limits) {
        return addHttpHandlers(p, settings, limits, BodyMemory.UNBOUNDED);
    }

    /** Adds the HTTP part of the pipeline, bodies taking their memory from {@code memory}. */
    static ExchangeHandler addHttpHandlers(ChannelPipeline p, HttpClientSettings settings, ResponseLimits limits,
                                           BodyMemory memory) {
        ConnectionState state = new ConnectionState(settings.captureHeads());
        HttpDecoderConfig decoder = new HttpDecoderConfig()
                .setMaxInitialLineLength(MAX_STATUS_LINE)
                .setMaxHeaderSize(settings.maxHeaderBytes())
                .setMaxChunkSize(MAX_CHUNK);
        BodyValve valve = new BodyValve(state);
        ExchangeHandler exchange = new ExchangeHandler(state, limits, memory, valve);
        if (settings.captureHeads()) {
            // The status line and every header of the response, plus the request: within the decoder's cap.
            p.addLast("capture", new HeadCapture(state, settings.maxHeaderBytes() + MAX_STATUS_LINE));
        }
        p.addLast("meter", new InboundMeter(state));
        p.addLast("codec", new HttpClientCodec(decoder, false, false));
        p.addLast("tap", new ResponseTap(state));
        p.addLast(VALVE, valve);
        p.addLast("inflate", new ContentDecompressor());
        p.addLast(EXCHANGE, exchange);
        return exchange;
    }
}
