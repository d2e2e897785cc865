package org.kcrawl.testkit.proxy;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.socksx.v5.DefaultSocks5CommandResponse;
import io.netty.handler.codec.socksx.v5.DefaultSocks5InitialResponse;
import io.netty.handler.codec.socksx.v5.DefaultSocks5PasswordAuthResponse;
import io.netty.handler.codec.socksx.v5.Socks5AddressType;
import io.netty.handler.codec.socksx.v5.Socks5AuthMethod;
import io.netty.handler.codec.socksx.v5.Socks5CommandRequest;
import io.netty.handler.codec.socksx.v5.Socks5CommandRequestDecoder;
import io.netty.handler.codec.socksx.v5.Socks5CommandStatus;
import io.netty.handler.codec.socksx.v5.Socks5CommandType;
import io.netty.handler.codec.socksx.v5.Socks5InitialRequest;
import io.netty.handler.codec.socksx.v5.Socks5Message;
import io.netty.handler.codec.socksx.v5.Socks5PasswordAuthRequest;
import io.netty.handler.codec.socksx.v5.Socks5PasswordAuthRequestDecoder;
import io.netty.handler.codec.socksx.v5.Socks5PasswordAuthStatus;
import io.netty.handler.codec.socksx.v5.Socks5ServerEncoder;
import java.net.InetAddress;

/** The SOCKS5 side of {@link LoopbackProxy}: greeting, optional password, one CONNECT, then the relay. */
final class Socks5Handler extends SimpleChannelInboundHandler<Socks5Message> {
    static final String DECODER = "socks5-decoder";

    private final LoopbackProxy proxy;

    Socks5Handler(LoopbackProxy proxy) {
        this.proxy = proxy;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Socks5Message message) {
        if (message instanceof Socks5InitialRequest initial) {
            greet(ctx, initial);
        } else if (message instanceof Socks5PasswordAuthRequest auth) {
            boolean ok = proxy.accepts(auth.username(), auth.password());
            ctx.pipeline().replace(DECODER, DECODER, new Socks5CommandRequestDecoder());
            ctx.writeAndFlush(new DefaultSocks5PasswordAuthResponse(
                    ok ? Socks5PasswordAuthStatus.SUCCESS : Socks5PasswordAuthStatus.FAILURE))
                    .addListener(ok ? ChannelFutureListener.CLOSE_ON_FAILURE : ChannelFutureListener.CLOSE);
        } else if (message instanceof Socks5CommandRequest command) {
            connect(ctx, command);
        } else {
            ctx.close();
        }
    }

    private void greet(ChannelHandlerContext ctx, Socks5InitialRequest initial) {
        Socks5AuthMethod wanted = proxy.requiresCredentials() ? Socks5AuthMethod.PASSWORD : Socks5AuthMethod.NO_AUTH;
        if (!initial.authMethods().contains(wanted)) {
            ctx.writeAndFlush(new DefaultSocks5InitialResponse(Socks5AuthMethod.UNACCEPTED))
                    .addListener(ChannelFutureListener.CLOSE);
            return;
        }
        ctx.pipeline().replace(DECODER, DECODER, wanted == Socks5AuthMethod.PASSWORD
                ? new Socks5PasswordAuthRequestDecoder() : new Socks5CommandRequestDecoder());
        ctx.writeAndFlush(new DefaultSocks5InitialResponse(wanted));
    }

    private void connect(ChannelHandlerContext ctx, Socks5CommandRequest command) {
        String host = command.dstAddrType() == Socks5AddressType.IPv6 ? "[" + command.dstAddr() + "]" : command.dstAddr();
        proxy.recordDestination(host + ":" + command.dstPort());
        InetAddress address = LoopbackProxy.loopback(command.dstAddr());
        if (command.type() != Socks5CommandType.CONNECT || address == null) {
            reply(ctx, command.type() != Socks5CommandType.CONNECT ? Socks5CommandStatus.COMMAND_UNSUPPORTED
                    : Socks5CommandStatus.FORBIDDEN).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        ctx.channel().config().setAutoRead(false);
        Relay.dial(ctx.channel(), address, command.dstPort()).addListener((io.netty.channel.ChannelFuture f) -> {
            if (!f.isSuccess()) {
                reply(ctx, Socks5CommandStatus.CONNECTION_REFUSED).addListener(ChannelFutureListener.CLOSE);
                return;
            }
            reply(ctx, Socks5CommandStatus.SUCCESS).addListener(w -> {
                if (!w.isSuccess()) {
                    f.channel().close();
                    ctx.close();
                    return;
                }
                ctx.pipeline().remove(DECODER);
                ctx.pipeline().remove(Socks5ServerEncoder.class);
                ctx.pipeline().remove(this);
                Relay.join(ctx.channel(), f.channel());
            });
        });
    }

    private static io.netty.channel.ChannelFuture reply(ChannelHandlerContext ctx, Socks5CommandStatus status) {
        return ctx.writeAndFlush(new DefaultSocks5CommandResponse(status, Socks5AddressType.IPv4, "0.0.0.0", 0));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
