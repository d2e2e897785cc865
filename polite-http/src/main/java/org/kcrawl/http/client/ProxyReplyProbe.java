package org.kcrawl.http.client;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * Sits in front of a connection's proxy handler and notes whether the proxy sent anything at all, then
 * steps out of the pipeline. It tells a proxy that is down or silent (its fault: it cools down) from one
 * that answered and refused the destination (the destination's fault).
 */
final class ProxyReplyProbe extends ChannelInboundHandlerAdapter {
    static final String NAME = "proxy-probe";

    private boolean answered;

    /** True once the proxy sent a byte. */
    boolean answered() {
        return answered;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        answered = true;
        ctx.pipeline().remove(this);
        ctx.fireChannelRead(msg);
    }
}
