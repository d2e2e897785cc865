package org.kcrawl.http.client;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.EventLoop;
import io.netty.handler.proxy.ProxyHandler;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.NetUtil;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.ScheduledFuture;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.kcrawl.common.message.Capture;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.message.Revisit;
import org.kcrawl.http.net.Cidr;

/**
 * One fetch, from admission to its single completion: reuse an idle connection or resolve, check the
 * address, connect (through a proxy, with TLS), run the exchange, and give the connection back.
 *
 * <p>After {@link #start()} everything runs on the event loop that owns the URL's host, where the
 * host's connections also live, so the state below needs no locking. The total deadline is a timer on
 * that loop. A fetch that fails before any response byte on a reused connection (the server closed
 * it while idle) is retried once on a fresh connection.
 */
final class Fetch implements ExchangeListener {
    private final ClientContext client;
    private final FetchTarget target;
    /** The previous fetch of a recrawl, whose validators make the request conditional; null otherwise. */
    private final Revisit revisit;
    private final EventLoop loop;
    private final SendListener sendListener;
    private final CompletableFuture<HttpResult> promise = new CompletableFuture<>();
    private final AtomicBoolean finished = new AtomicBoolean();
    private final long startNanos = System.nanoTime();

    private ScheduledFuture<?> deadline;
    private FailureClassifier.Phase phase = FailureClassifier.Phase.RESOLVE;
    private PooledConnection conn;
    private ChannelFuture connecting;
    private boolean reused;
    private boolean retried;
    private int proxyIndex = -1;
    private ProxyReplyProbe proxyProbe;

    Fetch(ClientContext client, FetchTarget target, Revisit revisit, EventLoop loop, SendListener sendListener) {
        this.client = client;
        this.target = target;
        this.revisit = revisit;
        this.loop = loop;
        this.sendListener = sendListener;
    }

    CompletableFuture<HttpResult> promise() {
        return promise;
    }

    /** Hands the fetch to its event loop. Any thread. */
    void start() {
        onLoop(this::begin);
    }

    /** Fails the fetch from any thread (used when the client closes). */
    void abort(FetchException failure) {
        onLoop(() -> fail(failure));
    }

    private void begin() {
        if (finished.get()) {
            return;
        }
        deadline = loop.schedule(this::onDeadline, client.settings().totalDeadline().toNanos(), TimeUnit.NANOSECONDS);
        PooledConnection idle = client.pool().takeIdle(target.poolKey());
        if (idle != null) {
            send(idle, true);
        } else {
            resolve();
        }
    }

    private void resolve() {
        phase = FailureClassifier.Phase.RESOLVE;
        InetAddress literal = NetUtil.createInetAddressFromIpAddressString(target.host());
        if (literal != null) {
            choose(List.of(literal));
            return;
        }
        CompletableFuture<List<InetAddress>> answer;
        try {
            answer = client.resolver().resolve(target.host());
        } catch (RuntimeException e) {
            fail(new FetchException(FailureReason.DNS, "resolver refused " + target.host(), null, e));
            return;
        }
        answer.whenComplete((addresses, error) -> onLoop(() -> onResolved(addresses, error)));
    }

    private void onResolved(List<InetAddress> addresses, Throwable error) {
        if (finished.get()) {
            return;
        }
        if (error != null) {
            Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
            fail(new FetchException(FailureReason.DNS, "cannot resolve " + target.host(), null, cause));
        } else if (addresses == null || addresses.isEmpty()) {
            fail(new FetchException(FailureReason.DNS, target.host() + " has no addresses"));
        } else {
            choose(addresses);
        }
    }

