package org.kcrawl.embedded.web;

import java.util.Objects;

/**
 * One request the synthetic web received. Times are {@link System#nanoTime()} readings: {@code
 * startNanos} when the request head was decoded, {@code endNanos} just before the response was handed
 * to the socket (taking it before the write means a client that waits for the response can never
 * appear to overlap its next request).
 *
 * @param host the address the connection came to, e.g. {@code 127.0.0.10}
 * @param path the request target as received, e.g. {@code /p/12} or {@code /robots.txt}
 * @param startNanos when the request head was decoded
 * @param endNanos when the response was written, or when the connection closed before one was
 * @param status the response status, or {@link #NO_RESPONSE} when the client closed the connection first
 * @param method the request method, e.g. {@code GET}
 */
public record RequestEvent(String host, String path, long startNanos, long endNanos, int status, String method) {
    /** The status of a request whose connection closed before a response was written. */
    public static final int NO_RESPONSE = 0;

    /** Checks the arguments; {@code endNanos} may not precede {@code startNanos}. */
    public RequestEvent {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(method, "method");
        if (endNanos < startNanos) {
            throw new IllegalArgumentException("endNanos (" + endNanos + ") precedes startNanos (" + startNanos + ")");
        }
    }

    /** A GET request event. */
    public RequestEvent(String host, String path, long startNanos, long endNanos, int status) {
        this(host, path, startNanos, endNanos, status, "GET");
    }

    /** How long the server took to answer. */
    public long durationNanos() {
        return endNanos - startNanos;
    }
}
