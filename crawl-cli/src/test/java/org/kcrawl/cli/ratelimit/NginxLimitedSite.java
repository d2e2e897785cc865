package org.kcrawl.cli.ratelimit;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The limited site served by nginx from Debian's packages, in the foreground as a child of the test:
 * {@code limit_req} keyed by {@code $server_addr}, no burst, 429 above the limit, every request logged with
 * the millisecond nginx answered it.
 */
final class NginxLimitedSite implements LimitedSite {
    private static final Path NGINX = Path.of("/usr/sbin/nginx");

    private final Process process;
    private final Path log;
    private final int port;

    private NginxLimitedSite(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.port = port;
    }

    static boolean available() {
        return Files.isExecutable(NGINX);
    }

    static NginxLimitedSite start(Path dir, int perSecond) throws IOException, InterruptedException {
        Path root = Files.createDirectories(dir.resolve("site"));
        Path prefix = Files.createDirectories(dir.resolve("nginx"));
        Files.createDirectories(prefix.resolve("tmp"));
        for (int i = 0; i < PAGES; i++) {
            Files.writeString(root.resolve("p" + i + ".html"), LimitedSite.page(i), StandardCharsets.UTF_8);
        }
        Files.writeString(root.resolve("index.html"), LimitedSite.index(), StandardCharsets.UTF_8);
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
                  log_format limited '$msec $status $host $request_uri';
                  access_log %1$s/access.log limited;
                  client_body_temp_path %1$s/tmp/cb; proxy_temp_path %1$s/tmp/p; fastcgi_temp_path %1$s/tmp/f;
                  uwsgi_temp_path %1$s/tmp/u; scgi_temp_path %1$s/tmp/s;
                  keepalive_requests 100000;
                  limit_req_zone $server_addr zone=perip:1m rate=%4$dr/s;
                  limit_req_status 429;
                  server { listen 127.0.0.1:%2$d; root %3$s; limit_req zone=perip; }
                }
                """.formatted(prefix, port, root, perSecond));
        Process process = new ProcessBuilder(NGINX.toString(), "-p", prefix.toString(), "-c",
                prefix.resolve("nginx.conf").toString()).redirectErrorStream(true)
                .redirectOutput(prefix.resolve("nginx.out").toFile()).start();
        NginxLimitedSite site = new NginxLimitedSite(process, log, port);
        site.awaitListening(prefix);
        return site;
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public String describe() {
        return "nginx limit_req";
    }

    @Override
    public List<Answered> answered() throws IOException {
        List<Answered> out = new ArrayList<>();
        if (!Files.exists(log)) {
            return out;
        }
        for (String line : Files.readAllLines(log)) {
            String[] f = line.split(" ");
            if (f.length == 4) {
                int dot = f[0].indexOf('.');
                long millis = Long.parseLong(f[0].substring(0, dot)) * 1000 + Long.parseLong(f[0].substring(dot + 1));
                out.add(new Answered(millis, Integer.parseInt(f[1]), f[2], f[3]));
            }
        }
        return out;
    }

    private void awaitListening(Path prefix) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
                return;
            } catch (IOException e) {
                if (!process.isAlive()) {
                    throw new IOException("nginx exited: " + Files.readString(prefix.resolve("nginx.out")), e);
                }
                TimeUnit.MILLISECONDS.sleep(50); // the test thread waiting for a child process, not an event loop
            }
        }
        throw new IOException("nginx did not listen on port " + port + " within 10 s");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
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
