package org.kcrawl.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsExchange;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * A small site on one loopback address for crawl tests that need to see what reached the server: it
 * serves fixed pages and redirects (anything else, robots.txt included, is a 404) and records every request with
 * its headers, and over TLS the client certificate's subject.
 */
final class RecordingSite implements AutoCloseable {
    /** One request as the site saw it. */
    record Request(String path, Map<String, List<String>> headers, String clientSubject) {
        /** The first value of a header, any case, or null. */
        String header(String name) {
            for (Map.Entry<String, List<String>> e : headers.entrySet()) {
                if (e.getKey().equalsIgnoreCase(name) && !e.getValue().isEmpty()) {
                    return e.getValue().get(0);
                }
            }
            return null;
        }
    }

    private final HttpServer server;
    private final String scheme;
    private final Map<String, String> pages = new ConcurrentHashMap<>();
    private final Map<String, String> redirects = new ConcurrentHashMap<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();

    private RecordingSite(HttpServer server, String scheme) {
        this.server = server;
        this.scheme = scheme;
        server.createContext("/", this::handle);
        server.start();
    }

    /** A plain HTTP site on {@code address} (a loopback address), on a free port. */
    static RecordingSite http(String address) {
        try {
            return new RecordingSite(HttpServer.create(bind(address), 64), "http");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * An HTTPS site on {@code address} with {@code tls}; when {@code needClientCertificate}, a client
     * without a certificate the context trusts is refused in the handshake.
     */
    static RecordingSite https(String address, SSLContext tls, boolean needClientCertificate) {
        try {
            HttpsServer server = HttpsServer.create(bind(address), 64);
            server.setHttpsConfigurator(new HttpsConfigurator(tls) {
                @Override
                public void configure(HttpsParameters params) {
                    SSLParameters p = tls.getDefaultSSLParameters();
                    // TLS 1.2: a refused client certificate then fails the handshake itself, as the client sees it.
                    p.setProtocols(new String[] {"TLSv1.2"});
                    p.setNeedClientAuth(needClientCertificate);
                    params.setSSLParameters(p);
                }
            });
            return new RecordingSite(server, "https");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InetSocketAddress bind(String address) throws IOException {
        InetAddress a = InetAddress.getByName(address);
        if (!a.isLoopbackAddress()) {
            throw new IllegalArgumentException("test sites bind to loopback only, not " + address);
        }
        return new InetSocketAddress(a, 0);
    }

    /** Serves {@code html} at {@code path}. */
    RecordingSite page(String path, String html) {
        pages.put(path, html);
        return this;
    }

    /** Answers {@code path} with a 302 to {@code location}. */
    RecordingSite redirect(String path, String location) {
        redirects.put(path, location);
        return this;
    }

    /** The site's root URL, {@code scheme://address:port/}. */
    String root() {
        return url("/");
    }

    String url(String path) {
        return scheme + "://" + server.getAddress().getAddress().getHostAddress() + ":" + port() + path;
    }

    int port() {
        return server.getAddress().getPort();
    }

    /** Every request so far, in order. */
    List<Request> requests() {
        return List.copyOf(requests);
    }

    private void handle(HttpExchange exchange) throws IOException {
        String subject = exchange instanceof HttpsExchange tls && tls.getSSLSession().getPeerCertificates().length > 0
                ? ((java.security.cert.X509Certificate) tls.getSSLSession().getPeerCertificates()[0])
                        .getSubjectX500Principal().getName()
                : null;
        requests.add(new Request(exchange.getRequestURI().getRawPath(), Map.copyOf(exchange.getRequestHeaders()),
                subject));
        String location = redirects.get(exchange.getRequestURI().getRawPath());
        if (location != null) {
            exchange.getResponseHeaders().set("Location", location);
            exchange.sendResponseHeaders(302, -1);
            exchange.close();
            return;
        }
        String html = pages.get(exchange.getRequestURI().getRawPath());
        byte[] body = (html == null ? "not here" : html).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", html == null ? "text/plain" : "text/html; charset=utf-8");
        exchange.sendResponseHeaders(html == null ? 404 : 200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
