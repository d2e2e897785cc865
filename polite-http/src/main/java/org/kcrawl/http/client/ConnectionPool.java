package org.kcrawl.http.client;

import io.netty.channel.Channel;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Keep-alive connections, counted against a global and a per-host cap, with at most {@code maxIdle}
 * of them idle.
 *
 * <p>The global cap is the fetches in flight plus the idle allowance, not the fetches in flight alone:
 * when it was the in-flight cap, a crawl of more hosts than that cap divided by the per-host cap (50
 * hosts at 4 each under 100 in flight) found the pool full of other hosts' idle connections at almost
 * every start, evicted one and connected anew: 8,000 connections for 10,000 requests, against 190 with
 * room to keep them, and a fifth of the fetcher's CPU per page.
 *
 * <p>A slot is taken when a connection is reserved (before it connects) and given back the moment the
 * pool decides to close it, so the counts never wait for a close to complete. When a cap is reached,
 * the least recently used idle connection (of the host, or of any host) is closed to make room.
 * Consequently, as long as the fetches in flight stay within the same caps, every fetch gets a
 * connection immediately: the connections owned by other fetches are fewer than the cap, so the rest
 * are idle and can be evicted. {@link #reserve} returning null therefore means the caller broke that
 * contract.
 *
 * <p>Thread-safe: the short critical sections run under this object's monitor and never perform I/O;
 * channels are closed after leaving it.
 */
final class ConnectionPool {
    private final int maxConnections;
    private final int maxIdle;
    private final int maxPerHost;
    private final long idleTimeoutNanos;
    private final Map<String, HostSlots> hosts = new HashMap<>();
    private final LinkedHashSet<PooledConnection> idleLru = new LinkedHashSet<>();
    private int open;
    private boolean closed;

    /**
     * @param maxConnections open connections in total, idle ones included
     * @param maxIdle idle connections kept for reuse; beyond it the least recently used is closed
     */
    ConnectionPool(int maxConnections, int maxIdle, int maxPerHost, Duration idleTimeout) {
        this.maxConnections = maxConnections;
        this.maxIdle = maxIdle;
        this.maxPerHost = maxPerHost;
        this.idleTimeoutNanos = idleTimeout.toNanos();
    }

    /** Per host name: open slots (any port and scheme) and idle connections, least recently used first. */
    private static final class HostSlots {
        int open;
        final ArrayDeque<PooledConnection> idle = new ArrayDeque<>();
    }

    /**
     * Takes the most recently used idle connection for {@code key} whose channel is still open, or
     * returns null. Idle connections found dead on the way are discarded.
     */
    PooledConnection takeIdle(PoolKey key) {
        List<Channel> toClose = new ArrayList<>();
        PooledConnection taken = null;
        synchronized (this) {
            HostSlots host = hosts.get(key.hostKey());
            if (host != null) {
                Iterator<PooledConnection> it = host.idle.descendingIterator();
                while (it.hasNext()) {
                    PooledConnection pc = it.next();
                    if (!pc.key().equals(key)) {
                        continue;
                    }
                    if (!pc.channel.isActive()) {
                        it.remove();
                        forget(pc, host, toClose);
                        continue;
                    }
                    it.remove();
                    idleLru.remove(pc);
                    cancelIdleTimer(pc);
                    pc.state = PooledConnection.State.ACTIVE;
                    taken = pc;
                    break;
                }
                dropIfEmpty(key.hostKey(), host);
            }
        }
        closeAll(toClose);
        return taken;
    }

    /**
     * Reserves a slot for a new connection to {@code key} at {@code address}, evicting least recently
     * used idle connections when a cap is reached. Returns null when the caps cannot be met (only
     * when fetches in flight exceed the caps) or the pool is closed.
     */
    PooledConnection reserve(PoolKey key, InetAddress address) {
        List<Channel> toClose = new ArrayList<>();
        PooledConnection reserved = null;
        synchronized (this) {
            if (!closed) {
                HostSlots host = hosts.computeIfAbsent(key.hostKey(), k -> new HostSlots());
                if (host.open >= maxPerHost) {
                    PooledConnection victim = host.idle.pollFirst();
                    if (victim != null) {
                        forget(victim, host, toClose);
                    }
                }
                if (host.open < maxPerHost && open >= maxConnections) {
                    evictLeastRecentlyUsed(toClose);
                }
                if (host.open < maxPerHost && open < maxConnections) {
                    reserved = new PooledConnection(key, address);
                    host.open++;
                    open++;
                } else {
                    dropIfEmpty(key.hostKey(), host);
                }
            }
        }
        closeAll(toClose);
        return reserved;
    }

    /** Records that a reserved connection is open; it becomes active. Returns false if it was discarded meanwhile. */
    boolean connected(PooledConnection pc, Channel channel, ExchangeHandler exchange) {
        synchronized (this) {
            pc.channel = channel;
            pc.exchange = exchange;
            if (pc.state != PooledConnection.State.CONNECTING) {
                return false;
            }
            pc.state = PooledConnection.State.ACTIVE;
        }
        channel.closeFuture().addListener(f -> discard(pc));
        return true;
    }

    /** Returns an active connection whose exchange completed cleanly, for reuse. */
    void release(PooledConnection pc) {
        boolean keep;
        List<Channel> toClose = List.of(); // a list only when the idle cap evicts: this runs once per response
        synchronized (this) {
            keep = pc.state == PooledConnection.State.ACTIVE && !closed && pc.channel.isActive() && maxIdle > 0;
            if (keep) {
                if (idleLru.size() >= maxIdle) {
                    toClose = new ArrayList<>(1);
                    evictLeastRecentlyUsed(toClose);
                }
                pc.state = PooledConnection.State.IDLE;
                long idlePeriod = ++pc.idlePeriods;
                hosts.get(pc.key().hostKey()).idle.addLast(pc);
                idleLru.add(pc);
                pc.idleTimer = pc.channel.eventLoop().schedule(
                        () -> expire(pc, idlePeriod), idleTimeoutNanos, TimeUnit.NANOSECONDS);
            }
        }
        closeAll(toClose);
        if (!keep) {
            discard(pc);
        }
    }

    /** Gives the slot back and closes the channel, whatever state the connection was in. Idempotent. */
    void discard(PooledConnection pc) {
        List<Channel> toClose = new ArrayList<>(1);
        synchronized (this) {
            if (pc.state == PooledConnection.State.CLOSED) {
                return;
            }
            HostSlots host = hosts.get(pc.key().hostKey());
            if (pc.state == PooledConnection.State.IDLE) {
                host.idle.remove(pc);
            }
            forget(pc, host, toClose);
            dropIfEmpty(pc.key().hostKey(), host);
        }
        closeAll(toClose);
    }

    /** Refuses new reservations and closes every idle connection; active ones close with their fetch. */
    void close() {
        List<Channel> toClose = new ArrayList<>();
        synchronized (this) {
            closed = true;
            for (PooledConnection pc : new ArrayList<>(idleLru)) {
                HostSlots host = hosts.get(pc.key().hostKey());
                host.idle.remove(pc);
                forget(pc, host, toClose);
                dropIfEmpty(pc.key().hostKey(), host);
            }
        }
        closeAll(toClose);
    }

    /** Open connections (connecting, active and idle). */
    synchronized int openConnections() {
        return open;
    }

    /** Open connections to {@code hostKey}, any port and scheme. */
    synchronized int openConnections(String hostKey) {
        HostSlots host = hosts.get(hostKey);
        return host == null ? 0 : host.open;
    }

    /** Idle connections kept for reuse. */
    synchronized int idleConnections() {
        return idleLru.size();
    }

    /** Closes {@code pc} if it is still in the idle period the timer was set for. */
    private void expire(PooledConnection pc, long idlePeriod) {
        synchronized (this) {
            if (pc.state != PooledConnection.State.IDLE || pc.idlePeriods != idlePeriod) {
                return;
            }
        }
        discard(pc);
    }

    /** Closes the least recently used idle connection of any host, if there is one. Under the lock. */
    private void evictLeastRecentlyUsed(List<Channel> toClose) {
        Iterator<PooledConnection> it = idleLru.iterator();
        if (it.hasNext()) {
            PooledConnection victim = it.next();
            HostSlots victimHost = hosts.get(victim.key().hostKey());
            victimHost.idle.remove(victim);
            forget(victim, victimHost, toClose);
            dropIfEmpty(victim.key().hostKey(), victimHost);
        }
    }

    /** Marks {@code pc} closed and gives its slot back; the caller has removed it from the idle deque. */
    private void forget(PooledConnection pc, HostSlots host, List<Channel> toClose) {
        if (pc.state == PooledConnection.State.IDLE) {
            idleLru.remove(pc);
            cancelIdleTimer(pc);
        }
        pc.state = PooledConnection.State.CLOSED;
        host.open--;
        open--;
        if (pc.channel != null) {
            toClose.add(pc.channel);
        }
    }

    private void dropIfEmpty(String hostKey, HostSlots host) {
        if (host.open == 0 && host.idle.isEmpty()) {
            hosts.remove(hostKey);
        }
    }

    private static void cancelIdleTimer(PooledConnection pc) {
        if (pc.idleTimer != null) {
            pc.idleTimer.cancel(false);
            pc.idleTimer = null;
        }
    }

    private static void closeAll(List<Channel> channels) {
        for (Channel ch : channels) {
            ch.close();
        }
    }
}
