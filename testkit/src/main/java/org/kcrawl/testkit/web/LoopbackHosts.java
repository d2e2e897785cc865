package org.kcrawl.testkit.web;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Several hosts for a test site: HTTP servers on loopback addresses that share one free port, so each
 * address is a host of its own ({@code http://127.0.0.71:PORT}, {@code http://127.0.0.72:PORT}), all
 * answered by one {@link Handler} that is told which host was asked. Counts the requests per URL.
 *
 * <p>Bound first, started second: a site needs its hosts' origins to build its pages, and the hosts
 * need the site to answer.
 *
 * <pre>{@code
 * LoopbackHosts hosts = LoopbackHosts.bind("my-site", List.of("127.0.0.71", "127.0.0.72"));
 * MySite site = new MySite(hosts);          // reads hosts.origin(0), hosts.origin(1)
 * hosts.start(site::serve);
 * }</pre>
 */
public final class LoopbackHosts implements AutoCloseable {
    /** Answers one request to the host at {@code origin} ({@code http://ADDRESS:PORT}). */
    @FunctionalInterface
    public interface Handler {
        void serve(String origin, HttpExchange exchange) throws IOException;
    }

    private static final int BIND_ATTEMPTS = 20;

    private final List<HttpServer> servers;
    private final List<String> origins;
    private final ExecutorService executor;
    private final Map<String, AtomicLong> requests = new ConcurrentHashMap<>();

    private LoopbackHosts(List<HttpServer> servers, List<String> origins, ExecutorService executor) {
        this.servers = servers;
        this.origins = origins;
        this.executor = executor;
    }

    /**
     * Binds one free port on every address of {@code addresses} (distinct, in 127.0.0.0/8); serves
     * nothing until {@link #start(Handler)}.
     */
    public static LoopbackHosts bind(String name, List<String> addresses) {
        checkAddresses(addresses);
        for (int attempt = 1; ; attempt++) {
            List<HttpServer> servers = new ArrayList<>();
            try {
                HttpServer first = bind(addresses.get(0), 0);
                servers.add(first);
                int port = first.getAddress().getPort();
                for (String address : addresses.subList(1, addresses.size())) {
                    servers.add(bind(address, port));
                }
                List<String> origins = addresses.stream().map(a -> "http://" + a + ":" + port).toList();
                ExecutorService executor = Executors.newFixedThreadPool(2, r -> {
                    Thread t = new Thread(r, name + "-" + addresses.get(0));
                    t.setDaemon(true);
                    return t;
                });
                return new LoopbackHosts(servers, origins, executor);
            } catch (BindException e) {
                // The first address's free port was taken on another one: try another port.
                servers.forEach(s -> s.stop(0));
                if (attempt == BIND_ATTEMPTS) {
                    throw new UncheckedIOException("no port free on " + addresses, e);
                }
            } catch (IOException e) {
                servers.forEach(s -> s.stop(0));
                throw new UncheckedIOException("could not listen on " + addresses, e);
            }
        }
    }

    /** Starts answering every host with {@code handler}, counting each request first. */
    public LoopbackHosts start(Handler handler) {
        Objects.requireNonNull(handler, "handler");
        for (int i = 0; i < servers.size(); i++) {
            String origin = origins.get(i);
            HttpServer server = servers.get(i);
            server.setExecutor(executor);
            server.createContext("/", exchange -> {
                try (exchange) {
                    requests.computeIfAbsent(origin + exchange.getRequestURI().getRawPath(), u -> new AtomicLong())
                            .incrementAndGet();
                    handler.serve(origin, exchange);
                }
            });
            server.start();
        }
        return this;
    }

    /** The origin ({@code http://ADDRESS:PORT}) of the {@code index}th address given to {@link #bind}. */
    public String origin(int index) {
        return origins.get(index);
    }

    /** How often {@code url} (an origin and a raw path, no query) was requested. */
    public long requests(String url) {
        AtomicLong n = requests.get(url);
        return n == null ? 0 : n.get();
    }

    /** How often any URL of the host at {@code origin} was requested, robots.txt included. */
    public long requestsTo(String origin) {
        return requests.entrySet().stream().filter(e -> e.getKey().startsWith(origin + "/"))
                .mapToLong(e -> e.getValue().get()).sum();
    }

    /** Stops serving at once. */
    @Override
    public void close() {
        servers.forEach(s -> s.stop(0));
        executor.shutdownNow();
    }

    /** Answers {@code status} with {@code body} (none to a HEAD request). */
    public static void respond(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        if (exchange.getRequestMethod().equals("HEAD")) {
            exchange.sendResponseHeaders(status, -1);
            return;
        }
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** Returns {@code path} when it starts with a slash, as a site's accessors take it. */
    public static String checkedPath(String path) {
        if (path == null || !path.startsWith("/")) {
            throw new IllegalArgumentException("path must start with '/' but was " + path);
        }
        return path;
    }

    /** Refuses addresses outside 127.0.0.0/8, repeated ones, or none. */
    public static void checkAddresses(List<String> addresses) {
        if (addresses == null || addresses.isEmpty()) {
            throw new IllegalArgumentException("at least one address is needed");
        }
        for (String a : addresses) {
            Objects.requireNonNull(a, "address");
            if (!a.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}")) {
                throw new IllegalArgumentException("addresses must be 127.0.0.0/8 addresses but one was " + a);
            }
        }
        if (new HashSet<>(addresses).size() != addresses.size()) {
            throw new IllegalArgumentException("the addresses must differ: " + addresses);
        }
    }

    private static HttpServer bind(String address, int port) throws IOException {
        return HttpServer.create(new InetSocketAddress(InetAddress.getByName(address), port), 64);
    }
}
