package org.kcrawl.common.metrics;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves a worker's operational endpoints on one port: {@code /metrics} (Prometheus text format),
 * {@code /healthz} (liveness: the poll loop is alive) and {@code /readyz} (readiness: connected and
 * partitions assigned).
 *
 * <p>One thread multiplexes every connection without blocking on any: a client that sends half a request
 * and stops, or trickles it, costs a socket until {@link #READ_TIMEOUT} after it connected, and never delays
 * another client. The JDK's HTTP server it replaces read each request on a worker thread with no timeout,
 * so one such connection held its only thread, every liveness probe behind it failed, and Kubernetes
 * restarted a healthy pod. Each connection carries one request ({@code Connection: close}), which is all
 * probes and scrapes need. Only the request line is read; the headers are skipped up to a bound.
 */
public final class OpsServer implements AutoCloseable {
    /** Path of the Prometheus scrape. */
    public static final String METRICS_PATH = "/metrics";
    /** Path of the liveness probe. */
    public static final String LIVENESS_PATH = "/healthz";
    /** Path of the readiness probe. */
    public static final String READINESS_PATH = "/readyz";
    /** A connection whose request has not arrived whole this long after it connected is closed. */
    public static final Duration READ_TIMEOUT = Duration.ofSeconds(10);

    private static final Logger log = LoggerFactory.getLogger(OpsServer.class);

    private final ServerSocketChannel server;
    private final Selector selector;
    private final OpsEndpoints endpoints;
    private final long readTimeoutNanos;
    private final Thread thread;
    private volatile boolean closed;

    private OpsServer(ServerSocketChannel server, Selector selector, OpsEndpoints endpoints, Duration readTimeout) {
        this.server = server;
        this.selector = selector;
        this.endpoints = endpoints;
        this.readTimeoutNanos = readTimeout.toNanos();
        this.thread = new Thread(this::serve, "ops-http");
        thread.setDaemon(true);
    }

    /**
     * Starts serving on {@code port} (0 picks a free one) of {@code bindAddress}.
     *
     * @param live true while the worker's poll loop is alive
     * @param ready true while the worker is connected and owns partitions
     */
    public static OpsServer start(String bindAddress, int port, PrometheusMeterRegistry registry,
                                  BooleanSupplier live, BooleanSupplier ready) {
        return start(bindAddress, port, registry, live, ready, READ_TIMEOUT);
    }

    static OpsServer start(String bindAddress, int port, PrometheusMeterRegistry registry, BooleanSupplier live,
                           BooleanSupplier ready, Duration readTimeout) {
        if (bindAddress == null || registry == null || live == null || ready == null) {
            throw new IllegalArgumentException("bindAddress, registry, live and ready must not be null");
        }
        ServerSocketChannel server = null;
        Selector selector = null;
        try {
            server = ServerSocketChannel.open();
            server.bind(new InetSocketAddress(bindAddress, port), 64);
            server.configureBlocking(false);
            selector = Selector.open();
            server.register(selector, SelectionKey.OP_ACCEPT);
            OpsServer ops = new OpsServer(server, selector, new OpsEndpoints(registry, live, ready), readTimeout);
            ops.thread.start();
            return ops;
        } catch (IOException e) {
            closeQuietly(selector, server);
            throw new IllegalStateException("cannot serve metrics and health on " + bindAddress + ":" + port
                    + " (is the port taken? set metrics_port): " + e.getMessage(), e);
        }
    }

    /** The bound port. */
    public int port() {
        return server.socket().getLocalPort();
    }

    @Override
    public void close() {
        closed = true;
        selector.wakeup();
        try {
            thread.join(READ_TIMEOUT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void serve() {
        try {
            while (!closed) {
                selector.select(Math.max(1, Math.min(1000, readTimeoutNanos / 2_000_000)));
                for (SelectionKey key : selector.selectedKeys()) {
                    handle(key);
                }
                selector.selectedKeys().clear();
                closeExpired(System.nanoTime());
            }
        } catch (IOException | RuntimeException e) {
            log.error("the metrics and health endpoints stopped: {}", e.toString(), e);
        } finally {
            for (SelectionKey key : selector.keys()) {
                closeQuietly(key.channel());
            }
            closeQuietly(selector, server);
        }
    }

    private void handle(SelectionKey key) throws IOException {
        if (!key.isValid()) {
            return;
        }
        if (key.isAcceptable()) {
            SocketChannel client = server.accept();
            if (client != null) {
                client.configureBlocking(false);
                client.register(selector, SelectionKey.OP_READ, new OpsExchange(System.nanoTime()));
            }
            return;
        }
        SocketChannel client = (SocketChannel) key.channel();
        OpsExchange exchange = (OpsExchange) key.attachment();
        try {
            if (key.isReadable() && !exchange.read(client, endpoints)) {
                client.close(); // the peer closed before its request was whole
                return;
            }
            if (exchange.answered()) {
                if (exchange.write(client)) {
                    client.close();
                } else {
                    key.interestOps(SelectionKey.OP_WRITE);
                }
            }
        } catch (IOException e) {
            log.debug("ops connection closed: {}", e.toString());
            client.close();
        }
    }

    /** Closes the connections whose request did not arrive (or whose answer was not taken) in time. */
    private void closeExpired(long now) {
        for (SelectionKey key : selector.keys()) {
            if (key.attachment() instanceof OpsExchange exchange && exchange.expired(now, readTimeoutNanos)) {
                closeQuietly(key.channel());
            }
        }
    }

    private static void closeQuietly(AutoCloseable... closeables) {
        for (AutoCloseable c : closeables) {
            if (c == null) {
                continue;
            }
            try {
                c.close();
            } catch (Exception e) {
                // Closing on the way out: the socket or selector is gone either way.
                log.debug("closing {}: {}", c, e.toString());
            }
        }
    }
}
