package org.kcrawl.http.client;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelFuture;
import java.net.InetSocketAddress;

/**
 * Opens the socket of a new connection to an already resolved and checked address. The seam lets
 * tests observe (and refuse) every dial; production uses {@link #DIRECT}.
 */
@FunctionalInterface
interface Dialer {
    /** Connects directly with the bootstrap. */
    Dialer DIRECT = Bootstrap::connect;

    ChannelFuture connect(Bootstrap bootstrap, InetSocketAddress remote);
}
