package org.kcrawl.http.client;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;

/**
 * Holds what a connection receives while its response body waits for memory, and passes it on in order
 * once the body may grow again. Telling the socket to stop reading still lets the rest of the read under
 * way arrive; held here, before the decompressor, it stays the bytes the server sent (a compressed piece,
 * inflated at once, could be many times larger), referenced rather than copied.
 */
final class BodyValve extends ChannelInboundHandlerAdapter {
    private final ConnectionState state;
    private final ArrayDeque<Object> held = new ArrayDeque<>();
    private ChannelHandlerContext ctx;

    BodyValve(ConnectionState state) {
        this.state = state;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (state.waitingForMemory || !held.isEmpty()) {
            held.add(msg);
        } else {
            ctx.fireChannelRead(msg);
        }
    }

    /** Passes on what it holds, in order, until the body has to wait again. Event loop only. */
    void release() {
        while (!held.isEmpty() && !state.waitingForMemory) {
            ctx.fireChannelRead(held.poll());
        }
    }

    /** True when it holds nothing. */
    boolean isEmpty() {
        return held.isEmpty();
    }

    /** Drops what it holds: the response it belonged to is over. */
    void discard() {
        while (!held.isEmpty()) {
            ReferenceCountUtil.release(held.poll());
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        // Closed while the body waited (a deadline, a reset): what is held can no longer make a whole response.
        discard();
        ctx.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        discard();
    }
}