    /** Dials the first allowed address; refuses when every address is blocked. No socket is opened before this check. */
    private void choose(List<InetAddress> addresses) {
        InetAddress blocked = null;
        Cidr blockedRange = null;
        for (InetAddress address : addresses) {
            Optional<Cidr> range = client.guard().blockingRange(address);
            if (range.isEmpty()) {
                PooledConnection idle = retried ? null : client.pool().takeIdle(target.poolKey());
                if (idle != null) {
                    send(idle, true);
                } else {
                    connect(address);
                }
                return;
            }
            if (blocked == null) {
                blocked = address;
                blockedRange = range.get();
            }
        }
        String kind = client.guard().isDenied(blockedRange) ? "denied" : "non-global";
        fail(new FetchException(FailureReason.BLOCKED_ADDRESS, target.host() + " resolves to "
                + blocked.getHostAddress() + ", inside " + kind + " range " + blockedRange));
    }

    private void connect(InetAddress address) {
        phase = FailureClassifier.Phase.CONNECT;
        PooledConnection pc = client.pool().reserve(target.poolKey(), address);
        if (pc == null) {
            fail(new FetchRejectedException(FetchRejectedException.Kind.CAPACITY,
                    "no connection slot for " + target.hostKey() + ": fetches in flight exceed the connection caps"));
            return;
        }
        conn = pc;
        reused = false;
        proxyIndex = client.proxies().choose(target.hostKey());
        ProxyHandler proxy = null;
        proxyProbe = null;
        if (proxyIndex >= 0) {
            proxy = client.proxies().newHandler(proxyIndex);
            proxyProbe = new ProxyReplyProbe();
        }
        Bootstrap bootstrap = client.bootstrap().clone(loop).handler(new FetchChannelInitializer(
                client.settings(), client.limits(), client.memory(), client.ssl(), target, proxy, proxyProbe));
        connecting = client.dialer().connect(bootstrap, new InetSocketAddress(withoutName(address), target.port()));
        connecting.addListener((ChannelFuture f) -> onConnected(pc, f));
    }

    /**
     * The same address without the host name a resolver may have attached, so that nothing
     * downstream (an HTTP proxy's CONNECT line in particular) can send the name to be resolved again.
     */
    private static InetAddress withoutName(InetAddress address) {
        try {
            return InetAddress.getByAddress(address.getAddress());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("address of unexpected length: " + address, e);
        }
    }

    private void onConnected(PooledConnection pc, ChannelFuture f) {
        if (finished.get() || conn != pc) {
            f.channel().close();
            return;
        }
        if (!f.isSuccess()) {
            onSetupFailed(f.cause());
            return;
        }
        Channel ch = f.channel();
        ExchangeHandler exchange = (ExchangeHandler) ch.pipeline().get(FetchChannelInitializer.EXCHANGE);
        if (!client.pool().connected(pc, ch, exchange)) {
            ch.close();
            fail(new FetchException(FailureReason.INTERNAL, "connection slot lost while connecting"));
            return;
        }
        whenReady(ch, ok -> {
            if (finished.get()) {
                return;
            }
            if (!ok.isSuccess()) {
                onSetupFailed(ok.cause());
            } else {
                if (proxyIndex >= 0) {
                    client.proxies().recordSuccess(proxyIndex);
                }
                send(pc, false);
            }
        });
    }

    /** Completes once the proxy tunnel (if any) and then the TLS handshake (if https) are done. */
    private void whenReady(Channel ch, Consumer<Future<?>> then) {
        ProxyHandler proxy = (ProxyHandler) ch.pipeline().get(FetchChannelInitializer.PROXY);
        SslHandler tls = (SslHandler) ch.pipeline().get(FetchChannelInitializer.TLS);
        Runnable afterProxy = () -> {
            if (tls == null) {
                then.accept(ch.newSucceededFuture());
            } else {
                tls.handshakeFuture().addListener(then::accept);
            }
        };
        if (proxy == null) {
            afterProxy.run();
        } else {
            proxy.connectFuture().addListener(p -> {
                if (p.isSuccess()) {
                    afterProxy.run();
                } else {
                    then.accept(p);
                }
            });
        }
    }

