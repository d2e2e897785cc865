package org.kcrawl.testkit.web;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A site on one loopback address whose pages are linked from nowhere: only its sitemaps list them.
 * Its robots.txt names the sitemap index {@code /sitemap_index.xml} (plus any lines a test adds);
 * the index names {@code /sitemap-1.xml} (text/xml) and {@code /sitemap-2.xml.gz} (a gzip file,
 * application/gzip, no Content-Encoding), which list {@code /page/1..N} between them. The root
 * page has no links either, so a crawler finds the pages only by reading the sitemaps.
 *
 * <pre>{@code
 * try (SitemapSite site = SitemapSite.builder().address("127.0.0.90").pages(20).start()) {
 *     crawl(site.rootUrl());
 *     assertThat(records).containsAll(site.pageUrls());
 * }
 * }</pre>
 */
public final class SitemapSite implements AutoCloseable {
    /** The sitemap index robots.txt names. */
    public static final String INDEX_PATH = "/sitemap_index.xml";
    /** The plain XML sitemap, served as text/xml. */
    public static final String PLAIN_PATH = "/sitemap-1.xml";
    /** The gzipped sitemap, served as application/gzip. */
    public static final String GZIP_PATH = "/sitemap-2.xml.gz";

    private static final String HTML = "text/html; charset=utf-8";

    private final HttpServer server;
    private final ExecutorService executor;
    private final String origin;
    private final List<String> pageUrls;
    private final Map<String, Document> documents;
    private final Map<String, AtomicLong> requests = new ConcurrentHashMap<>();

    private SitemapSite(HttpServer server, ExecutorService executor, String origin, List<String> pageUrls,
                        Map<String, Document> documents) {
        this.server = server;
        this.executor = executor;
        this.origin = origin;
        this.pageUrls = List.copyOf(pageUrls);
        this.documents = Map.copyOf(documents);
    }

    /** A builder: 127.0.0.90, 20 pages, no extra robots.txt lines. */
    public static Builder builder() {
        return new Builder();
    }

    /** {@code http://127.0.0.X:PORT}, without a trailing slash. */
    public String origin() {
        return origin;
    }

    /** The root page {@code /}, which links nowhere. */
    public String rootUrl() {
        return origin + "/";
    }

    /** The absolute URL of {@code path} on this site. */
    public String url(String path) {
        if (path == null || !path.startsWith("/")) {
            throw new IllegalArgumentException("path must start with '/' but was " + path);
        }
        return origin + path;
    }

    /** The pages the sitemaps list, in order. */
    public List<String> pageUrls() {
        return pageUrls;
    }

    /** The sitemap index, the plain sitemap and the gzipped sitemap. */
    public List<String> sitemapUrls() {
        return List.of(url(INDEX_PATH), url(PLAIN_PATH), url(GZIP_PATH));
    }

    /** The exact bytes served for {@code path}; throws for a path this site does not serve. */
    public byte[] body(String path) {
        Document d = documents.get(path);
        if (d == null) {
            throw new IllegalArgumentException("this site serves no " + path);
        }
        return d.body.clone();
    }

    /** How often {@code path} was requested (GET or HEAD), 404s included. */
    public long requests(String path) {
        AtomicLong n = requests.get(path);
        return n == null ? 0 : n.get();
    }

    /** Stops serving at once. */
    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    @Override
    public String toString() {
        return "SitemapSite[" + origin + ", pages=" + pageUrls.size() + "]";
    }

    private void serve(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getRawPath();
            requests.computeIfAbsent(path, p -> new AtomicLong()).incrementAndGet();
            String method = exchange.getRequestMethod();
            if (!method.equals("GET") && !method.equals("HEAD")) {
                exchange.getResponseHeaders().set("Allow", "GET, HEAD");
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            Document d = documents.get(path);
            if (d == null || exchange.getRequestURI().getRawQuery() != null) {
                d = new Document(HTML, SitemapDocuments.page("404 Not Found"));
                respond(exchange, 404, d, method);
            } else {
                respond(exchange, 200, d, method);
            }
        }
    }

