package org.kcrawl.testkit.web;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.util.List;
import java.util.Locale;

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

    private final LoopbackHosts hosts;
    private final String origin;
    private final String other;

    private RefreshSite(LoopbackHosts hosts) {
        this.hosts = hosts;
        this.origin = hosts.origin(0);
        this.other = hosts.origin(1);
    }

    /** A builder: the site on 127.0.0.111, the other host on 127.0.0.112. */
    public static Builder builder() {
        return new Builder();
    }

    /** {@code path} on the site. */
    public String url(String path) {
        return origin + LoopbackHosts.checkedPath(path);
    }

    /** {@code path} on the other host, where {@code /moved} leads. */
    public String otherUrl(String path) {
        return other + LoopbackHosts.checkedPath(path);
    }

    /** The other host's {@code host:port}, as the crawl's scope names the site. */
    public String otherSite() {
        return other.substring("http://".length());
    }

    /** How often {@code url} (one of this site's URLs, as the accessors give them) was requested. */
    public long requests(String url) {
        return hosts.requests(url);
    }

    /** Stops serving at once. */
    @Override
    public void close() {
        hosts.close();
    }

    @Override
    public String toString() {
        return "RefreshSite[" + origin + ", other " + other + "]";
    }

    private void serve(String host, HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getRawPath();
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
        LoopbackHosts.respond(exchange, status, type, body);
    }

    /** Collects the two addresses; {@link #start()} serves them on one free port. */
    public static final class Builder {
        private List<String> addresses = List.of("127.0.0.111", "127.0.0.112");

        private Builder() {}

        /** The site's and the other host's loopback addresses, {@code 127.X.Y.Z}, different. */
        public Builder addresses(String site, String otherHost) {
            List<String> both = java.util.Arrays.asList(site, otherHost);
            LoopbackHosts.checkAddresses(both);
            this.addresses = List.copyOf(both);
            return this;
        }

        /** Binds one free port on both addresses and starts serving. */
        public RefreshSite start() {
            LoopbackHosts hosts = LoopbackHosts.bind("refresh-site", addresses);
            RefreshSite site = new RefreshSite(hosts);
            hosts.start(site::serve);
            return site;
        }
    }
}