    private void onSetupFailed(Throwable cause) {
        String through = "";
        if (proxyIndex >= 0) {
            client.proxies().recordFailure(proxyIndex, proxyProbe.answered());
            // Name the proxy: "connection refused" alone points at the site when the proxy may be the one down.
            through = " through proxy " + client.proxies().describe(proxyIndex);
        }
        fail(new FetchException(FailureClassifier.classify(cause, FailureClassifier.Phase.CONNECT),
                "cannot connect to " + target.hostKey() + ":" + target.port() + through, null, cause));
    }

    private void send(PooledConnection pc, boolean reusedConnection) {
        if (!pc.channel().eventLoop().inEventLoop()) {
            client.pool().discard(pc);
            fail(new FetchException(FailureReason.INTERNAL, "connection of " + target.hostKey()
                    + " lives on another event loop"));
            return;
        }
        conn = pc;
        reused = reusedConnection;
        phase = FailureClassifier.Phase.AWAIT_RESPONSE;
        pc.exchange().start(client.requests().get(target, revisit), this);
    }

    @Override
    public void onWritten() {
        if (!finished.get()) {
            sendListener.sent();
        }
    }

    @Override
    public void onResponse(ResponseData response, boolean reusable) {
        PooledConnection pc = conn;
        conn = null;
        if (pc == null) {
            return;
        }
        if (reusable && !finished.get()) {
            client.pool().release(pc);
        } else {
            client.pool().discard(pc);
        }
        long durationMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
        String address = pc.remoteAddress().getHostAddress();
        ConnectionState.Heads heads = response.heads();
        Capture capture = heads == null ? null : new Capture(heads.request(), heads.response(), address);
        succeed(new HttpResult(target.url(), response.status(), response.headers(), response.contentType(),
                response.body(), response.truncated(), durationMs, address, capture));
    }

    @Override
    public void onFailure(FetchException failure, boolean responseStarted) {
        PooledConnection pc = conn;
        conn = null;
        if (pc != null) {
            client.pool().discard(pc);
        }
        if (finished.get()) {
            return;
        }
        if (reused && !responseStarted && !retried && failure.reason() == FailureReason.CONNECT) {
            // The server closed the idle connection as we reused it: not the URL's fault, try a fresh one.
            retried = true;
            sendListener.resending();
            resolve();
            return;
        }
        fail(failure);
    }

    private void onDeadline() {
        PooledConnection pc = conn;
        if (pc != null && pc.exchange().waitingForMemory()) {
            // Its body waited for the fetcher's own memory, not for the server: the URL is not at fault.
            fail(new FetchRejectedException(FetchRejectedException.Kind.MEMORY, "the body of " + target.url()
                    + " was still waiting for memory at the total deadline of "
                    + client.settings().totalDeadline().toMillis() + " ms"));
            return;
        }
        fail(new FetchException(FailureReason.TIMEOUT, "total deadline of "
                + client.settings().totalDeadline().toMillis() + " ms exceeded while "
                + phase.name().toLowerCase(java.util.Locale.ROOT)));
    }

    private void succeed(HttpResult result) {
        if (finishOnce()) {
            promise.complete(result);
        }
    }

    private void fail(FetchException failure) {
        if (finishOnce()) {
            promise.completeExceptionally(failure);
        }
    }

    /** Releases everything this fetch holds, once; true for the caller that may complete the promise. */
    private boolean finishOnce() {
        if (!finished.compareAndSet(false, true)) {
            return false;
        }
        if (deadline != null) {
            deadline.cancel(false);
        }
        if (connecting != null && !connecting.isDone()) {
            connecting.channel().close();
        }
        PooledConnection pc = conn;
        conn = null;
        if (pc != null) {
            client.pool().discard(pc);
        }
        client.running().remove(this);
        client.limiter().release(target.hostKey());
        return true;
    }

    private void onLoop(Runnable task) {
        if (loop.inEventLoop()) {
            task.run();
            return;
        }
        try {
            loop.execute(task);
        } catch (RejectedExecutionException e) {
            fail(new FetchRejectedException(FetchRejectedException.Kind.CLOSED, "the fetcher is closed"));
        }
    }
}
