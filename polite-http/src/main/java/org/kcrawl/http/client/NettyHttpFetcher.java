package org.kcrawl.http.client;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.resolver.NoopAddressResolverGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.kcrawl.common.message.Revisit;
import org.kcrawl.http.net.AddressGuard;
import org.kcrawl.http.net.DnsHostResolver;
import org.kcrawl.http.net.HostResolver;

/**
 * The production {@link HttpFetcher}: a non-blocking HTTP/1.1 client on Netty with keep-alive
 * connection pooling, asynchronous DNS, an SSRF address guard, optional proxies and a bound on every
 * byte, second and connection (see {@link HttpClientSettings}). One instance serves a whole worker.
 *
 * <h2>Caps</h2>
 * A fetch is <em>in flight</em> from {@link #fetch} until its future completes; the counts drop
 * before the future completes, so a caller may start the next fetch from the completion callback.
 * The caller (the politeness scheduler) keeps fetches in flight within {@code maxConnections} in
 * total and {@code maxConnectionsPerHost} per host key ({@link org.kcrawl.common.url.HostKey}). The
 * connection pool uses the same two numbers as caps on open connections and evicts idle connections
 * when one is reached, so an admitted fetch always gets a connection at once and never waits for a
 * slot: there is no queue inside the client. A fetch that would exceed either cap is refused at once
 * with a {@link FetchRejectedException} of kind CAPACITY (a safety net: it means the caller broke
 * its side of the contract, and the URL should be requeued, not failed).
 *
 * <h2>Memory</h2>
 * Each response body grows its buffer with the data, within the {@link BodyMemory} the client was
 * given: a body that cannot grow stops its connection reading until it may (see {@link ExchangeHandler}).
 * A fetch whose body found no memory before its total deadline fails with a {@link FetchRejectedException}
 * of kind MEMORY: the URL is not at fault and should be tried again later.
 *
 * <h2>Addresses</h2>
 * IP literals are used as they are; names go to the {@link HostResolver}. Every address is checked by
 * the {@link AddressGuard} before a socket is opened, and the checked address itself is dialed (no
 * second resolution, also not by a proxy: proxies are asked for the address, not the name). When an
 * answer mixes refused and allowed addresses, the first allowed one is dialed; when all are refused the
 * fetch fails with BLOCKED_ADDRESS and no socket is opened. A proxy's own address is not checked: the
 * operator named it, and naming one never opens its address (or any other) to the URLs crawled.
 *
 * <h2>Threads</h2>
 * Each host is served by one event loop (chosen by hashing its host key), which runs all of that
 * host's fetches, connections and timers. Futures complete on that loop; callers must not block in
 * their callbacks.
 */
public final class NettyHttpFetcher implements HttpFetcher {
    private static final long SHUTDOWN_TIMEOUT_MS = 5_000;

    private final HttpClientSettings settings;
    private final NioEventLoopGroup group;
    private final List<EventLoop> loops;
    private final HostResolver resolver;
    private final boolean ownsResolver;
    private final ClientContext client;
    private volatile boolean closed;

    /** A fetcher that resolves names with asynchronous DNS. */
    public NettyHttpFetcher(HttpClientSettings settings) {
        this(settings, null, Dialer.DIRECT);
    }

    /** A fetcher that resolves names with {@code resolver}, which stays owned (and closed) by the caller. */
    public NettyHttpFetcher(HttpClientSettings settings, HostResolver resolver) {
        this(settings, Objects.requireNonNull(resolver, "resolver must not be null"), Dialer.DIRECT);
    }

    /**
     * A fetcher that resolves names with {@code resolver} (owned by the caller) and whose response bodies
     * take their memory from {@code memory}, so that the bodies on the wire stay within it.
     */
    public NettyHttpFetcher(HttpClientSettings settings, HostResolver resolver, BodyMemory memory) {
        this(settings, Objects.requireNonNull(resolver, "resolver must not be null"), Dialer.DIRECT,
                Objects.requireNonNull(memory, "memory must not be null"));
    }

    NettyHttpFetcher(HttpClientSettings settings, HostResolver resolver, Dialer dialer) {
        this(settings, resolver, dialer, BodyMemory.UNBOUNDED);
    }

