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
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A site whose bare host redirects every path to its canonical host, the shape of
 * {@code example.org} answering {@code 301 Location: https://www.example.org/}: three loopback
 * addresses sharing one port, each a host of its own.
 *
 * <ul>
 *   <li>bare: every path answers {@code 301} to the same path on the canonical host (robots.txt
 *       aside, which every host serves itself and which allows everything).</li>
 *   <li>canonical: {@code /} links {@code /a} and {@code /b}; {@code /a} links {@code /c} and the
 *       bare host's {@code /hidden} (so {@code /hidden} is reached only through a redirect of a page
 *       that is no seed); {@code /b} links {@code /away}, which answers {@code 301} to the away
 *       host's {@code /}; {@code /c} links {@code /}; {@code /hidden}, {@code /extra} and
 *       {@code /later} link nowhere.</li>
 *   <li>away: another site. {@code /} links the canonical host's {@code /extra} and the bare host's
 *       {@code /later}: a second seed that reaches the moved site only if the crawl knows it moved.</li>
 * </ul>
 *
 * <pre>{@code
 * try (MovedSite site = MovedSite.builder().start()) {
 *     crawl(site.bare("/"));   // 301 to site.canonical("/")
 * }
 * }</pre>
 */
public final class MovedSite implements AutoCloseable {
    /** The canonical host's pages a crawl from the bare root reaches, in host scope. */
    public static final List<String> CANONICAL_PAGES = List.of("/", "/a", "/b", "/c", "/away", "/hidden");

    private static final String HTML = "text/html; charset=utf-8";
    private static final int BIND_ATTEMPTS = 20;

    private final List<HttpServer> servers;
    private final ExecutorService executor;
    private final String bare;
    private final String canonical;
    private final String away;
    private final Map<String, AtomicLong> requests = new ConcurrentHashMap<>();

    private MovedSite(List<HttpServer> servers, ExecutorService executor, String bare, String canonical, String away) {
        this.servers = servers;
        this.executor = executor;
        this.bare = bare;
        this.canonical = canonical;
        this.away = away;
    }

    /** A builder: bare 127.0.0.71, canonical 127.0.0.72, away 127.0.0.73. */
    public static Builder builder() {
        return new Builder();
    }

    /** {@code path} on the bare host, which redirects it to the canonical host. */
    public String bare(String path) {
        return bare + checked(path);
    }

    /** {@code path} on the canonical host. */
    public String canonical(String path) {
        return canonical + checked(path);
    }

    /** {@code path} on the away host. */
    public String away(String path) {
        return away + checked(path);
    }

    /** The canonical host's {@code host:port}, as the crawl's scope names the site. */
    public String canonicalSite() {
        return canonical.substring("http://".length());
    }

    /** How often {@code url} (one of this site's URLs, as the accessors give them) was requested. */
    public long requests(String url) {
        AtomicLong n = requests.get(url);
        return n == null ? 0 : n.get();
    }

    /** How often any URL of the away host was requested, robots.txt included. */
    public long awayRequests() {
        return requests.entrySet().stream().filter(e -> e.getKey().startsWith(away + "/"))
                .mapToLong(e -> e.getValue().get()).sum();
    }

    /** Stops serving at once. */
    @Override
    public void close() {
        servers.forEach(s -> s.stop(0));
        executor.shutdownNow();
    }

    @Override
    public String toString() {
        return "MovedSite[" + bare + " -> " + canonical + ", away " + away + "]";
    }

    private static String checked(String path) {
        if (path == null || !path.startsWith("/")) {
            throw new IllegalArgumentException("path must start with '/' but was " + path);
        }
        return path;
    }

