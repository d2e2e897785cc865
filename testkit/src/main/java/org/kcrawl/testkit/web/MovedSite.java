package org.kcrawl.testkit.web;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.util.List;

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

    private final LoopbackHosts hosts;
    private final String bare;
    private final String canonical;
    private final String away;

    private MovedSite(LoopbackHosts hosts) {
        this.hosts = hosts;
        this.bare = hosts.origin(0);
        this.canonical = hosts.origin(1);
        this.away = hosts.origin(2);
    }

    /** A builder: bare 127.0.0.71, canonical 127.0.0.72, away 127.0.0.73. */
    public static Builder builder() {
        return new Builder();
    }

    /** {@code path} on the bare host, which redirects it to the canonical host. */
    public String bare(String path) {
        return bare + LoopbackHosts.checkedPath(path);
    }

    /** {@code path} on the canonical host. */
    public String canonical(String path) {
        return canonical + LoopbackHosts.checkedPath(path);
    }

    /** {@code path} on the away host. */
    public String away(String path) {
        return away + LoopbackHosts.checkedPath(path);
    }

    /** The canonical host's {@code host:port}, as the crawl's scope names the site. */
    public String canonicalSite() {
        return canonical.substring("http://".length());
    }

    /** How often {@code url} (one of this site's URLs, as the accessors give them) was requested. */
    public long requests(String url) {
        return hosts.requests(url);
    }

    /** How often any URL of the away host was requested, robots.txt included. */
    public long awayRequests() {
        return hosts.requestsTo(away);
    }

    /** Stops serving at once. */
    @Override
    public void close() {
        hosts.close();
    }

    @Override
    public String toString() {
        return "MovedSite[" + bare + " -> " + canonical + ", away " + away + "]";
    }

    private void serve(String origin, HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getRawPath();
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
        LoopbackHosts.respond(exchange, status, type, body);
    }

    /** Collects the three addresses; {@link #start()} serves them on one free port. */
    public static final class Builder {
        private List<String> addresses = List.of("127.0.0.71", "127.0.0.72", "127.0.0.73");

        private Builder() {}

        /** The three loopback addresses, {@code 127.X.Y.Z}, all different. */
        public Builder addresses(String bare, String canonical, String away) {
            List<String> all = java.util.Arrays.asList(bare, canonical, away);
            LoopbackHosts.checkAddresses(all);
            this.addresses = List.copyOf(all);
            return this;
        }

        /** Binds one free port on all three addresses and starts serving. */
        public MovedSite start() {
            LoopbackHosts hosts = LoopbackHosts.bind("moved-site", addresses);
            MovedSite site = new MovedSite(hosts);
            hosts.start(site::serve);
            return site;
        }
    }
}
