package org.kcrawl.http.client;

import io.netty.handler.proxy.HttpProxyHandler;
import io.netty.handler.proxy.ProxyHandler;
import io.netty.handler.proxy.Socks5ProxyHandler;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Chooses the proxy of each new connection ({@link ProxyMode}: the host's own, or the next in turn),
 * skips a proxy that failed {@link HttpClientSettings#PROXY_FAILURES_TO_COOL_DOWN} connections in a
 * row until its cool-down is over, and counts, per proxy, the connections through it that succeeded
 * and failed.
 *
 * <p>A failure is the proxy's when it could not be reached or stayed silent through its handshake; a
 * proxy that answered but refused the destination (an HTTP 502, a SOCKS "host unreachable") is working,
 * and the failure is the destination's. When every proxy is cooling down, the host's choice is used all
 * the same: a connection that may fail beats none at all, and its success ends the cool-down early.
 *
 * <p>Thread-safe and lock-free; choosing allocates nothing, so it costs a few hash steps a connection.
 */
final class ProxyRotation {
    private static final Logger log = LoggerFactory.getLogger(ProxyRotation.class);
    /** Marks a proxy that is not cooling down. */
    private static final long AVAILABLE = Long.MIN_VALUE;

    private final List<ProxySettings> proxies;
    private final List<InetSocketAddress> addresses;
    private final ProxyMode mode;
    private final long connectTimeoutMillis;
    private final long coolDownNanos;
    private final LongSupplier nanoClock;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicIntegerArray failuresInARow;
    private final AtomicLongArray coolingUntil;
    private final AtomicLongArray failures;
    private final AtomicLongArray successes;

    /** Resolves every proxy address once; blocking, so call it at start-up. */
    ProxyRotation(List<ProxySettings> proxies, ProxyMode mode, Duration connectTimeout, Duration coolDown,
                  LongSupplier nanoClock) {
        this.proxies = List.copyOf(proxies);
        List<InetSocketAddress> resolved = new ArrayList<>();
        for (ProxySettings p : proxies) {
            InetSocketAddress address = new InetSocketAddress(p.host(), p.port());
            if (address.isUnresolved()) {
                throw new IllegalArgumentException("proxy host does not resolve: " + p);
            }
            resolved.add(address);
        }
        this.addresses = List.copyOf(resolved);
        this.mode = mode;
        this.connectTimeoutMillis = connectTimeout.toMillis();
        this.coolDownNanos = coolDown.toNanos();
        this.nanoClock = nanoClock;
        this.failuresInARow = new AtomicIntegerArray(proxies.size());
        this.coolingUntil = new AtomicLongArray(proxies.size());
        for (int i = 0; i < proxies.size(); i++) {
            coolingUntil.set(i, AVAILABLE);
        }
        this.failures = new AtomicLongArray(proxies.size());
        this.successes = new AtomicLongArray(proxies.size());
    }

    /** The settings' proxies on the system clock. */
    ProxyRotation(HttpClientSettings settings) {
        this(settings.proxies(), settings.proxyMode(), settings.connectTimeout(), settings.proxyCoolDown(),
                System::nanoTime);
    }

    /** The index of the proxy for a new connection to {@code hostKey}, or -1 when connecting directly. */
    int choose(String hostKey) {
        int n = proxies.size();
        if (n == 0) {
            return -1;
        }
        if (n == 1) {
            return 0;
        }
        long now = nanoClock.getAsLong();
        return mode == ProxyMode.STICKY ? sticky(hostKey.hashCode(), now) : inTurn(now);
    }

    /** Rendezvous hashing: the host's highest-scoring proxy among the available ones. */
    private int sticky(int hostHash, long now) {
        int best = -1;
        long bestScore = Long.MIN_VALUE;
        int bestAny = 0;
        long bestAnyScore = Long.MIN_VALUE;
        for (int i = 0; i < proxies.size(); i++) {
            long score = mix(hostHash, i);
            if (score > bestAnyScore) {
                bestAnyScore = score;
                bestAny = i;
            }
            if (score > bestScore && isAvailable(i, now)) {
                bestScore = score;
                best = i;
            }
        }
        return best >= 0 ? best : bestAny;
    }

    private int inTurn(long now) {
        int n = proxies.size();
        int start = Math.floorMod(next.getAndIncrement(), n);
        for (int k = 0; k < n; k++) {
            int i = (start + k) % n;
            if (isAvailable(i, now)) {
                return i;
            }
        }
        return start;
    }

    private boolean isAvailable(int index, long now) {
        long until = coolingUntil.get(index);
        return until == AVAILABLE || now - until >= 0;
    }

    /** A 64-bit mix of a host's hash and a proxy index (SplitMix64's finalizer), for rendezvous scores. */
    private static long mix(int hostHash, int index) {
        long z = ((long) hostHash << 32 | index) + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A fresh handler for proxy {@code index} (handlers are per connection). */
    ProxyHandler newHandler(int index) {
        ProxySettings p = proxies.get(index);
        InetSocketAddress address = addresses.get(index);
        ProxyHandler handler = switch (p.type()) {
            case HTTP -> p.username() == null
                    ? new HttpProxyHandler(address) : new HttpProxyHandler(address, p.username(), p.password());
            case SOCKS5 -> new Socks5ProxyHandler(address, p.username(), p.password());
        };
        handler.setConnectTimeoutMillis(connectTimeoutMillis);
        return handler;
    }

    /** A connection through proxy {@code index} is ready; the proxy's failures in a row end. */
    void recordSuccess(int index) {
        successes.incrementAndGet(index);
        failuresInARow.set(index, 0);
        long until = coolingUntil.get(index);
        if (until != AVAILABLE && coolingUntil.compareAndSet(index, until, AVAILABLE)) {
            log.info("proxy {} works again", proxies.get(index).redactedUrl());
        }
    }

    /**
     * A connection through proxy {@code index} failed; {@code proxyAnswered} tells whether the proxy
     * itself took part (then the failure is the destination's and does not count toward a cool-down).
     */
    void recordFailure(int index, boolean proxyAnswered) {
        failures.incrementAndGet(index);
        if (proxyAnswered) {
            return;
        }
        if (failuresInARow.incrementAndGet(index) >= HttpClientSettings.PROXY_FAILURES_TO_COOL_DOWN) {
            failuresInARow.set(index, 0);
            coolingUntil.set(index, nanoClock.getAsLong() + coolDownNanos);
            log.warn("proxy {} failed {} connections in a row; skipped for {} s", proxies.get(index).redactedUrl(),
                    HttpClientSettings.PROXY_FAILURES_TO_COOL_DOWN, coolDownNanos / 1_000_000_000L);
        }
    }

    /** Proxy {@code index}'s URL without its password, for messages. */
    String describe(int index) {
        return proxies.get(index).redactedUrl();
    }

    /** Failed connections per proxy, in configuration order. */
    List<Long> failures() {
        return snapshot(failures);
    }

    /** Established connections per proxy, in configuration order. */
    List<Long> successes() {
        return snapshot(successes);
    }

    /** Whether each proxy, in configuration order, is cooling down now. */
    List<Boolean> coolingDown() {
        long now = nanoClock.getAsLong();
        List<Boolean> out = new ArrayList<>(proxies.size());
        for (int i = 0; i < proxies.size(); i++) {
            out.add(!isAvailable(i, now));
        }
        return List.copyOf(out);
    }

    private static List<Long> snapshot(AtomicLongArray a) {
        List<Long> out = new ArrayList<>(a.length());
        for (int i = 0; i < a.length(); i++) {
            out.add(a.get(i));
        }
        return List.copyOf(out);
    }
}
