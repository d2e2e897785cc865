package org.kcrawl.common.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves a worker's operational endpoints on one port: {@code /metrics} (Prometheus text format),
 * {@code /healthz} (liveness: the poll loop is alive) and {@code /readyz} (readiness: connected and
 * partitions assigned). Uses the JDK's HTTP server on a single small thread: scrapes are rare.
 */
public final class OpsServer implements AutoCloseable {
    /** Path of the Prometheus scrape. */
    public static final String METRICS_PATH = "/metrics";
    /** Path of the liveness probe. */
    public static final String LIVENESS_PATH = "/healthz";
    /** Path of the readiness probe. */
    public static final String READINESS_PATH = "/readyz";

    private static final Logger log = LoggerFactory.getLogger(OpsServer.class);

    private final HttpServer server;
    private final ExecutorService executor;

    private OpsServer(HttpServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
    }

    /**
     * Starts serving on {@code port} (0 picks a free one) of {@code bindAddress}.
     *
     * @param live true while the worker's poll loop is alive
     * @param ready true while the worker is connected and owns partitions
     */
    public static OpsServer start(String bindAddress, int port, PrometheusMeterRegistry registry,
                                  BooleanSupplier live, BooleanSupplier ready) {
        if (bindAddress == null || registry == null || live == null || ready == null) {
            throw new IllegalArgumentException("bindAddress, registry, live and ready must not be null");
        }
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(bindAddress, port), 16);
            ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "ops-http");
                t.setDaemon(true);
                return t;
            });
            server.setExecutor(executor);
            server.createContext(METRICS_PATH, ex -> respond(ex, 200,
                    "text/plain; version=0.0.4; charset=utf-8", registry.scrape()));
            server.createContext(LIVENESS_PATH, ex -> probe(ex, live));
            server.createContext(READINESS_PATH, ex -> probe(ex, ready));
            server.start();
            return new OpsServer(server, executor);
        } catch (IOException e) {
            throw new IllegalStateException("cannot serve metrics and health on " + bindAddress + ":" + port
                    + " (is the port taken? set metrics_port): " + e.getMessage(), e);
        }
    }

    /** The bound port. */
    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    private static void probe(HttpExchange ex, BooleanSupplier check) throws IOException {
        boolean ok;
        try {
            ok = check.getAsBoolean();
        } catch (RuntimeException e) {
            log.warn("health check failed: {}", e.toString());
            ok = false;
        }
        respond(ex, ok ? 200 : 503, "text/plain; charset=utf-8", ok ? "ok\n" : "unavailable\n");
    }

    private static void respond(HttpExchange ex, int status, String contentType, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", contentType);
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }
}
