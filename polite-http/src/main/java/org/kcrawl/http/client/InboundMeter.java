package org.kcrawl.http.client;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * Counts the plaintext bytes that arrive, so a failure can be told apart as "before any response"
 * (the connection was refused or reset) or "during the response" (the server broke HTTP).
 */
final class InboundMeter extends ChannelInboundHandlerAdapter {
    private final ConnectionState state;

    InboundMeter(ConnectionState state) {
        this.state = state;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf buf) {
            state.bytesSinceRequest += buf.readableBytes();
        }
        ctx.fireChannelRead(msg);
    }
}
