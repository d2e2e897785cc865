package org.kcrawl.embedded.kafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Finds loopback ports that are free right now, for listeners whose port must be known before they bind. */
public final class LoopbackPorts {
    private LoopbackPorts() {
    }

    /**
     * Returns a port on 127.0.0.1 that the kernel just handed out and released. Another process may
     * take it before Kafka binds it; callers retry with a fresh port when binding fails.
     */
    public static int free() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(BrokerConfigs.HOST))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a free port on " + BrokerConfigs.HOST, e);
        }
    }

    /** Returns a free port that differs from {@code taken}. */
    static int freeExcept(int taken) {
        int port = free();
        while (port == taken) {
            port = free();
        }
        return port;
    }

    /**
     * True when {@code failure} says that Kafka could not bind {@code port} on loopback because it was in use.
     * Kafka wraps the {@link BindException} in an exception whose message names the address.
     */
    static boolean isBindFailure(Throwable failure, int port) {
        String address = BrokerConfigs.HOST + ":" + port + ":";
        boolean namesPort = false;
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            namesPort |= t.getMessage() != null && t.getMessage().contains(address);
            if (t instanceof BindException) {
                return namesPort;
            }
        }
        return false;
    }
}
