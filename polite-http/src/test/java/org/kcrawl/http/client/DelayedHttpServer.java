package org.kcrawl.http.client;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A keep-alive HTTP server on loopback addresses that answers every request with a fixed page after a
 * fixed latency (a timer, not a sleep), for throughput measurements.
 */
final class DelayedHttpServer implements AutoCloseable {
    private final NioEventLoopGroup group = new NioEventLoopGroup(1, new DefaultThreadFactory("delayed-server", true));
    private final List<Channel> listeners = new ArrayList<>();
    private final AtomicInteger connections = new AtomicInteger();
    private final int port;

    DelayedHttpServer(List<InetAddress> loopbacks, long latencyMillis, byte[] page) throws InterruptedException {
        ServerBootstrap b = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .option(io.netty.channel.ChannelOption.SO_BACKLOG, 2048)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        connections.incrementAndGet();
                        ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(8192),
                                new SimpleChannelInboundHandler<FullHttpRequest>() {
                                    @Override
                                    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
                                        ctx.executor().schedule(() -> {
                                            FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                                                    HttpResponseStatus.OK, Unpooled.wrappedBuffer(page));
                                            r.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/html")
                                                    .setInt(HttpHeaderNames.CONTENT_LENGTH, page.length);
                                            ctx.writeAndFlush(r);
                                        }, latencyMillis, TimeUnit.MILLISECONDS);
                                    }
                                });
                    }
                });
        int boundPort = 0;
        for (InetAddress address : loopbacks) {
            if (!address.isLoopbackAddress()) {
                throw new IllegalArgumentException("loopback only: " + address);
            }
            Channel ch = b.bind(new InetSocketAddress(address, boundPort)).sync().channel();
            boundPort = ((InetSocketAddress) ch.localAddress()).getPort();
            listeners.add(ch);
        }
        this.port = boundPort;
    }

    int port() {
        return port;
    }

    int connections() {
        return connections.get();
    }

    @Override
    public void close() {
        listeners.forEach(Channel::close);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }
}
