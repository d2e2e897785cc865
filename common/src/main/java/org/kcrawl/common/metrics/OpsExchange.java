package org.kcrawl.common.metrics;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;

/**
 * One connection to the {@link OpsServer}: its request as it arrives, then its answer as it leaves. Owned by
 * the server's one thread.
 */
final class OpsExchange {
    /** Probes and scrapes send a request line and a few headers; a longer request is refused. */
    static final int MAX_REQUEST_BYTES = 8 * 1024;

    private final long connectedNanos;
    private final ByteBuffer request = ByteBuffer.allocate(MAX_REQUEST_BYTES);
    private ByteBuffer answer;

    OpsExchange(long connectedNanos) {
        this.connectedNanos = connectedNanos;
    }

    /**
     * Reads what arrived; once the request's head is whole (or too long), prepares the answer. False when
     * the peer closed its side first.
     */
    boolean read(SocketChannel client, OpsEndpoints endpoints) throws IOException {
        if (answer != null) {
            return true; // what follows the request is not ours to read: the connection closes after the answer
        }
        if (client.read(request) < 0) {
            return false;
        }
        int end = endOfHead();
        if (end >= 0) {
            answer = endpoints.answer(requestLine(end));
        } else if (!request.hasRemaining()) {
            answer = OpsEndpoints.tooLarge();
        }
        return true;
    }

    boolean answered() {
        return answer != null;
    }

    /** Writes what the socket takes; true once the whole answer is written. */
    boolean write(SocketChannel client) throws IOException {
        client.write(answer);
        return !answer.hasRemaining();
    }

    /**
     * True once the request is later than {@code timeoutNanos} after the connection, or its answer is not
     * taken within as long again: a client that stalls either way is closed.
     */
    boolean expired(long now, long timeoutNanos) {
        long allowed = answer == null ? timeoutNanos : 2 * timeoutNanos;
        return now - connectedNanos > allowed;
    }

    /** Index just past the blank line ending the head, or -1 while it has not arrived. */
    private int endOfHead() {
        byte[] b = request.array();
        int n = request.position();
        for (int i = 0; i < n; i++) {
            if (b[i] == '\n' && (i >= 1 && b[i - 1] == '\n' || i >= 3 && b[i - 1] == '\r' && b[i - 2] == '\n')) {
                return i + 1;
            }
        }
        return -1;
    }

    private String requestLine(int end) {
        byte[] b = request.array();
        int eol = 0;
        while (eol < end && b[eol] != '\r' && b[eol] != '\n') {
            eol++;
        }
        return new String(b, 0, eol, StandardCharsets.ISO_8859_1);
    }
}
