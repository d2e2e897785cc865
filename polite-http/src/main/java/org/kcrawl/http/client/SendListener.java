package org.kcrawl.http.client;

/**
 * Hears when a fetch's request reaches the socket, so politeness can count a host's interval from the
 * moment the host could see the request rather than from when the fetch was asked for (a fetch may
 * wait for its event loop, a connection, a TLS handshake or a busy CPU in between).
 *
 * <p>Called on the connection's event loop, right after the write completed: must be quick and must
 * not block.
 */
public interface SendListener {
    /** A listener that ignores both events. */
    SendListener NONE = new SendListener() {
        @Override
        public void sent() {
        }
    };

    /**
     * The request's bytes were handed to the socket just now. Called once per write: twice when the
     * request is written again on a new connection ({@link #resending()}).
     */
    void sent();

    /**
     * The connection the request was written to was closed under it before any answer (the server
     * dropped an idle keep-alive connection), so it will be written again on a new connection: a
     * {@link #sent()} follows unless the fetch fails first.
     */
    default void resending() {
    }
}
