package org.kcrawl.http.client;

/**
 * Which requests may share a keep-alive connection: same scheme, host and port.
 *
 * @param https true for TLS connections
 * @param hostKey the lower-case host as in the URL
 * @param port the port
 */
record PoolKey(boolean https, String hostKey, int port) {
    @Override
    public String toString() {
        return (https ? "https://" : "http://") + hostKey + ":" + port;
    }
}
