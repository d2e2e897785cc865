package org.kcrawl.chaos;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An HTTP server on 127.0.0.1 serving HTML pages of chosen sizes, for the size-limit tests: each page is
 * generated once, {@code /robots.txt} is 404, and every request is counted per path.
 */
final class BigPageServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(BigPageServer.class);

    private final HttpServer server;
    private final ExecutorService executor;
    private final Map<String, byte[]> pages = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> requests = new ConcurrentHashMap<>();

    private BigPageServer(HttpServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
    }

    /** Serves on a free port of 127.0.0.1, four responses at a time. */
    static BigPageServer start() {
        return start(4);
    }

    /** Serves on a free port of 127.0.0.1, {@code threads} responses at a time. */
    static BigPageServer start(int threads) {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0),
                    Math.max(16, threads));
            ExecutorService executor = Executors.newFixedThreadPool(threads, r -> {
                Thread t = new Thread(r, "big-page-server");
                t.setDaemon(true);
                return t;
            });
            server.setExecutor(executor);
            BigPageServer s = new BigPageServer(server, executor);
            server.createContext("/", s::handle);
            server.start();
            return s;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the big page server", e);
        }
    }

    /**
     * Serves {@code path} as an HTML page of exactly {@code bytes} bytes: {@code paragraphs} paragraphs of
     * equal length (plain letters) between a fixed head and tail; returns its absolute URL.
     */
    String page(String path, int bytes, int paragraphs) {
        if (!path.startsWith("/") || path.equals(FetchLedger.ROBOTS)) {
            throw new IllegalArgumentException("path must start with / and not be robots.txt but was " + path);
        }
        String head = "<!doctype html><html><head><title>" + path + "</title></head><body>";
        String tail = "</body></html>";
        int room = bytes - head.length() - tail.length() - paragraphs * "<p></p>".length();
        if (paragraphs < 1 || room < paragraphs) {
            throw new IllegalArgumentException("bytes " + bytes + " cannot hold " + paragraphs + " paragraphs");
        }
        StringBuilder html = new StringBuilder(bytes).append(head);
        for (int i = 0; i < paragraphs; i++) {
            int len = room / paragraphs + (i < room % paragraphs ? 1 : 0);
            html.append("<p>").append("x".repeat(len)).append("</p>");
        }
        html.append(tail);
        byte[] body = html.toString().getBytes(StandardCharsets.US_ASCII);
        if (body.length != bytes) {
            throw new IllegalStateException("generated " + body.length + " bytes instead of " + bytes);
        }
        pages.put(path, body);
        return url(path);
    }

    /** Serves {@code path} with the same body as {@code original} (kept once); returns its absolute URL. */
    String sameAs(String path, String original) {
        byte[] body = pages.get(original);
        if (body == null || !path.startsWith("/") || path.equals(FetchLedger.ROBOTS)) {
            throw new IllegalArgumentException("no page " + original + " to serve at " + path);
        }
        pages.put(path, body);
        return url(path);
    }

    /** Requests received so far, over every path. */
    long requests() {
        return requests.values().stream().mapToLong(AtomicLong::get).sum();
    }

    /** The absolute URL of {@code path} on this server. */
    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** Requests {@code path} received so far. */
    long requests(String path) {
        AtomicLong n = requests.get(path);
        return n == null ? 0 : n.get();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        requests.computeIfAbsent(path, p -> new AtomicLong()).incrementAndGet();
        byte[] body = pages.get(path);
        try (exchange) {
            if (body == null) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            } catch (IOException e) {
                // A client that caps bodies hangs up mid-body: that is the behaviour under test, not a fault.
                log.debug("client closed {} after part of the body: {}", path, e.toString());
            }
        }
    }
}
