package org.kcrawl.fetcher.http;

/**
 * One outbound proxy: an HTTP proxy reached with CONNECT, or a SOCKS5 proxy. The fetcher resolves
 * and checks the target address itself and asks the proxy for that address, so the address guard
 * still holds behind a proxy.
 *
 * @param type HTTP (CONNECT tunnel) or SOCKS5
 * @param host the proxy's host name or address; resolved once when the fetcher starts
 * @param port the proxy's port
 * @param username optional user name (null for none)
 * @param password optional password, required when username is set
 */
public record ProxySettings(Type type, String host, int port, String username, String password) {

    /** The proxy protocol. */
    public enum Type { HTTP, SOCKS5 }

    public ProxySettings {
        if (type == null) {
            throw new IllegalArgumentException("proxy type must not be null (HTTP or SOCKS5)");
        }
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("proxy host must not be blank");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("proxy port must be in 1..65535 but was " + port);
        }
        if ((username == null) != (password == null)) {
            throw new IllegalArgumentException("proxy username and password must be given together");
        }
    }

    /** A proxy without credentials. */
    public static ProxySettings of(Type type, String host, int port) {
        return new ProxySettings(type, host, port, null, null);
    }

    /** host:port and type, never the password. */
    @Override
    public String toString() {
        return type + " " + host + ":" + port + (username == null ? "" : " as " + username);
    }
}
