package org.kcrawl.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Free ports for listeners whose port must be known before the process that binds it starts.
 *
 * <p>The ports come from below the kernel's ephemeral range: a port the kernel handed out and released is
 * handed out again to the next outgoing connection that wants one, and the workers of a chaos run open
 * thousands of those (to the synthetic web, to the broker). A worker restarted on such a port found it taken
 * by a connection ({@code Address already in use}) and exited. Below the range only an explicit bind can
 * take a port.
 */
final class LoopbackPorts {
    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    /** Linux's default lower bound of the ephemeral range, when the kernel's cannot be read. */
    private static final int DEFAULT_EPHEMERAL_LOW = 32_768;
    private static final int LOWEST = 10_000;
    private static final int ATTEMPTS = 200;

    private LoopbackPorts() {}

    /** A port below the ephemeral range that nothing had bound on 127.0.0.1 a moment ago. */
    static int free() {
        int high = ephemeralLow();
        if (high - LOWEST < 1_000) {
            return kernelHandedOut(); // a kernel whose ephemeral range starts low: nothing below it to use
        }
        for (int i = 0; i < ATTEMPTS; i++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST, high);
            if (bindable(port)) {
                return port;
            }
        }
        throw new IllegalStateException("no free port in " + LOWEST + ".." + (high - 1) + " after " + ATTEMPTS
                + " tries");
    }

    private static boolean bindable(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), port), 1);
            return true;
        } catch (IOException e) {
            return false; // taken: try another
        }
    }

    private static int kernelHandedOut() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a free port on 127.0.0.1", e);
        }
    }

    private static int ephemeralLow() {
        try {
            String[] range = Files.readString(EPHEMERAL_RANGE).trim().split("\\s+");
            return Integer.parseInt(range[0]);
        } catch (IOException | RuntimeException e) {
            return DEFAULT_EPHEMERAL_LOW; // not Linux, or no /proc: assume its default
        }
    }
}
