package org.kcrawl.embedded.web;

import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves one connection of one synthetic host: answers each request after the host's latency (a
 * timer on the channel's event loop, never a sleep), in request order, and records every request in
 * the {@link RequestLog}. Pipelined requests queue up to a limit, beyond which reading pauses.
 */
final class SyntheticWebHandler extends SimpleChannelInboundHandler<HttpObject> {
    /** Queued requests per connection before the handler stops reading from the socket. */
    static final int MAX_QUEUED = 32;

    private static final Logger LOG = LoggerFactory.getLogger(SyntheticWebHandler.class);

    private final int host;
    private final String hostAddress;
    private final long latencyNanos;
    private final SiteResponder responder;
    private final RequestLog log;
    private final LongSupplier clock;
    private final ArrayDeque<Exchange> queued = new ArrayDeque<>();
    private Exchange reading;
    private boolean closing;
    private boolean serving;
    private int owed;

    SyntheticWebHandler(int host, String hostAddress, long latencyNanos, SiteResponder responder, RequestLog log,
                        LongSupplier clock) {
        this.host = host;
        this.hostAddress = hostAddress;
        this.latencyNanos = latencyNanos;
        this.responder = responder;
        this.log = log;
        this.clock = clock;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, HttpObject msg) {
        if (closing) {
            // Requests pipelined behind a "Connection: close" still reached the server; the log shows them unanswered.
            if (msg instanceof HttpRequest request && queued.size() < MAX_QUEUED) {
                queued.add(new Exchange(request.method(), request.uri(), request.protocolVersion(), false,
                        clock.getAsLong()));
            }
            return;
        }
        if (msg instanceof HttpRequest request) {
            reading = new Exchange(request.method(), request.uri(), request.protocolVersion(),
                    HttpUtil.isKeepAlive(request), clock.getAsLong());
        }
        if (msg.decoderResult().isFailure()) {
            // The decoder cannot resynchronise after a bad message, so the connection ends after the 400.
            Exchange bad = reading != null ? reading
                    : new Exchange(HttpMethod.GET, "", HttpVersion.HTTP_1_1, false, clock.getAsLong());
            reading = null;
            enqueue(ctx, bad.malformed());
            return;
        }
        if (msg instanceof LastHttpContent && reading != null) {
            Exchange complete = reading;
            reading = null;
            enqueue(ctx, complete);
        }
    }

    private void enqueue(ChannelHandlerContext ctx, Exchange exchange) {
        queued.add(exchange);
        if (queued.size() >= MAX_QUEUED) {
            ctx.channel().config().setAutoRead(false);
        }
        if (latencyNanos == 0) {
            serveOldest(ctx);
        } else {
            // Equal delays on one event loop fire in scheduling order, and each timer serves the oldest
            // queued request, so pipelined responses keep request order.
            exchange.timer = ctx.executor().schedule(() -> serveOldest(ctx), latencyNanos, TimeUnit.NANOSECONDS);
        }
    }

    // A write may run other tasks of the event loop before it returns (EmbeddedChannel does), so a timer
    // can fire inside another response's write. Timers only add to a count that one loop pays off, which
    // keeps every response whole and in request order.
    private void serveOldest(ChannelHandlerContext ctx) {
        owed++;
        if (serving) {
            return;
        }
        serving = true;
        try {
            while (owed > 0) {
                owed--;
                serveOne(ctx);
            }
        } finally {
            serving = false;
        }
    }

    private void serveOne(ChannelHandlerContext ctx) {
        if (closing || queued.isEmpty()) {
            return;
        }
        Exchange exchange = queued.poll();
        FullHttpResponse response = exchange.malformed
                ? responder.badRequest()
                : responder.respond(host, exchange.method, exchange.uri, ctx.alloc());
        boolean keepAlive = exchange.keepAlive && !exchange.malformed;
        HttpUtil.setKeepAlive(response.headers(), exchange.version, keepAlive);
        log.record(new RequestEvent(hostAddress, exchange.uri, exchange.startNanos, clock.getAsLong(),
                response.status().code(), exchange.method.name()));
        if (!keepAlive) {
            closing = true;
        }
        ChannelFuture written = ctx.writeAndFlush(response);
        if (keepAlive) {
            written.addListener(CLOSE_ON_FAILURE);
            if (queued.size() < MAX_QUEUED && !ctx.channel().config().isAutoRead()) {
                ctx.channel().config().setAutoRead(true);
            }
        } else {
            written.addListener(ChannelFutureListener.CLOSE);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        long now = clock.getAsLong();
        for (Exchange exchange : queued) {
            if (exchange.timer != null) {
                exchange.timer.cancel(false);
            }
            recordUnanswered(exchange, now);
        }
        queued.clear();
        if (reading != null) {
            recordUnanswered(reading, now);
            reading = null;
        }
        super.channelInactive(ctx);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof IdleStateEvent && queued.isEmpty() && reading == null) {
            ctx.close();
            return;
        }
        super.userEventTriggered(ctx, evt);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof IOException) {
            LOG.debug("connection to {} failed: {}", hostAddress, cause.toString());
        } else {
            LOG.warn("unexpected error serving {}; closing the connection", hostAddress, cause);
        }
        ctx.close();
    }

    private void recordUnanswered(Exchange exchange, long now) {
        log.record(new RequestEvent(hostAddress, exchange.uri, exchange.startNanos, Math.max(now, exchange.startNanos),
                RequestEvent.NO_RESPONSE, exchange.method.name()));
    }

    // Logs why the write failed (usually the client went away) before closing, unlike Netty's CLOSE_ON_FAILURE.
    private static final ChannelFutureListener CLOSE_ON_FAILURE = future -> {
        if (!future.isSuccess()) {
            LOG.debug("writing a response to {} failed: {}", future.channel().remoteAddress(), future.cause().toString());
            future.channel().close();
        }
    };

    /** One request between its head being decoded and its response being written. */
    private static final class Exchange {
        final HttpMethod method;
        final String uri;
        final HttpVersion version;
        final boolean keepAlive;
        final long startNanos;
        boolean malformed;
        ScheduledFuture<?> timer;

        Exchange(HttpMethod method, String uri, HttpVersion version, boolean keepAlive, long startNanos) {
            this.method = method;
            this.uri = uri;
            this.version = version;
            this.keepAlive = keepAlive;
            this.startNanos = startNanos;
        }

        Exchange malformed() {
            malformed = true;
            return this;
        }
    }
}
