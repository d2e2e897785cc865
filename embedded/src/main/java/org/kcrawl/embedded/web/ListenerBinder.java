package org.kcrawl.embedded.web;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.channels.ServerSocketChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * Binds one listener per host address, all on the same port. The port is chosen free on the first
 * address; another process may hold it on a later address, which the caller handles by retrying.
 */
final class ListenerBinder {
    private ListenerBinder() {}

    /** A port that is free on {@code address} at the time of the call. */
    static int freePort(InetAddress address) {
        try (ServerSocketChannel probe = ServerSocketChannel.open()) {
            probe.bind(new InetSocketAddress(address, 0));
            return ((InetSocketAddress) probe.getLocalAddress()).getPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot bind " + address.getHostAddress()
                    + "; on macOS add loopback aliases first (sudo ifconfig lo0 alias " + address.getHostAddress() + ")", e);
        }
    }

    /** The loopback address of each host. */
    static List<InetAddress> addresses(UrlLayout layout) {
        List<InetAddress> addresses = new ArrayList<>(layout.hosts());
        for (int h = 0; h < layout.hosts(); h++) {
            try {
                addresses.add(InetAddress.getByName(layout.address(h)));
            } catch (UnknownHostException e) {
                throw new IllegalStateException("a dotted IPv4 literal always parses: " + layout.address(h), e);
            }
        }
        return addresses;
    }

    /**
     * Binds every address on {@code port}, or binds none: on a conflict the listeners bound so far are
     * closed and the {@link BindException} is thrown for the caller to retry with another port.
     */
    static List<Channel> bindAll(ServerBootstrap bootstrap, List<InetAddress> addresses, int port) throws BindException {
        List<Channel> bound = new ArrayList<>(addresses.size());
        for (InetAddress address : addresses) {
            ChannelFuture future = bootstrap.bind(new InetSocketAddress(address, port)).awaitUninterruptibly();
            if (!future.isSuccess()) {
                closeAll(bound);
                Throwable cause = future.cause();
                if (cause instanceof BindException bindException) {
                    BindException conflict = new BindException("cannot bind " + address.getHostAddress() + ":" + port
                            + ": " + bindException.getMessage());
                    conflict.initCause(bindException);
                    throw conflict;
                }
                throw new IllegalStateException("cannot bind " + address.getHostAddress() + ":" + port, cause);
            }
            bound.add(future.channel());
        }
        return bound;
    }

    /** Closes the listeners and waits until they are closed. */
    static void closeAll(List<Channel> channels) {
        for (Channel channel : channels) {
            channel.close().awaitUninterruptibly();
        }
    }
}