    private static void respond(HttpExchange exchange, int status, Document d, String method) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", d.type);
        if (method.equals("HEAD")) {
            exchange.getResponseHeaders().set("Content-Length", Integer.toString(d.body.length));
            exchange.sendResponseHeaders(status, -1);
            return;
        }
        exchange.sendResponseHeaders(status, d.body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(d.body);
        }
    }

    /** One served file: its Content-Type and bytes. */
    private record Document(String type, byte[] body) {}

    /** Collects the site's address, size and robots.txt additions; {@link #start()} serves it. */
    public static final class Builder {
        private String address = "127.0.0.90";
        private int pages = 20;
        private final List<String> robotsLines = new ArrayList<>();

        private Builder() {}

        /** The loopback address to listen on, {@code 127.X.Y.Z} (default 127.0.0.90). */
        public Builder address(String loopback) {
            Objects.requireNonNull(loopback, "loopback");
            if (!loopback.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}")) {
                throw new IllegalArgumentException("address must be a 127.0.0.0/8 address but was " + loopback);
            }
            this.address = loopback;
            return this;
        }

        /** Pages listed by the sitemaps, {@code /page/1} onwards (default 20, at least 2 so both sitemaps list one). */
        public Builder pages(int n) {
            if (n < 2) {
                throw new IllegalArgumentException("pages must be >= 2 but was " + n);
            }
            this.pages = n;
            return this;
        }

        /**
         * A line appended to robots.txt as it is, for example {@code Sitemap: /sitemap-2.xml.gz} or
         * another host's {@code Sitemap: http://127.0.0.91:1/sitemap.xml}.
         */
        public Builder robotsLine(String line) {
            Objects.requireNonNull(line, "line");
            if (line.contains("\n") || line.contains("\r")) {
                throw new IllegalArgumentException("line must be one line but was '" + line + "'");
            }
            robotsLines.add(line);
            return this;
        }

        /** Binds a free port on the address and starts serving. */
        public SitemapSite start() {
            HttpServer server;
            try {
                server = HttpServer.create(new InetSocketAddress(InetAddress.getByName(address), 0), 64);
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException("address is not an IP address: " + address, e);
            } catch (IOException e) {
                throw new UncheckedIOException("could not listen on " + address, e);
            }
            String origin = "http://" + address + ":" + server.getAddress().getPort();
            List<String> pageUrls = new ArrayList<>(pages);
            Map<String, Document> documents = new LinkedHashMap<>();
            documents.put("/", new Document(HTML, SitemapDocuments.page("Home")));
            for (int p = 1; p <= pages; p++) {
                pageUrls.add(origin + "/page/" + p);
                documents.put("/page/" + p, new Document(HTML, SitemapDocuments.page("Page " + p)));
            }
            int half = (pages + 1) / 2;
            documents.put("/robots.txt", new Document("text/plain; charset=utf-8",
                    SitemapDocuments.robots(List.of(origin + INDEX_PATH), robotsLines)));
            documents.put(INDEX_PATH, new Document("application/xml",
                    SitemapDocuments.index(List.of(origin + PLAIN_PATH, origin + GZIP_PATH))));
            documents.put(PLAIN_PATH, new Document("text/xml; charset=utf-8",
                    SitemapDocuments.urlset(pageUrls.subList(0, half))));
            documents.put(GZIP_PATH, new Document("application/gzip",
                    SitemapDocuments.gzip(SitemapDocuments.urlset(pageUrls.subList(half, pages)))));
            ExecutorService executor = Executors.newFixedThreadPool(2, r -> {
                Thread t = new Thread(r, "sitemap-site-" + address);
                t.setDaemon(true);
                return t;
            });
            server.setExecutor(executor);
            SitemapSite site = new SitemapSite(server, executor, origin, pageUrls, documents);
            server.createContext("/", site::serve);
            server.start();
            return site;
        }
    }
}
