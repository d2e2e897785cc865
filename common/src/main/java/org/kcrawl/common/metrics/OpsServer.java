package org.kcrawl.common.metrics;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.timeout.ReadTimeoutHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves a worker's operational endpoints on one port: {@code /metrics} (Prometheus text format),
 * {@code /healthz} (liveness: the poll loop is alive) and {@code /readyz} (readiness: connected and
 * partitions assigned).
 *
 * <p>Non-blocking (Netty, two event-loop threads): a client that sends half a request and stops, or keeps
 * a connection idle, costs a socket and nothing else, and is closed after {@link #READ_TIMEOUT} without a
 * byte. The JDK's server read each request on a worker thread with no timeout, so one such connection
 * held its only thread and every liveness probe behind it failed: Kubernetes restarted a healthy pod.
 */
public final class OpsServer implements AutoCloseable {
    /** Path of the Prometheus scrape. */
    public static final String METRICS_PATH = "/metrics";
    /** Path of the liveness probe. */
    public static final String LIVENESS_PATH = "/healthz";
    /** Path of the readiness probe. */
    public static final String READINESS_PATH = "/readyz";
    /** A connection that sends nothing for this long is closed, in the middle of a request or between two. */
    public static final Duration READ_TIMEOUT = Duration.ofSeconds(10);

    private static final Logger log = LoggerFactory.getLogger(OpsServer.class);
    /** Probes and scrapes carry no body; a request larger than this is answered 413. */
    private static final int MAX_REQUEST_BYTES = 16 * 1024;

    private final EventLoopGroup group;
    private final Channel channel;

    private OpsServer(EventLoopGroup group, Channel channel) {
        this.group = group;
        this.channel = channel;
    }

    /**
     * Starts serving on {@code port} (0 picks a free one) of {@code bindAddress}.
     *
     * @param live true while the worker's poll loop is alive
     * @param ready true while the worker is connected and owns partitions
     */
    public static OpsServer start(String bindAddress, int port, PrometheusMeterRegistry registry,
                                  BooleanSupplier live, BooleanSupplier ready) {
        return start(bindAddress, port, registry, live, ready, READ_TIMEOUT);
    }

    static OpsServer start(String bindAddress, int port, PrometheusMeterRegistry registry, BooleanSupplier live,
                           BooleanSupplier ready, Duration readTimeout) {
        if (bindAddress == null || registry == null || live == null || ready == null) {
            throw new IllegalArgumentException("bindAddress, registry, live and ready must not be null");
        }
        Endpoints endpoints = new Endpoints(registry, live, ready);
        EventLoopGroup group = new NioEventLoopGroup(2, new DefaultThreadFactory("ops-http", true));
        try {
            Channel channel = new ServerBootstrap()
                    .group(group)
                    .channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(
                                    new ReadTimeoutHandler(readTimeout.toMillis(), TimeUnit.MILLISECONDS),
                                    new HttpServerCodec(),
                                    new HttpObjectAggregator(MAX_REQUEST_BYTES),
                                    endpoints);
                        }
                    })
                    .bind(new InetSocketAddress(bindAddress, port))
                    .syncUninterruptibly()
                    .channel();
            return new OpsServer(group, channel);
        } catch (Exception e) { // Netty rethrows the bind's IOException undeclared
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw new IllegalStateException("cannot serve metrics and health on " + bindAddress + ":" + port
                    + " (is the port taken? set metrics_port): " + e.getMessage(), e);
        }
    }

    /** The bound port. */
    public int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).syncUninterruptibly();
    }

    /** Answers one whole request; stateless, so one instance serves every connection. */
    @ChannelHandler.Sharable
    private static final class Endpoints extends SimpleChannelInboundHandler<FullHttpRequest> {
        private final PrometheusMeterRegistry registry;
        private final BooleanSupplier live;
        private final BooleanSupplier ready;

        Endpoints(PrometheusMeterRegistry registry, BooleanSupplier live, BooleanSupplier ready) {
            this.registry = registry;
            this.live = live;
            this.ready = ready;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            if (!request.decoderResult().isSuccess()) {
                respond(ctx, request, HttpResponseStatus.BAD_REQUEST, "bad request\n", false);
                return;
            }
            if (!request.method().equals(HttpMethod.GET) && !request.method().equals(HttpMethod.HEAD)) {
                respond(ctx, request, HttpResponseStatus.METHOD_NOT_ALLOWED, "GET or HEAD\n",
                        HttpUtil.isKeepAlive(request));
                return;
            }
            boolean keepAlive = HttpUtil.isKeepAlive(request);
            switch (new QueryStringDecoder(request.uri()).path()) {
                case METRICS_PATH -> respond(ctx, request, HttpResponseStatus.OK,
                        "text/plain; version=0.0.4; charset=utf-8", registry.scrape(), keepAlive);
                case LIVENESS_PATH -> probe(ctx, request, live, keepAlive);
                case READINESS_PATH -> probe(ctx, request, ready, keepAlive);
                default -> respond(ctx, request, HttpResponseStatus.NOT_FOUND, "not found\n", keepAlive);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            // A read timeout or a peer that went away: the connection is all there is to clean up.
            log.debug("ops connection {} closed: {}", ctx.channel().remoteAddress(), cause.toString());
            ctx.close();
        }

        private static void probe(ChannelHandlerContext ctx, FullHttpRequest request, BooleanSupplier check,
                                  boolean keepAlive) {
            boolean ok;
            try {
                ok = check.getAsBoolean();
            } catch (RuntimeException e) {
                log.warn("health check failed: {}", e.toString());
                ok = false;
            }
            respond(ctx, request, ok ? HttpResponseStatus.OK : HttpResponseStatus.SERVICE_UNAVAILABLE,
                    ok ? "ok\n" : "unavailable\n", keepAlive);
        }

        private static void respond(ChannelHandlerContext ctx, FullHttpRequest request, HttpResponseStatus status,
                                    String body, boolean keepAlive) {
            respond(ctx, request, status, "text/plain; charset=utf-8", body, keepAlive);
        }

        private static void respond(ChannelHandlerContext ctx, FullHttpRequest request, HttpResponseStatus status,
                                    String contentType, String body, boolean keepAlive) {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            ByteBuf content = request.method().equals(HttpMethod.HEAD) ? Unpooled.EMPTY_BUFFER
                    : Unpooled.wrappedBuffer(bytes);
            FullHttpResponse response = new DefaultFullHttpResponse(request.protocolVersion(), status, content);
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
            response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length);
            if (keepAlive) {
                response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
                ctx.writeAndFlush(response);
            } else {
                response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
                ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
            }
        }
    }
}
