package org.kcrawl.common.metrics;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** What each path of the {@link OpsServer} answers, as whole HTTP/1.1 responses that close the connection. */
final class OpsEndpoints {
    private static final Logger log = LoggerFactory.getLogger(OpsEndpoints.class);
    private static final String TEXT = "text/plain; charset=utf-8";

    private final PrometheusMeterRegistry registry;
    private final BooleanSupplier live;
    private final BooleanSupplier ready;

    OpsEndpoints(PrometheusMeterRegistry registry, BooleanSupplier live, BooleanSupplier ready) {
        this.registry = registry;
        this.live = live;
        this.ready = ready;
    }

    /** The answer to {@code requestLine} ({@code GET /healthz HTTP/1.1}). */
    ByteBuffer answer(String requestLine) {
        String[] parts = requestLine.split(" ");
        if (parts.length != 3 || !parts[2].startsWith("HTTP/")) {
            return response(400, "Bad Request", TEXT, "bad request\n", true);
        }
        boolean head = parts[0].equals("HEAD");
        if (!head && !parts[0].equals("GET")) {
            return response(405, "Method Not Allowed", TEXT, "GET or HEAD\n", true);
        }
        int query = parts[1].indexOf('?');
        String path = query < 0 ? parts[1] : parts[1].substring(0, query);
        return switch (path) {
            case OpsServer.METRICS_PATH -> response(200, "OK", "text/plain; version=0.0.4; charset=utf-8",
                    registry.scrape(), !head);
            case OpsServer.LIVENESS_PATH -> probe(live, !head);
            case OpsServer.READINESS_PATH -> probe(ready, !head);
            default -> response(404, "Not Found", TEXT, "not found\n", !head);
        };
    }

    /** The answer to a request whose head does not fit {@link OpsExchange#MAX_REQUEST_BYTES}. */
    static ByteBuffer tooLarge() {
        return response(431, "Request Header Fields Too Large", TEXT, "request too large\n", true);
    }

    private static ByteBuffer probe(BooleanSupplier check, boolean withBody) {
        boolean ok;
        try {
            ok = check.getAsBoolean();
        } catch (RuntimeException e) {
            log.warn("health check failed: {}", e.toString());
            ok = false;
        }
        return ok ? response(200, "OK", TEXT, "ok\n", withBody)
                : response(503, "Service Unavailable", TEXT, "unavailable\n", withBody);
    }

    private static ByteBuffer response(int status, String reason, String contentType, String body, boolean withBody) {
        byte[] content = body.getBytes(StandardCharsets.UTF_8);
        byte[] head = ("HTTP/1.1 " + status + " " + reason + "\r\nContent-Type: " + contentType
                + "\r\nContent-Length: " + content.length + "\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        ByteBuffer out = ByteBuffer.allocate(head.length + (withBody ? content.length : 0));
        out.put(head);
        if (withBody) {
            out.put(content);
        }
        return out.flip();
    }
}
