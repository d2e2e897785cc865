package org.kcrawl.testkit.proxy;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** The HTTP side of {@link LoopbackProxy}: answers one CONNECT, then relays the tunnel. */
final class ConnectHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    static final String CODEC = "http-codec";
    static final String AGGREGATOR = "http-aggregator";

    private final LoopbackProxy proxy;

    ConnectHandler(LoopbackProxy proxy) {
        this.proxy = proxy;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        if (!HttpMethod.CONNECT.equals(request.method())) {
            answerAndClose(ctx, HttpResponseStatus.METHOD_NOT_ALLOWED);
            return;
        }
        if (proxy.requiresCredentials() && !credentialsAccepted(request.headers().get(HttpHeaderNames.PROXY_AUTHORIZATION))) {
            FullHttpResponse challenge = response(HttpResponseStatus.PROXY_AUTHENTICATION_REQUIRED);
            challenge.headers().set(HttpHeaderNames.PROXY_AUTHENTICATE, "Basic realm=\"loopback\"");
            ctx.writeAndFlush(challenge).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        String target = request.uri();
        proxy.recordDestination(target);
        int colon = target.lastIndexOf(':');
        InetAddress address = colon > 0 ? LoopbackProxy.loopback(target.substring(0, colon)) : null;
        int port;
        try {
            port = Integer.parseInt(target.substring(colon + 1));
        } catch (NumberFormatException e) {
            answerAndClose(ctx, HttpResponseStatus.BAD_REQUEST);
            return;
        }
        if (address == null) {
            answerAndClose(ctx, HttpResponseStatus.FORBIDDEN);
            return;
        }
        ctx.channel().config().setAutoRead(false);
        Relay.dial(ctx.channel(), address, port).addListener((io.netty.channel.ChannelFuture f) -> {
            if (!f.isSuccess()) {
                answerAndClose(ctx, HttpResponseStatus.BAD_GATEWAY);
                return;
            }
            FullHttpResponse established = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                    new HttpResponseStatus(200, "Connection established"));
            ctx.writeAndFlush(established).addListener(w -> {
                if (!w.isSuccess()) {
                    f.channel().close();
                    ctx.close();
                    return;
                }
                ctx.pipeline().remove(CODEC);
                ctx.pipeline().remove(AGGREGATOR);
                ctx.pipeline().remove(this);
                Relay.join(ctx.channel(), f.channel());
            });
        });
    }

    private boolean credentialsAccepted(String header) {
        if (header == null || !header.regionMatches(true, 0, "Basic ", 0, 6)) {
            return false;
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(header.substring(6).trim()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return false;
        }
        int colon = decoded.indexOf(':');
        return colon >= 0 && proxy.accepts(decoded.substring(0, colon), decoded.substring(colon + 1));
    }

    private static FullHttpResponse response(HttpResponseStatus status) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status);
        response.headers().set(HttpHeaderNames.CONTENT_LENGTH, 0);
        return response;
    }

    private static void answerAndClose(ChannelHandlerContext ctx, HttpResponseStatus status) {
        ctx.writeAndFlush(response(status)).addListener(ChannelFutureListener.CLOSE);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
