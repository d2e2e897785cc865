package org.kcrawl.cli.recrawl;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A static site of linked HTML pages served by a real nginx on loopback, which answers conditional GETs
 * (ETag and Last-Modified from the file, 304 when they match) as it does in production; the access log
 * says what was asked and answered ({@code STATUS URI} a line). nginx runs in the foreground, a child of
 * the test, and is killed on close.
 */
final class NginxSite implements AutoCloseable {
    static final Path NGINX = Path.of("/usr/sbin/nginx");
    private final Path root;
    private final Path log;
    private final int port;
    private final Process process;
    private final int pages;

    private NginxSite(Path root, Path log, int port, Process process, int pages) {
        this.root = root;
        this.log = log;
        this.port = port;
        this.process = process;
        this.pages = pages;
    }

    /** True when nginx is installed here. */
    static boolean available() {
        return Files.isExecutable(NGINX);
    }

    /**
     * Writes {@code pages} pages under {@code dir} ({@code /p0.html} ... and an index linking every tenth,
     * each page linking five others, so every page is reachable from the index) and serves them on
     * 127.0.0.1.
     */
    static NginxSite start(Path dir, int pages) throws IOException, InterruptedException {
        Path root = Files.createDirectories(dir.resolve("site"));
        Path prefix = Files.createDirectories(dir.resolve("nginx"));
        Files.createDirectories(prefix.resolve("tmp"));
        for (int i = 0; i < pages; i++) {
            Files.writeString(root.resolve("p" + i + ".html"), page(i, pages, ""), StandardCharsets.UTF_8);
        }
        StringBuilder index = new StringBuilder("<html><head><title>Index</title></head><body>");
        for (int i = 0; i < pages; i += 10) {
            index.append("<a href=\"/p").append(i).append(".html\">p").append(i).append("</a> ");
        }
        Files.writeString(root.resolve("index.html"), index.append("</body></html>"), StandardCharsets.UTF_8);
        int port = freePort();
        Path log = prefix.resolve("access.log");
        String user = "root".equals(System.getProperty("user.name")) ? "user root root;\n" : "";
        Files.writeString(prefix.resolve("nginx.conf"), user + """
                worker_processes 1;
                daemon off;
                pid %1$s/nginx.pid;
                error_log %1$s/error.log warn;
                events { worker_connections 1024; }
                http {
                  include /etc/nginx/mime.types;
                  log_format plain '$status $request_uri';
                  access_log %1$s/access.log plain;
                  client_body_temp_path %1$s/tmp/cb; proxy_temp_path %1$s/tmp/p; fastcgi_temp_path %1$s/tmp/f;
                  uwsgi_temp_path %1$s/tmp/u; scgi_temp_path %1$s/tmp/s;
                  keepalive_requests 100000;
                  server { listen 127.0.0.1:%2$d; root %3$s; }
                }
                """.formatted(prefix, port, root));
        Process process = new ProcessBuilder(NGINX.toString(), "-p", prefix.toString(), "-c",
                prefix.resolve("nginx.conf").toString()).redirectErrorStream(true)
                .redirectOutput(prefix.resolve("nginx.out").toFile()).start();
        NginxSite site = new NginxSite(root, log, port, process, pages);
        site.awaitListening();
        return site;
    }

    private static String page(int i, int pages, String extra) {
        StringBuilder links = new StringBuilder();
        for (int k = 1; k <= 5; k++) {
            int to = (i * 7 + k) % pages;
            links.append("<a href=\"/p").append(to).append(".html\">p").append(to).append("</a> ");
        }
        return "<html><head><title>Page " + i + extra + "</title></head><body><h1>Page " + i + "</h1>" + links
                + "<p>" + "Some text of the page. ".repeat(40) + "</p></body></html>";
    }

    /** The URL of {@code path}. */
    String url(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    /** The URLs of every page, the index included. */
    List<String> urls() {
        List<String> out = new ArrayList<>(List.of(url("/")));
        for (int i = 0; i < pages; i++) {
            out.add(url("/p" + i + ".html"));
        }
        return out;
    }

    /** The file served for {@code url}. */
    Path file(String url) {
        String path = url.substring(url("").length());
        return root.resolve(path.equals("/") ? "index.html" : path.substring(1));
    }

    /** Rewrites page {@code i} (a new title) with a later modification time, so its ETag and Last-Modified change. */
    void change(int i) throws IOException {
        Path file = root.resolve("p" + i + ".html");
        Instant before = Files.getLastModifiedTime(file).toInstant();
        Files.writeString(file, page(i, pages, " (changed)"), StandardCharsets.UTF_8);
        Files.setLastModifiedTime(file, FileTime.from(before.plusSeconds(60)));
    }

    /** The access log's lines so far, {@code STATUS URI} each; clears it for the next run. */
    List<String> takeLog() throws IOException, InterruptedException {
        // nginx writes a line when it has sent the response; the crawl has read them all by now.
        TimeUnit.MILLISECONDS.sleep(200);
        List<String> lines = Files.exists(log) ? Files.readAllLines(log) : List.of();
        Files.writeString(log, "");
        return lines;
    }

    private void awaitListening() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException e) {
                if (!process.isAlive()) {
                    throw new IOException("nginx exited: " + Files.readString(log.resolveSibling("nginx.out")));
                }
                TimeUnit.MILLISECONDS.sleep(50);
            }
        }
        throw new IOException("nginx did not listen on port " + port + " within 10 s");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        // SIGTERM: nginx's master stops its workers first. A SIGKILL would leave them running, orphaned.
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
