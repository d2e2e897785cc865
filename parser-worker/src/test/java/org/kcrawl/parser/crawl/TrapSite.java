package org.kcrawl.parser.crawl;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.YearMonth;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A web site on 127.0.0.1 that never ends: a calendar whose every month links to the months before
 * and after it, and directories whose every page links to deeper ones ({@code /a/}, {@code /a/a/},
 * {@code /a/b/}, ... forever). Only the crawler's own budgets can end a crawl of it. Every request
 * is logged (path and query).
 */
final class TrapSite implements AutoCloseable {
    /** The month the home page links to. */
    static final YearMonth FIRST_MONTH = YearMonth.of(2025, 1);

    private final HttpServer server;
    private final ExecutorService executor;
    private final List<String> requests = new CopyOnWriteArrayList<>();

    private TrapSite(HttpServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
    }

    /** Starts the site on a free loopback port. */
    static TrapSite start() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        ExecutorService executor = Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "trap-site");
            t.setDaemon(true);
            return t;
        });
        TrapSite site = new TrapSite(server, executor);
        server.createContext("/", site::serve);
        server.setExecutor(executor);
        server.start();
        return site;
    }

    /** The site's root, such as {@code http://127.0.0.1:40123}. */
    String origin() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Every request so far, as path plus {@code ?query}, in arrival order. */
    List<String> requests() {
        return List.copyOf(requests);
    }

    private void serve(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getRawPath();
            String query = exchange.getRequestURI().getRawQuery();
            requests.add(query == null ? path : path + "?" + query);
            if (path.equals("/robots.txt")) {
                respond(exchange, 200, "text/plain", "User-agent: *\nAllow: /\n");
            } else if (path.equals("/")) {
                respond(exchange, 200, "text/html; charset=utf-8", page("Home",
                        "<a href=\"/cal?month=" + FIRST_MONTH + "\">Calendar</a> <a href=\"/a/\">Archive</a>"));
            } else if (path.equals("/cal")) {
                calendar(exchange, query);
            } else if (path.matches("(/[ab])+/")) {
                respond(exchange, 200, "text/html; charset=utf-8", page("Directory " + path,
                        "<a href=\"a/\">deeper a</a> <a href=\"b/\">deeper b</a> <a href=\"./a/../b/\">b again</a>"
                                + " <a href=\"../\">up</a> <a href=\"/\">home</a>"));
            } else {
                respond(exchange, 404, "text/html", page("Not found", ""));
            }
        }
    }

    private void calendar(HttpExchange exchange, String query) throws IOException {
        YearMonth month;
        try {
            month = query != null && query.startsWith("month=") ? YearMonth.parse(query.substring(6)) : null;
        } catch (DateTimeParseException e) {
            month = null;
        }
        if (month == null) {
            respond(exchange, 404, "text/html", page("No such month", ""));
            return;
        }
        respond(exchange, 200, "text/html; charset=utf-8", page("Calendar " + month,
                "<table><tr><td><a href=\"?month=" + month.minusMonths(1) + "\">&laquo; previous</a></td>"
                        + "<td><a href=\"/cal?month=" + month.plusMonths(1) + "&amp;utm_source=calendar\">next &raquo;</a>"
                        + "</td></tr></table>"));
    }

    private static String page(String title, String body) {
        return "<!DOCTYPE html><html><head><title>" + title + "</title></head><body><h1>" + title + "</h1>" + body
                + "</body></html>";
    }

    private static void respond(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
