package org.kcrawl.common.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OpsServerTest {
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final AtomicBoolean live = new AtomicBoolean(true);
    private final List<Socket> sockets = new ArrayList<>();
    private OpsServer server;

    @AfterEach
    void close() throws IOException {
        for (Socket s : sockets) {
            s.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void halfSentRequestsNeitherStallTheProbesNorStayOpen() throws IOException {
        server = OpsServer.start("127.0.0.1", 0, registry, live::get, () -> false, Duration.ofMillis(500));
        List<Socket> stalled = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Socket s = connect();
            s.getOutputStream().write("GET /healthz HTTP/1.1\r\nHost: ops\r\n".getBytes(StandardCharsets.US_ASCII));
            stalled.add(s);
        }

        long start = System.nanoTime();
        assertThat(statusLine("GET", OpsServer.LIVENESS_PATH)).isEqualTo("HTTP/1.1 200 OK");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).as("the probe waited for no stalled request")
                .isLessThan(Duration.ofMillis(450));
        assertThat(statusLine("GET", OpsServer.READINESS_PATH)).isEqualTo("HTTP/1.1 503 Service Unavailable");

        for (Socket s : stalled) {
            s.setSoTimeout(5000);
            assertThat(s.getInputStream().read()).as("a stalled request is closed after the read timeout")
                    .isEqualTo(-1);
        }
    }

    @Test
    void answersEachPathMethodAndOversizedRequest() throws IOException {
        server = OpsServer.start("127.0.0.1", 0, registry, live::get, () -> true);
        registry.counter("ops.test").increment();
        try (Socket s = connect()) {
            s.setSoTimeout(5000);
            s.getOutputStream().write(request("GET", OpsServer.METRICS_PATH + "?name=x", ""));
            BufferedReader in = reader(s);
            assertThat(in.readLine()).isEqualTo("HTTP/1.1 200 OK");
            assertThat(bodyOf(in)).contains("ops_test_total 1.0");
        }
        live.set(false);
        assertThat(statusLine("GET", OpsServer.LIVENESS_PATH)).isEqualTo("HTTP/1.1 503 Service Unavailable");
        assertThat(statusLine("HEAD", OpsServer.READINESS_PATH)).isEqualTo("HTTP/1.1 200 OK");
        assertThat(statusLine("GET", "/nothing")).isEqualTo("HTTP/1.1 404 Not Found");
        assertThat(statusLine("POST", OpsServer.LIVENESS_PATH)).isEqualTo("HTTP/1.1 405 Method Not Allowed");
        try (Socket s = connect()) {
            // Exactly the bound and no blank line: nothing is left unread, so the close sends no reset.
            String head = "GET /healthz HTTP/1.1\r\nHost: ops\r\nX-Pad: ";
            s.setSoTimeout(5000);
            s.getOutputStream().write((head + "a".repeat(OpsExchange.MAX_REQUEST_BYTES - head.length()))
                    .getBytes(StandardCharsets.US_ASCII));
            assertThat(reader(s).readLine()).isEqualTo("HTTP/1.1 431 Request Header Fields Too Large");
        }
    }

    private Socket connect() throws IOException {
        Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port());
        sockets.add(s);
        return s;
    }

    private String statusLine(String method, String path) throws IOException {
        try (Socket s = connect()) {
            s.setSoTimeout(5000);
            s.getOutputStream().write(request(method, path, ""));
            return reader(s).readLine();
        }
    }

    private static byte[] request(String method, String path, String headers) {
        return (method + " " + path + " HTTP/1.1\r\nHost: ops\r\n" + headers + "\r\n")
                .getBytes(StandardCharsets.US_ASCII);
    }

    private static BufferedReader reader(Socket s) throws IOException {
        return new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
    }

    /** Reads the headers, then as many body characters as Content-Length says. */
    private static String bodyOf(BufferedReader in) throws IOException {
        int length = -1;
        for (String line = in.readLine(); !line.isEmpty(); line = in.readLine()) {
            if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(line.substring("content-length:".length()).trim());
            }
        }
        char[] body = new char[length];
        int n = 0;
        while (n < length) {
            n += in.read(body, n, length - n);
        }
        return new String(body);
    }
}
