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
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A site that moves its pages the old way, by declarative refresh ({@code <meta http-equiv="refresh">}
 * in the markup, or a {@code Refresh} header), as old sites, documentation roots and static hosting
 * do: two loopback addresses sharing one port, each a host of its own, serving the same content pages.
 *
 * <ul>
 *   <li>Content, on both hosts: {@code /home.html} links {@code /a.html} and {@code /b.html};
 *       {@code /a.html} links {@code /c.html}; {@code /b.html} and {@code /c.html} link
 *       {@code /home.html}. No page links to {@code /}.</li>
 *   <li>{@code /}: a page titled "moved" whose only way on is
 *       {@code <meta http-equiv="refresh" content="0; url=/home.html">} (the site is reachable only
 *       through it); {@code /header}: the same by a {@code Refresh: 0; url=/home.html} header, with a
 *       body that says so; {@code /moved}: a meta refresh to the other host's {@code /home.html}.</li>
 *   <li>{@code /loop/N}: on to {@code /loop/N+1} forever, by turns a 302 (N = 0, 3, ...), a
 *       {@code Refresh} header (1, 4, ...) and a meta refresh (2, 5, ...); {@code /cycle/a} and
 *       {@code /cycle/b} meta-refresh to each other.</li>
 *   <li>{@code /slow} (a meta refresh), {@code /slow-header} (a header), both after 300 s, to
 *       {@code /never}; {@code /reload}, a meta refresh of itself every 30 s; each links
 *       {@code /linked}.</li>
 * </ul>
 *
 * <pre>{@code
 * try (RefreshSite site = RefreshSite.builder().start()) {
 *     crawl(site.url("/"));   // meta refresh to site.url("/home.html")
 * }
 * }</pre>
 */
public final class RefreshSite implements AutoCloseable {
    /** The content pages, on either host. */
    public static final List<String> CONTENT_PAGES = List.of("/home.html", "/a.html", "/b.html", "/c.html");

    private static final String HTML = "text/html; charset=utf-8";
    private static final int BIND_ATTEMPTS = 20;

    private final List<HttpServer> servers;
    private final ExecutorService executor;
    private final String origin;
    private final String other;
    private final Map<String, AtomicLong> requests = new ConcurrentHashMap<>();

    private RefreshSite(List<HttpServer> servers, ExecutorService executor, String origin, String other) {
        this.servers = servers;
        this.executor = executor;
        this.origin = origin;
        this.other = other;
    }

    /** A builder: the site on 127.0.0.111, the other host on 127.0.0.112. */
    public static Builder builder() {
        return new Builder();
    }

    /** {@code path} on the site. */
    public String url(String path) {
        return origin + checked(path);
    }

    /** {@code path} on the other host, where {@code /moved} leads. */
    public String otherUrl(String path) {
        return other + checked(path);
    }

    /** The other host's {@code host:port}, as the crawl's scope names the site. */
    public String otherSite() {
        return other.substring("http://".length());
    }

    /** How often {@code url} (one of this site's URLs, as the accessors give them) was requested. */
    public long requests(String url) {
        AtomicLong n = requests.get(url);
        return n == null ? 0 : n.get();
    }

    /** Stops serving at once. */
    @Override
    public void close() {
        servers.forEach(s -> s.stop(0));
        executor.shutdownNow();
    }

    @Override
    public String toString() {
        return "RefreshSite[" + origin + ", other " + other + "]";
    }

    private static String checked(String path) {
        if (path == null || !path.startsWith("/")) {
            throw new IllegalArgumentException("path must start with '/' but was " + path);
        }
        return path;
    }

