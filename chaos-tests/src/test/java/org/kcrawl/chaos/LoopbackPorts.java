package org.kcrawl.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Free loopback ports for listeners whose port must be known before the process that binds it starts. */
final class LoopbackPorts {
    private LoopbackPorts() {}

    /** A port the kernel just handed out on 127.0.0.1 and released again. */
    static int free() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a free port on 127.0.0.1", e);
        }
    }
}
