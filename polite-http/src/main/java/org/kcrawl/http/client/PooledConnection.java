package org.kcrawl.http.client;

import io.netty.channel.Channel;
import io.netty.util.concurrent.ScheduledFuture;
import java.net.InetAddress;

/**
 * One connection slot of the {@link ConnectionPool}: reserved while connecting, then active (owned
 * by one fetch) or idle (kept alive for reuse), until closed. State changes happen under the pool's lock.
 */
final class PooledConnection {
    /** Lifecycle of a slot. */
    enum State { CONNECTING, ACTIVE, IDLE, CLOSED }

    private final PoolKey key;
    private final InetAddress remoteAddress;
    State state = State.CONNECTING;
    Channel channel;
    ExchangeHandler exchange;
    ScheduledFuture<?> idleTimer;
    /** Counts the times this connection went idle, so a stale idle timer can tell it is stale. */
    long idlePeriods;

    PooledConnection(PoolKey key, InetAddress remoteAddress) {
        this.key = key;
        this.remoteAddress = remoteAddress;
    }

    PoolKey key() {
        return key;
    }

    /** The checked address this connection dialed (through the proxy, if any). */
    InetAddress remoteAddress() {
        return remoteAddress;
    }

    Channel channel() {
        return channel;
    }

    ExchangeHandler exchange() {
        return exchange;
    }

    @Override
    public String toString() {
        return key + " " + state + (channel == null ? "" : " " + channel.id().asShortText());
    }
}
