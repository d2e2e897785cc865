package org.kcrawl.fetcher.http;

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
 * [proxy probe → proxy] → [tls] → meter → codec → tap → inflate → exchange.
 * The per-request read timeout is added in front by {@link ExchangeHandler} while a request runs.
 */
final class FetchChannelInitializer extends ChannelInitializer<Channel> {
    static final String PROXY = "proxy";
    static final String TLS = "tls";
    static final String EXCHANGE = "exchange";
    /** Longest status line accepted. */
    static final int MAX_STATUS_LINE = 8192;
    /** Largest body piece the decoder emits; bounds what one decompression step is fed. */
    static final int MAX_CHUNK = 8192;

    private final HttpClientSettings settings;
    private final ResponseLimits limits;
    private final SslContext sslContext;
    private final FetchTarget target;
    private final ProxyHandler proxyHandler;
    private final ProxyReplyProbe proxyProbe;

    /** A pipeline through {@code proxyHandler} watched by {@code proxyProbe} (both null when connecting directly). */
    FetchChannelInitializer(HttpClientSettings settings, ResponseLimits limits, SslContext sslContext,
                            FetchTarget target, ProxyHandler proxyHandler, ProxyReplyProbe proxyProbe) {
        this.settings = settings;
        this.limits = limits;
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
        addHttpHandlers(p, settings, limits);
    }

    /** Adds the HTTP part of the pipeline (also used by handler tests on an embedded channel). */
    static ExchangeHandler addHttpHandlers(ChannelPipeline p, HttpClientSettings settings, ResponseLimits limits) {
        ConnectionState state = new ConnectionState();
        HttpDecoderConfig decoder = new HttpDecoderConfig()
                .setMaxInitialLineLength(MAX_STATUS_LINE)
                .setMaxHeaderSize(settings.maxHeaderBytes())
                .setMaxChunkSize(MAX_CHUNK);
        ExchangeHandler exchange = new ExchangeHandler(state, limits);
        p.addLast("meter", new InboundMeter(state));
        p.addLast("codec", new HttpClientCodec(decoder, false, false));
        p.addLast("tap", new ResponseTap(state));
        p.addLast("inflate", new ContentDecompressor());
        p.addLast(EXCHANGE, exchange);
        return exchange;
    }
}
