package org.kcrawl.fetcher.http;

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

    /** Resets the per-request fields before a new request is written. */
    void beginRequest() {
        bytesSinceRequest = 0;
        abandoned = false;
        waitingForMemory = false;
        compressed = false;
        unsupportedEncoding = null;
        announcedLength = -1;
    }
}