    NettyHttpFetcher(HttpClientSettings settings, HostResolver resolver, Dialer dialer, BodyMemory memory) {
        this.settings = Objects.requireNonNull(settings, "settings must not be null");
        this.group = new NioEventLoopGroup(settings.eventLoopThreads(), new DefaultThreadFactory("kcrawl-fetch", true));
        List<EventLoop> all = new ArrayList<>();
        for (EventExecutor e : group) {
            all.add((EventLoop) e);
        }
        this.loops = List.copyOf(all);
        try {
            this.ownsResolver = resolver == null;
            this.resolver = resolver != null ? resolver : new DnsHostResolver(loops.get(0),
                    settings.dnsQueryTimeout(), settings.dnsMaxTtl(), settings.dnsNegativeTtl());
            Bootstrap bootstrap = new Bootstrap()
                    .group(group)
                    .channel(NioSocketChannel.class)
                    .resolver(NoopAddressResolverGroup.INSTANCE)
                    .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE,
                            settings.connectTimeout().toMillis()))
                    .option(ChannelOption.TCP_NODELAY, true)
                    .option(ChannelOption.SO_KEEPALIVE, true);
            Set<Fetch> running = ConcurrentHashMap.newKeySet();
            this.client = new ClientContext(settings, ResponseLimits.of(settings), memory, TlsContexts.forClient(settings),
                    bootstrap, Objects.requireNonNull(dialer, "dialer must not be null"), this.resolver,
                    new AddressGuard(settings.allowPrivate(), settings.allowedRanges(), settings.deniedRanges()),
                    new ConnectionPool(settings.maxOpenConnections(), settings.maxIdleConnections(),
                            settings.maxConnectionsPerHost(), settings.idleConnectionTimeout()),
                    new InFlightLimiter(settings.maxConnections(), settings.maxConnectionsPerHost()),
                    new ProxyRotation(settings),
                    new RequestFactory(settings.userAgent(), settings.extraHeaders(), settings.hostHeaders()),
                    running);
        } catch (RuntimeException e) {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw e;
        }
    }

    @Override
    public CompletableFuture<HttpResult> fetch(String url, SendListener sent) {
        return fetch(url, null, sent);
    }

    @Override
    public CompletableFuture<HttpResult> fetch(String url, Revisit revisit, SendListener sent) {
        Objects.requireNonNull(sent, "sent must not be null");
        FetchTarget target;
        try {
            target = FetchTarget.parse(url);
        } catch (FetchException e) {
            return CompletableFuture.failedFuture(e);
        }
        if (closed) {
            return CompletableFuture.failedFuture(
                    new FetchRejectedException(FetchRejectedException.Kind.CLOSED, "the fetcher is closed"));
        }
        if (!client.limiter().tryAcquire(target.hostKey())) {
            return CompletableFuture.failedFuture(new FetchRejectedException(FetchRejectedException.Kind.CAPACITY,
                    "fetches in flight already at the cap (" + settings.maxConnections() + " in total, "
                            + settings.maxConnectionsPerHost() + " per host) for " + target.hostKey()));
        }
        Fetch fetch = new Fetch(client, target, revisit, loopFor(target.hostKey()), sent);
        client.running().add(fetch);
        CompletableFuture<HttpResult> result = fetch.promise();
        fetch.start();
        if (closed) {
            fetch.abort(new FetchRejectedException(FetchRejectedException.Kind.CLOSED, "the fetcher is closed"));
        }
        return result;
    }

    /** Fetches in flight. */
    public int inFlight() {
        return client.limiter().total();
    }

    /** Fetches in flight for {@code hostKey} (as {@link org.kcrawl.common.url.HostKey#of} spells it). */
    public int inFlight(String hostKey) {
        return client.limiter().forHost(hostKey);
    }

    /** Open connections: connecting, busy and idle. */
    public int openConnections() {
        return client.pool().openConnections();
    }

    /** Open connections to {@code hostKey}, any scheme and port. */
    public int openConnections(String hostKey) {
        return client.pool().openConnections(hostKey);
    }

    /** Idle keep-alive connections. */
    public int idleConnections() {
        return client.pool().idleConnections();
    }

    /** Connections that failed to open, per configured proxy. */
    public List<Long> proxyFailures() {
        return client.proxies().failures();
    }

    /** Connections opened, per configured proxy. */
    public List<Long> proxySuccesses() {
        return client.proxies().successes();
    }

    /** Whether each configured proxy is cooling down now, skipped by new connections. */
    public List<Boolean> proxiesCoolingDown() {
        return client.proxies().coolingDown();
    }

    /** The settings this client runs with. */
    public HttpClientSettings settings() {
        return settings;
    }

    /**
     * Fails in-flight fetches with {@link FetchRejectedException} (kind CLOSED), closes connections
     * and stops the event loops, waiting at most a few seconds (not at all when called on one of them).
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (Fetch fetch : List.copyOf(client.running())) {
            fetch.abort(new FetchRejectedException(FetchRejectedException.Kind.CLOSED, "the fetcher was closed"));
        }
        client.pool().close();
        if (ownsResolver) {
            resolver.close();
        }
        var termination = group.shutdownGracefully(0, SHUTDOWN_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        boolean onOwnLoop = loops.stream().anyMatch(EventLoop::inEventLoop);
        if (!onOwnLoop) {
            termination.awaitUninterruptibly(SHUTDOWN_TIMEOUT_MS + 1_000);
        }
    }

    private EventLoop loopFor(String hostKey) {
        return loops.get(Math.floorMod(hostKey.hashCode(), loops.size()));
    }
}
