package org.kcrawl.fetcher.judge;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * nginx from the distribution's packages as an {@link ArrivalJudge}: one worker process, unprivileged
 * paths under the test's directory, in the foreground so the test owns it. A request's arrival is
 * {@code $msec - $request_time}: the time of its first read, in milliseconds of nginx's clock. The
 * latency comes from the echo module's {@code echo_sleep} (a timer in nginx's event loop) when it is
 * installed; without it pages are answered at once.
 */
final class NginxJudge extends ProcessJudge {
    private static final Path NGINX = Path.of("/usr/sbin/nginx");
    private static final Path ECHO_MODULE = Path.of("/usr/lib/nginx/modules/ngx_http_echo_module.so");
    private static final String PAGE = "<html><head><title>judged</title></head><body><p>a page</p></body></html>";

    private NginxJudge(Process process, Path accessLog, int port, String description) {
        super(process, accessLog, port, description, 5);
    }

    static boolean available() {
        return Files.isExecutable(NGINX);
    }

    static NginxJudge start(Path dir, List<String> addresses, Map<String, String> robots, Duration latency)
            throws IOException, InterruptedException {
        Files.createDirectories(dir.resolve("tmp"));
        boolean echo = Files.isReadable(ECHO_MODULE) && !latency.isZero();
        IOException last = null;
        for (int attempt = 0; attempt < 5; attempt++) {
            int port = freePort(addresses.get(0));
            Path conf = dir.resolve("nginx.conf");
            Files.writeString(conf, config(dir, addresses, robots, latency, echo, port));
            Path errorLog = dir.resolve("error.log");
            Files.deleteIfExists(dir.resolve("access.log"));
            Process p = new ProcessBuilder(JudgePriority.command(List.of(NGINX.toString(), "-p", dir.toString(),
                    "-c", conf.toString(), "-e", errorLog.toString(), "-g", "daemon off;")))
                    .redirectErrorStream(true).redirectOutput(dir.resolve("nginx.out").toFile()).start();
            if (awaitListening(p, addresses.get(0), port)) {
                String what = "nginx (1 ms resolution, " + (echo ? latency.toMillis() + " ms latency" : "no latency")
                        + ", " + JudgePriority.describe() + ")";
                return new NginxJudge(p, dir.resolve("access.log"), port, what);
            }
            p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            last = new IOException("nginx did not start: " + Files.readString(errorLog));
        }
        throw last;
    }

    private static String config(Path dir, List<String> addresses, Map<String, String> robots, Duration latency,
                                 boolean echo, int port) {
        StringBuilder c = new StringBuilder();
        if (echo) {
            c.append("load_module ").append(ECHO_MODULE).append(";\n");
        }
        c.append("worker_processes 1;\npid ").append(dir.resolve("nginx.pid")).append(";\n")
                .append("events { worker_connections 1024; }\nhttp {\n")
                .append("  default_type text/html;\n")
                .append("  log_format judge '$server_addr $msec $request_time $status $request_uri';\n")
                // Unbuffered: each line is written as its request ends, so nothing waits for a flush.
                .append("  access_log ").append(dir.resolve("access.log")).append(" judge;\n")
                .append("  keepalive_requests 1000000;\n  keepalive_timeout 120s;\n");
        for (String temp : List.of("client_body", "proxy", "fastcgi", "uwsgi", "scgi")) {
            c.append("  ").append(temp).append("_temp_path ").append(dir.resolve("tmp").resolve(temp)).append(";\n");
        }
        c.append("  map $server_addr $robots {\n    default \"User-agent: *\\nAllow: /\\n\";\n");
        robots.forEach((address, body) -> c.append("    ").append(address).append(" \"")
                .append(body.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n")).append("\";\n"));
        c.append("  }\n  server {\n");
        for (String address : addresses) {
            c.append("    listen ").append(address).append(':').append(port).append(";\n");
        }
        c.append("    location = /robots.txt { default_type text/plain; return 200 $robots; }\n");
        if (echo) {
            c.append(String.format("    location / { echo_sleep %.3f; echo \"%s\"; }%n", latency.toMillis() / 1000.0,
                    PAGE.replace("\"", "\\\"")));
        } else {
            c.append("    location / { return 200 \"").append(PAGE.replace("\"", "\\\"")).append("\"; }\n");
        }
        return c.append("  }\n}\n").toString();
    }

    private static int freePort(String address) throws IOException {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress(InetAddress.getByName(address), 0));
            return s.getLocalPort();
        }
    }

    private static boolean awaitListening(Process p, String address, int port) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline && p.isAlive()) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(InetAddress.getByName(address), port), 200);
                return true;
            } catch (IOException e) {
                Thread.sleep(20); // the test thread waiting for a child process to come up, not an event loop
            }
        }
        return false;
    }

    @Override
    public Duration resolution() {
        return Duration.ofMillis(1);
    }

    /** "address msec request_time status uri": the request began request_time before msec. */
    @Override
    Arrival arrival(String[] f) {
        if (f.length < 5) {
            return null; // a line cut by a stop: not a whole request
        }
        long startMillis = millis(f[1]) - millis(f[2]);
        return new Arrival(startMillis * 1_000_000L, f[4]);
    }

    /** "1733070000.123" as milliseconds, exactly (nginx prints three decimals). */
    private static long millis(String seconds) {
        int dot = seconds.indexOf('.');
        return Long.parseLong(seconds.substring(0, dot)) * 1000 + Long.parseLong(seconds.substring(dot + 1));
    }

    @Override
    void signalStop() {
        process().destroy(); // SIGTERM: nginx's fast shutdown; the log is unbuffered
    }
}
