package org.kcrawl.http.client;

/**
 * What the handlers of one connection's pipeline share about the response being read. Confined to
 * the channel's event loop.
 */
final class ConnectionState {
    /** Plaintext bytes received since the current request was written. */
    long bytesSinceRequest;
    /** The current response is no longer wanted: everything still arriving is dropped. */
    boolean abandoned;
    /** The current response's body waits for memory: the connection does not read, the valve holds what came. */
    boolean waitingForMemory;
    /** The current response body is gzip or deflate encoded and is being inflated. */
    boolean compressed;
    /** A Content-Encoding this client does not decode, or null. */
    String unsupportedEncoding;
    /** The Content-Length the server announced (before decoding), or -1. */
    long announcedLength = -1;
    /** The current request's head as sent ({@link HeadCapture}), or null when heads are not captured. */
    final StringBuilder requestHead;
    /** The current response's head as received so far, or null when heads are not captured. */
    final StringBuilder responseHead;
    /** The response head is whole (its empty line was read). */
    boolean responseHeadDone;

    /** The state of a connection whose heads are captured when {@code captureHeads}. */
    ConnectionState(boolean captureHeads) {
        requestHead = captureHeads ? new StringBuilder(512) : null;
        responseHead = captureHeads ? new StringBuilder(512) : null;
    }

    /** The state of a connection whose heads are not captured. */
    ConnectionState() {
        this(false);
    }

    /** Resets the per-request fields before a new request is written. */
    void beginRequest() {
        bytesSinceRequest = 0;
        abandoned = false;
        waitingForMemory = false;
        compressed = false;
        unsupportedEncoding = null;
        announcedLength = -1;
        if (requestHead != null) {
            requestHead.setLength(0);
            responseHead.setLength(0);
            responseHeadDone = false;
        }
    }

    /** The heads of the current exchange, or null when heads are not captured. */
    Heads heads() {
        return requestHead == null ? null : new Heads(requestHead.toString(), responseHead.toString());
    }

    /** A request head as sent and a response head as received, one ISO-8859-1 character a byte. */
    record Heads(String request, String response) {}
}