    private void serve(String host, HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getRawPath();
            requests.computeIfAbsent(host + path, p -> new AtomicLong()).incrementAndGet();
            if (path.equals("/robots.txt")) {
                respond(exchange, 200, "text/plain; charset=utf-8", "User-agent: *\nAllow: /\n");
            } else if (CONTENT_PAGES.contains(path)) {
                respond(exchange, 200, HTML, content(path));
            } else if (host.equals(origin)) {
                serveMoves(exchange, path);
            } else {
                respond(exchange, 404, HTML, page("Not found", ""));
            }
        }
    }

    private void serveMoves(HttpExchange exchange, String path) throws IOException {
        if (path.startsWith("/loop/") && path.substring(6).matches("\\d{1,4}")) {
            int n = Integer.parseInt(path.substring(6));
            String next = "/loop/" + (n + 1);
            switch (n % 3) {
                case 0 -> {
                    exchange.getResponseHeaders().set("Location", next);
                    respond(exchange, 302, HTML, page("Found", ""));
                }
                case 1 -> {
                    exchange.getResponseHeaders().set("Refresh", "0; url=" + next);
                    respond(exchange, 200, HTML, page("Loop " + n, ""));
                }
                default -> respond(exchange, 200, HTML, page("Loop " + n, refresh("0; url=" + next)));
            }
            return;
        }
        switch (path) {
            case "/" -> respond(exchange, 200, HTML, page("moved", refresh("0; url=/home.html")));
            case "/header" -> {
                exchange.getResponseHeaders().set("Refresh", "0; url=/home.html");
                respond(exchange, 200, HTML, page("moved", ""));
            }
            case "/moved" -> respond(exchange, 200, HTML, page("moved", refresh("0; URL='" + other + "/home.html'")));
            case "/cycle/a" -> respond(exchange, 200, HTML, page("A", refresh("0;url=/cycle/b")));
            case "/cycle/b" -> respond(exchange, 200, HTML, page("B", refresh("0;url=/cycle/a")));
            case "/slow" -> respond(exchange, 200, HTML,
                    page("slow", refresh("300; url=/never")) + link("/linked"));
            case "/slow-header" -> {
                exchange.getResponseHeaders().set("Refresh", "300; url=/never");
                respond(exchange, 200, HTML, page("slow", "") + link("/linked"));
            }
            case "/reload" -> respond(exchange, 200, HTML, page("reload", refresh("30")) + link("/linked"));
            case "/linked", "/never" -> respond(exchange, 200, HTML, page(path.substring(1), ""));
            default -> respond(exchange, 404, HTML, page("Not found", ""));
        }
    }

    private static String content(String path) {
        return switch (path) {
            case "/home.html" -> page("Home", "") + link("/a.html") + link("/b.html");
            case "/a.html" -> page("A", "") + link("/c.html");
            default -> page(path.substring(1, path.indexOf('.')).toUpperCase(Locale.ROOT), "")
                    + link("/home.html");
        };
    }

    private static String refresh(String content) {
        return "<meta http-equiv=\"refresh\" content=\"" + content + "\">";
    }

    /** The start of a page: its head (with {@code head} in it) and its heading. */
    private static String page(String title, String head) {
        return "<!doctype html><html><head><title>" + title + "</title>" + head + "</head><body><h1>" + title
                + "</h1>";
    }

    private static String link(String href) {
        return "<p><a href=\"" + href + "\">" + href + "</a></p>";
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

    /** Collects the two addresses; {@link #start()} serves them on one free port. */
    public static final class Builder {
        private String address = "127.0.0.111";
        private String otherAddress = "127.0.0.112";

        private Builder() {}

        /** The site's and the other host's loopback addresses, {@code 127.X.Y.Z}, different. */
        public Builder addresses(String site, String otherHost) {
            for (String a : List.of(site, otherHost)) {
                Objects.requireNonNull(a, "address");
                if (!a.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}")) {
                    throw new IllegalArgumentException("addresses must be 127.0.0.0/8 addresses but one was " + a);
                }
            }
            if (site.equals(otherHost)) {
                throw new IllegalArgumentException("the two addresses must differ");
            }
            this.address = site;
            this.otherAddress = otherHost;
            return this;
        }

        /** Binds one free port on both addresses and starts serving. */
        public RefreshSite start() {
            ExecutorService executor = Executors.newFixedThreadPool(2, r -> {
                Thread t = new Thread(r, "refresh-site-" + address);
                t.setDaemon(true);
                return t;
            });
            for (int attempt = 1; ; attempt++) {
                List<HttpServer> servers = new ArrayList<>();
                try {
                    HttpServer first = bind(address, 0);
                    servers.add(first);
                    int port = first.getAddress().getPort();
                    servers.add(bind(otherAddress, port));
                    RefreshSite site = new RefreshSite(servers, executor, origin(address, port),
                            origin(otherAddress, port));
                    for (HttpServer server : servers) {
                        String host = origin(server.getAddress().getAddress().getHostAddress(), port);
                        server.setExecutor(executor);
                        server.createContext("/", exchange -> site.serve(host, exchange));
                        server.start();
                    }
                    return site;
                } catch (BindException e) {
                    // The first address's free port was taken on the other: try another port.
                    servers.forEach(s -> s.stop(0));
                    if (attempt == BIND_ATTEMPTS) {
                        executor.shutdownNow();
                        throw new UncheckedIOException("no port free on " + List.of(address, otherAddress), e);
                    }
                } catch (IOException e) {
                    servers.forEach(s -> s.stop(0));
                    executor.shutdownNow();
                    throw new UncheckedIOException("could not listen on " + List.of(address, otherAddress), e);
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