    private void serve(String origin, HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getRawPath();
            requests.computeIfAbsent(origin + path, p -> new AtomicLong()).incrementAndGet();
            if (path.equals("/robots.txt")) {
                respond(exchange, 200, "text/plain; charset=utf-8", "User-agent: *\nAllow: /\n");
            } else if (origin.equals(bare)) {
                redirect(exchange, canonical + path);
            } else if (origin.equals(canonical)) {
                serveCanonical(exchange, path);
            } else if (path.equals("/")) {
                respond(exchange, 200, HTML, page("Away", canonical + "/extra", bare + "/later"));
            } else {
                respond(exchange, 404, HTML, page("Not found"));
            }
        }
    }

    private void serveCanonical(HttpExchange exchange, String path) throws IOException {
        switch (path) {
            case "/" -> respond(exchange, 200, HTML, page("Home", "/a", "/b"));
            case "/a" -> respond(exchange, 200, HTML, page("A", "/c", bare + "/hidden"));
            case "/b" -> respond(exchange, 200, HTML, page("B", "/away"));
            case "/c" -> respond(exchange, 200, HTML, page("C", "/"));
            case "/away" -> redirect(exchange, away + "/");
            case "/hidden", "/extra", "/later" -> respond(exchange, 200, HTML, page(path.substring(1)));
            default -> respond(exchange, 404, HTML, page("Not found"));
        }
    }

    private static String page(String title, String... links) {
        StringBuilder sb = new StringBuilder("<!doctype html><html><head><title>").append(title)
                .append("</title></head><body><h1>").append(title).append("</h1>");
        for (String link : links) {
            sb.append("<p><a href=\"").append(link).append("\">").append(link).append("</a></p>");
        }
        return sb.append("</body></html>").toString();
    }

    private static void redirect(HttpExchange exchange, String location) throws IOException {
        exchange.getResponseHeaders().set("Location", location);
        respond(exchange, 301, HTML, page("Moved", location));
    }

    private static void respond(HttpExchange exchange, int status, String type, String body) throws IOException {
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

    /** Collects the three addresses; {@link #start()} serves them on one free port. */
    public static final class Builder {
        private String bare = "127.0.0.71";
        private String canonical = "127.0.0.72";
        private String away = "127.0.0.73";

        private Builder() {}

        /** The three loopback addresses, {@code 127.X.Y.Z}, all different. */
        public Builder addresses(String bare, String canonical, String away) {
            for (String a : List.of(bare, canonical, away)) {
                Objects.requireNonNull(a, "address");
                if (!a.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}")) {
                    throw new IllegalArgumentException("addresses must be 127.0.0.0/8 addresses but one was " + a);
                }
            }
            if (bare.equals(canonical) || bare.equals(away) || canonical.equals(away)) {
                throw new IllegalArgumentException("the three addresses must differ");
            }
            this.bare = bare;
            this.canonical = canonical;
            this.away = away;
            return this;
        }

        /** Binds one free port on all three addresses and starts serving. */
        public MovedSite start() {
            ExecutorService executor = Executors.newFixedThreadPool(2, r -> {
                Thread t = new Thread(r, "moved-site-" + canonical);
                t.setDaemon(true);
                return t;
            });
            for (int attempt = 1; ; attempt++) {
                List<HttpServer> servers = new ArrayList<>();
                try {
                    HttpServer first = bind(canonical, 0);
                    servers.add(first);
                    int port = first.getAddress().getPort();
                    servers.add(bind(bare, port));
                    servers.add(bind(away, port));
                    MovedSite site = new MovedSite(servers, executor, origin(bare, port), origin(canonical, port),
                            origin(away, port));
                    for (HttpServer server : servers) {
                        String origin = origin(server.getAddress().getAddress().getHostAddress(), port);
                        server.setExecutor(executor);
                        server.createContext("/", exchange -> site.serve(origin, exchange));
                        server.start();
                    }
                    return site;
                } catch (BindException e) {
                    // The canonical host's free port was taken on another address: try another port.
                    servers.forEach(s -> s.stop(0));
                    if (attempt == BIND_ATTEMPTS) {
                        executor.shutdownNow();
                        throw new UncheckedIOException("no port free on " + List.of(bare, canonical, away), e);
                    }
                } catch (IOException e) {
                    servers.forEach(s -> s.stop(0));
                    executor.shutdownNow();
                    throw new UncheckedIOException("could not listen on " + List.of(bare, canonical, away), e);
                }
            }
        }

        private static HttpServer bind(String address, int port) throws IOException {
            return HttpServer.create(new InetSocketAddress(InetAddress.getByName(address), port), 64);
        }

        private static String origin(String address, int port) {
            return "http://" + address + ":" + port;
        }
    }
}
