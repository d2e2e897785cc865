package org.kcrawl.http.client;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.util.ReferenceCountUtil;

/**
 * Sits between the HTTP decoder and the decompressor: notes each response's original encoding and
 * announced length before decompression rewrites them, and drops everything once the response has
 * been abandoned, so a truncated body or a decompression bomb stops costing work at once.
 */
final class ResponseTap extends ChannelInboundHandlerAdapter {
    private final ConnectionState state;

    ResponseTap(ConnectionState state) {
        this.state = state;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (state.abandoned) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof HttpResponse response) {
            String encoding = response.headers().get(HttpHeaderNames.CONTENT_ENCODING);
            state.compressed = ContentDecompressor.isSupported(encoding);
            state.unsupportedEncoding = encoding == null || state.compressed || isIdentity(encoding)
                    ? null : encoding;
            state.announcedLength = response.decoderResult().isSuccess()
                    ? HttpUtil.getContentLength(response, -1L) : -1L;
        }
        ctx.fireChannelRead(msg);
    }

    private static boolean isIdentity(String encoding) {
        return encoding.isBlank() || encoding.trim().equalsIgnoreCase("identity");
    }
}
