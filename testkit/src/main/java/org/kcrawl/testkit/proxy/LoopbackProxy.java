package org.kcrawl.testkit.proxy;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.socksx.v5.Socks5InitialRequestDecoder;
import io.netty.handler.codec.socksx.v5.Socks5ServerEncoder;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An HTTP CONNECT or SOCKS5 proxy on 127.0.0.1 for tests, on Netty: it records the destination each
 * client asks for ({@code host:port} as asked, so a test can tell a name from an address), optionally
 * requires a user name and password (Basic for HTTP, RFC 1929 for SOCKS5), and relays bytes. It dials
 * loopback addresses only; any other destination is refused as a proxy refuses it (403, or SOCKS5
 * "not allowed"), and a destination that does not accept the connection is answered 502 (SOCKS5
 * "connection refused").
 */
public final class LoopbackProxy implements AutoCloseable {
    /** The protocol a proxy speaks. */
    public enum Protocol {
        /** HTTP, tunnelling with CONNECT. */
        HTTP("http"),
        /** SOCKS version 5, CONNECT command. */
        SOCKS5("socks5");

        private final String scheme;

        Protocol(String scheme) {
            this.scheme = scheme;
        }
    }

    private final Protocol protocol;
    private final String username;
    private final String password;
    private final NioEventLoopGroup group;
    private final Channel listener;
    private final List<String> destinations = new CopyOnWriteArrayList<>();
    private final AtomicInteger connections = new AtomicInteger();

    private LoopbackProxy(Protocol protocol, String username, String password) {
        this.protocol = protocol;
        this.username = username;
        this.password = password;
        this.group = new NioEventLoopGroup(1, new DefaultThreadFactory("loopback-proxy", true));
        try {
            this.listener = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            connections.incrementAndGet();
                            if (protocol == Protocol.HTTP) {
                                ch.pipeline().addLast(ConnectHandler.CODEC, new HttpServerCodec());
                                ch.pipeline().addLast(ConnectHandler.AGGREGATOR, new HttpObjectAggregator(16 * 1024));
                                ch.pipeline().addLast(new ConnectHandler(LoopbackProxy.this));
                            } else {
                                ch.pipeline().addLast(Socks5ServerEncoder.DEFAULT);
                                ch.pipeline().addLast(Socks5Handler.DECODER, new Socks5InitialRequestDecoder());
                                ch.pipeline().addLast(new Socks5Handler(LoopbackProxy.this));
                            }
                        }
                    })
                    .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).syncUninterruptibly().channel();
        } catch (RuntimeException e) {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw e;
        }
    }

    /** A proxy of {@code protocol} without authentication. */
    public static LoopbackProxy start(Protocol protocol) {
        return new LoopbackProxy(protocol, null, null);
    }

    /** A proxy of {@code protocol} that serves only clients giving {@code username} and {@code password}. */
    public static LoopbackProxy start(Protocol protocol, String username, String password) {
        if (username == null || password == null) {
            throw new IllegalArgumentException("username and password must not be null");
        }
        return new LoopbackProxy(protocol, username, password);
    }

    /** The port it listens on, on 127.0.0.1. */
    public int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    /** Its URL as the fetcher's {@code proxies} setting takes it, with the credentials when it has some. */
    public String url() {
        return protocol.scheme + "://" + (username == null ? "" : username + ":" + password + "@") + "127.0.0.1:" + port();
    }

    /** Every destination asked for, {@code host:port} as the client spelled it, in order. */
    public List<String> destinations() {
        return List.copyOf(destinations);
    }

    /** Connections accepted from clients. */
    public int connections() {
        return connections.get();
    }

    /** Stops listening and closes every connection. */
    @Override
    public void close() {
        listener.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    void recordDestination(String hostAndPort) {
        destinations.add(hostAndPort);
    }

    /** True when no credentials are required or these are the ones. */
    boolean accepts(String user, String pass) {
        return username == null || (username.equals(user) && password.equals(pass));
    }

    boolean requiresCredentials() {
        return username != null;
    }

    /** The loopback address {@code host} names, or null when it names anything else (which is refused). */
    static InetAddress loopback(String host) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        InetAddress address = "localhost".equalsIgnoreCase(bare) ? InetAddress.getLoopbackAddress()
                : io.netty.util.NetUtil.createInetAddressFromIpAddressString(bare);
        return address != null && address.isLoopbackAddress() ? address : null;
    }
}
