package org.kcrawl.http.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import java.net.InetAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.kcrawl.http.net.AddressGuard;

class ConnectionPoolTest {
    private static final InetAddress ADDRESS = AddressGuard.literal("192.0.2.1");
    private static final PoolKey A80 = new PoolKey(false, "a.example", 80);
    private static final PoolKey A443 = new PoolKey(true, "a.example", 443);
    private static final PoolKey B80 = new PoolKey(false, "b.example", 80);

    private final ConnectionPool pool = new ConnectionPool(3, 3, 2, Duration.ofSeconds(30));

    private PooledConnection open(PoolKey key) {
        PooledConnection pc = pool.reserve(key, ADDRESS);
        assertThat(pc).as("slot for " + key).isNotNull();
        assertThat(pool.connected(pc, new EmbeddedChannel(), null)).isTrue();
        return pc;
    }

    @Test
    void idleConnectionIsReusedForTheSameKeyOnly() {
        PooledConnection pc = open(A80);
        pool.release(pc);
        assertThat(pool.idleConnections()).isEqualTo(1);
        assertThat(pool.takeIdle(A443)).isNull();
        assertThat(pool.takeIdle(A80)).isSameAs(pc);
        assertThat(pool.idleConnections()).isZero();
        assertThat(pool.openConnections("a.example")).isEqualTo(1);
    }

    @Test
    void perHostCapCountsEveryPortAndSchemeAndRefusesWhenAllAreBusy() {
        open(A80);
        open(A443);
        assertThat(pool.openConnections("a.example")).isEqualTo(2);
        assertThat(pool.reserve(A80, ADDRESS)).isNull();
        assertThat(pool.openConnections()).isEqualTo(2);
    }

    @Test
    void perHostCapEvictsTheHostsLeastRecentlyUsedIdleConnection() {
        PooledConnection first = open(A443);
        PooledConnection second = open(A443);
        pool.release(first);
        pool.release(second);
        PooledConnection third = pool.reserve(A80, ADDRESS);
        assertThat(third).isNotNull();
        assertThat(first.channel().isOpen()).isFalse();
        assertThat(second.channel().isOpen()).isTrue();
        assertThat(pool.openConnections("a.example")).isEqualTo(2);
    }

    @Test
    void globalCapEvictsTheLeastRecentlyUsedIdleConnectionOfAnyHost() {
        PooledConnection a1 = open(A80);
        PooledConnection a2 = open(A80);
        PooledConnection b = open(B80);
        pool.release(a1);
        pool.release(b);
        assertThat(pool.reserve(new PoolKey(false, "c.example", 80), ADDRESS)).isNotNull();
        assertThat(a1.channel().isOpen()).isFalse();
        assertThat(b.channel().isOpen()).isTrue();
        assertThat(a2.channel().isOpen()).isTrue();
        assertThat(pool.openConnections()).isEqualTo(3);
    }

    @Test
    void idleConnectionsBeyondTheIdleCapCloseTheLeastRecentlyUsedFirst() {
        ConnectionPool small = new ConnectionPool(10, 2, 4, Duration.ofSeconds(30));
        PooledConnection[] pcs = new PooledConnection[3];
        for (int i = 0; i < pcs.length; i++) {
            pcs[i] = small.reserve(new PoolKey(false, "h" + i + ".example", 80), ADDRESS);
            assertThat(small.connected(pcs[i], new EmbeddedChannel(), null)).isTrue();
        }
        for (PooledConnection pc : pcs) {
            small.release(pc);
        }
        assertThat(small.idleConnections()).isEqualTo(2);
        assertThat(small.openConnections()).isEqualTo(2);
        assertThat(pcs[0].channel().isOpen()).as("the least recently used").isFalse();
        assertThat(pcs[1].channel().isOpen()).isTrue();
        assertThat(pcs[2].channel().isOpen()).isTrue();
    }

    @Test
    void noIdleAllowanceClosesEachConnectionAfterItsExchange() {
        ConnectionPool none = new ConnectionPool(10, 0, 4, Duration.ofSeconds(30));
        PooledConnection pc = none.reserve(A80, ADDRESS);
        assertThat(none.connected(pc, new EmbeddedChannel(), null)).isTrue();
        none.release(pc);
        assertThat(pc.channel().isOpen()).isFalse();
        assertThat(none.openConnections()).isZero();
    }

    @Test
    void globalCapRefusesWhenNothingIsIdle() {
        open(A80);
        open(B80);
        open(new PoolKey(false, "c.example", 80));
        assertThat(pool.reserve(new PoolKey(false, "d.example", 80), ADDRESS)).isNull();
    }

    @Test
    void discardIsIdempotentAndGivesTheSlotBackAtOnce() {
        PooledConnection pc = open(A80);
        pool.discard(pc);
        pool.discard(pc);
        assertThat(pool.openConnections()).isZero();
        assertThat(pool.openConnections("a.example")).isZero();
        assertThat(pc.channel().isOpen()).isFalse();
    }

    @Test
    void aChannelClosedByThePeerLeavesThePool() {
        PooledConnection pc = open(A80);
        pool.release(pc);
        pc.channel().close();
        assertThat(pool.openConnections()).isZero();
        assertThat(pool.idleConnections()).isZero();
        assertThat(pool.takeIdle(A80)).isNull();
    }

    @Test
    void idleConnectionsExpire() {
        PooledConnection pc = open(A80);
        pool.release(pc);
        EmbeddedChannel ch = (EmbeddedChannel) pc.channel();
        ch.advanceTimeBy(29, TimeUnit.SECONDS);
        ch.runScheduledPendingTasks();
        assertThat(pool.idleConnections()).isEqualTo(1);
        ch.advanceTimeBy(2, TimeUnit.SECONDS);
        ch.runScheduledPendingTasks();
        assertThat(pool.idleConnections()).isZero();
        assertThat(pool.openConnections()).isZero();
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void aStaleIdleTimerDoesNotCloseAConnectionThatWasReusedAndReleasedAgain() {
        PooledConnection pc = open(A80);
        pool.release(pc);
        EmbeddedChannel ch = (EmbeddedChannel) pc.channel();
        ch.advanceTimeBy(20, TimeUnit.SECONDS);
        assertThat(pool.takeIdle(A80)).isSameAs(pc);
        pool.release(pc);
        ch.advanceTimeBy(20, TimeUnit.SECONDS);
        ch.runScheduledPendingTasks();
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void connectingSlotDiscardedBeforeTheConnectionCompletesIsNotRevived() {
        PooledConnection pc = pool.reserve(A80, ADDRESS);
        pool.discard(pc);
        assertThat(pool.connected(pc, new EmbeddedChannel(), null)).isFalse();
        assertThat(pool.openConnections()).isZero();
    }

    @Test
    void closedPoolRefusesReservationsAndClosesIdleConnections() {
        PooledConnection pc = open(A80);
        pool.release(pc);
        pool.close();
        assertThat(pc.channel().isOpen()).isFalse();
        assertThat(pool.reserve(B80, ADDRESS)).isNull();
        assertThat(pool.openConnections()).isZero();
    }
}
