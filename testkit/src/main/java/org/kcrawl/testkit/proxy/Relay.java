package org.kcrawl.testkit.proxy;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/** Copies bytes from one channel to its peer, and closes the peer (after what was written) when it closes. */
final class Relay extends ChannelInboundHandlerAdapter {
    private final Channel peer;

    private Relay(Channel peer) {
        this.peer = peer;
    }

    /**
     * Opens a connection from {@code client}'s event loop to {@code address:port}; the future completes
     * when it is open (its channel reads nothing until {@link #join} relays the two).
     */
    static ChannelFuture dial(Channel client, InetAddress address, int port) {
        return new Bootstrap().group(client.eventLoop()).channel(NioSocketChannel.class)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 2000)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.AUTO_READ, false)
                .handler(new ChannelInboundHandlerAdapter())
                .connect(new InetSocketAddress(address, port));
    }

    /** Relays {@code client} and {@code upstream} both ways from now on. */
    static void join(Channel client, Channel upstream) {
        upstream.pipeline().addLast(new Relay(client));
        client.pipeline().addLast(new Relay(upstream));
        upstream.config().setAutoRead(true);
        client.config().setAutoRead(true);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        peer.writeAndFlush(msg);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        closeAfterFlush(peer);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }

    static void closeAfterFlush(Channel ch) {
        if (ch.isActive()) {
            ch.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        }
    }
}
