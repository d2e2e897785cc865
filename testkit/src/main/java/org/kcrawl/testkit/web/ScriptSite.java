package org.kcrawl.testkit.web;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A site built by its scripts, as single-page applications are: every page is the same empty shell
 * (title "Loading", an empty {@code <div id="app">} and {@code <script src="/app.js">}), and only once
 * the script has fetched {@code /api/page?path=...} does the page get its real title, heading and
 * links. A crawler that does not run scripts finds no link and no title but "Loading".
 *
 * <ul>
 *   <li>{@code /}: "Script home", linking {@code /p/1} to {@code /p/N}; {@code /p/i}: "Script page i",
 *       linking {@code /p/(i mod N)+1} and {@code /}.</li>
 *   <li>{@code /leak}: a shell whose script ({@code /leak.js}) asks the other host's {@code /secret} and the
 *       cloud metadata address {@code 169.254.169.254} with {@code fetch()}, then titles itself "Leak page"
 *       whatever they answered. The other host (a second loopback address on the same port) logs every
 *       request, so a test can see that none arrived.</li>
 *   <li>{@code /robots.txt} allows everything.</li>
 * </ul>
 *
 * Every request is logged with its arrival time ({@link #hits}), for judging politeness from the server.
 */
public final class ScriptSite implements AutoCloseable {
    private static final String HTML = "text/html; charset=utf-8";
    private static final int BIND_ATTEMPTS = 20;
    private static final String APP_JS = """
            (async () => {
              const answer = await fetch('/api/page?path=' + encodeURIComponent(location.pathname));
              const page = await answer.json();
              document.title = page.title;
              const app = document.getElementById('app');
              const h1 = document.createElement('h1');
              h1.textContent = page.title;
              app.appendChild(h1);
              for (const href of page.links) {
                const a = document.createElement('a');
                a.href = href;
                a.textContent = 'to ' + href;
                const p = document.createElement('p');
                p.appendChild(a);
                app.appendChild(p);
              }
            })();
            """;

    /** One request as the server saw it. */
    public record Hit(String host, String path, long arrivedNanos) {}

    private final List<HttpServer> servers;
    private final ExecutorService executor;
    private final String origin;
    private final String other;
    private final int pages;
    private final ConcurrentLinkedQueue<Hit> hits = new ConcurrentLinkedQueue<>();

    private ScriptSite(List<HttpServer> servers, ExecutorService executor, String origin, String other, int pages) {
        this.servers = servers;
        this.executor = executor;
        this.origin = origin;
        this.other = other;
        this.pages = pages;
    }

    /** A builder: the site on 127.0.0.121 with 5 pages besides its home, the other host on 127.0.0.122. */
    public static Builder builder() {
        return new Builder();
    }

    /** {@code path} on the site. */
    public String url(String path) {
        return origin + checked(path);
    }

    /** {@code path} on the other host (where {@code /leak} sends its script). */
    public String otherUrl(String path) {
        return other + checked(path);
    }

    /** The site's content pages: its home and {@code /p/1} to {@code /p/N}. */
    public List<String> contentUrls() {
        List<String> out = new ArrayList<>();
        out.add(url("/"));
        for (int i = 1; i <= pages; i++) {
            out.add(url("/p/" + i));
        }
        return out;
    }

    /** The title a browser shows for the content page at {@code url}, once its script has run. */
    public String titleOf(String url) {
        String path = URI.create(url).getRawPath();
        return path.equals("/") ? "Script home" : "Script page " + path.substring(3);
    }

    /** Every request to {@code origin} (as {@link #url} and {@link #otherUrl} spell it), by arrival. */
    public List<Hit> hits(String originOf) {
        String o = originOf.endsWith("/") ? originOf.substring(0, originOf.length() - 1) : originOf;
        String wanted = URI.create(o).getHost() + ":" + URI.create(o).getPort();
        return hits.stream().filter(h -> h.host().equals(wanted))
                .sorted(java.util.Comparator.comparingLong(Hit::arrivedNanos)).toList();
    }

    /** How often {@code url} was requested. */
    public long requests(String url) {
        URI u = URI.create(url);
        String host = u.getHost() + ":" + u.getPort();
        String path = u.getRawQuery() == null ? u.getRawPath() : u.getRawPath() + "?" + u.getRawQuery();
        return hits.stream().filter(h -> h.host().equals(host) && h.path().equals(path)).count();
    }

    @Override
    public void close() {
        servers.forEach(s -> s.stop(0));
        executor.shutdownNow();
    }

    @Override
    public String toString() {
        return "ScriptSite[" + origin + ", other " + other + "]";
    }

    private static String checked(String path) {
        if (path == null || !path.startsWith("/")) {
            throw new IllegalArgumentException("path must start with '/' but was " + path);
        }
        return path;
    }

    private void serve(String host, HttpExchange exchange) throws IOException {
        try (exchange) {
            URI uri = exchange.getRequestURI();
            String path = uri.getRawPath();
            String full = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
            hits.add(new Hit(host, full, System.nanoTime()));
            if (!host.equals(origin.substring("http://".length()))) {
                respond(exchange, 200, "text/plain", "secret");
                return;
            }
            switch (path) {
                case "/robots.txt" -> respond(exchange, 200, "text/plain; charset=utf-8", "User-agent: *\nAllow: /\n");
                case "/app.js" -> respond(exchange, 200, "application/javascript", APP_JS);
                case "/leak.js" -> respond(exchange, 200, "application/javascript", leakScript());
                case "/leak" -> respond(exchange, 200, HTML, shell("/leak.js"));
                case "/api/page" -> api(exchange, uri.getRawQuery());
                default -> {
                    if (isContent(path)) {
                        respond(exchange, 200, HTML, shell("/app.js"));
                    } else {
                        respond(exchange, 404, HTML, "<!doctype html><title>Not found</title>");
                    }
                }
            }
        }
    }

    private boolean isContent(String path) {
        if (path.equals("/")) {
            return true;
        }
        if (!path.matches("/p/\\d{1,4}")) {
            return false;
        }
        int i = Integer.parseInt(path.substring(3));
        return i >= 1 && i <= pages;
    }

    private void api(HttpExchange exchange, String query) throws IOException {
        String path = query != null && query.startsWith("path=")
                ? URLDecoder.decode(query.substring(5), StandardCharsets.UTF_8) : "";
        if (!isContent(path)) {
            respond(exchange, 404, "application/json", "{}");
            return;
        }
        List<String> links = new ArrayList<>();
        if (path.equals("/")) {
            for (int i = 1; i <= pages; i++) {
                links.add("\"/p/" + i + "\"");
            }
        } else {
            int i = Integer.parseInt(path.substring(3));
            links.add("\"/p/" + (i % pages + 1) + "\"");
            links.add("\"/\"");
        }
        String title = path.equals("/") ? "Script home" : "Script page " + path.substring(3);
        respond(exchange, 200, "application/json",
                "{\"title\":\"" + title + "\",\"links\":[" + String.join(",", links) + "]}");
    }

    private String leakScript() {
        return "Promise.allSettled([fetch('" + other + "/secret'), fetch('http://169.254.169.254/latest/meta-data/')])"
                + ".then(() => { document.title = 'Leak page'; });";
    }

    private static String shell(String script) {
        return "<!doctype html><html><head><title>Loading</title><script src=\"" + script
                + "\" defer></script></head><body><div id=\"app\"></div>"
                + "<noscript>This site needs JavaScript.</noscript></body></html>";
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

    /** Collects the addresses and the page count; {@link #start()} serves them on one free port. */
    public static final class Builder {
        private String address = "127.0.0.121";
        private String otherAddress = "127.0.0.122";
        private int pages = 5;

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

        /** Content pages besides the home page, at least 1. */
        public Builder pages(int n) {
            if (n < 1 || n > 9999) {
                throw new IllegalArgumentException("pages must be in [1, 9999] but was " + n);
            }
            this.pages = n;
            return this;
        }

        /** Binds one free port on both addresses and starts serving. */
        public ScriptSite start() {
            ExecutorService executor = Executors.newFixedThreadPool(4, r -> {
                Thread t = new Thread(r, "script-site-" + address);
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
                    ScriptSite site = new ScriptSite(servers, executor, "http://" + address + ":" + port,
                            "http://" + otherAddress + ":" + port, pages);
                    for (HttpServer server : servers) {
                        String host = server.getAddress().getAddress().getHostAddress() + ":" + port;
                        server.setExecutor(executor);
                        server.createContext("/", exchange -> site.serve(host, exchange));
                        server.start();
                    }
                    return site;
                } catch (BindException e) {
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
    }
}
