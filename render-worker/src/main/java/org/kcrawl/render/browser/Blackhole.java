package org.kcrawl.render.browser;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The browser's proxy: a loopback port that closes every connection at once. Requests the worker
 * intercepts never get here; anything else the browser tries (its own update and time checks, a page's
 * WebSocket, a request a future Chromium would not show to the interception) fails here instead of
 * reaching the network.
 */
public final class Blackhole implements AutoCloseable {
    private final Channel server;
    private final AtomicLong refused;

    private Blackhole(Channel server, AtomicLong refused) {
        this.server = server;
        this.refused = refused;
    }

    /** Listens on a free loopback port of {@code group}. */
    public static Blackhole open(EventLoopGroup group) {
        AtomicLong refused = new AtomicLong();
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.SO_LINGER, 0)
                .childHandler(new Refuse(refused));
        // Start-up only: the worker cannot render before its browser has a proxy to refuse with.
        Channel channel = bootstrap.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
                .syncUninterruptibly().channel();
        return new Blackhole(channel, refused);
    }

    /** Closes every connection as it opens, counting it. */
    @ChannelHandler.Sharable
    private static final class Refuse extends ChannelInboundHandlerAdapter {
        private final AtomicLong refused;

        Refuse(AtomicLong refused) {
            this.refused = refused;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            refused.incrementAndGet();
            ctx.close();
        }
    }

    /** The port to give the browser as its proxy. */
    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /** Connections refused so far. */
    public long refused() {
        return refused.get();
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
    }
}
