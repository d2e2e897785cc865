package org.kcrawl.http.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ServerSocketFactory;

/**
 * A scripted test server on a loopback address: each accepted connection runs {@link Script} on its
 * own thread with plain blocking sockets, which makes misbehaving servers (dripping, stalling,
 * resetting) easy to write. Counts connections and requests. Loopback only.
 */
final class LoopbackServer implements AutoCloseable {
    /** What the server does with one accepted connection. */
    @FunctionalInterface
    interface Script {
        void run(Socket socket, LoopbackServer server) throws Exception;
    }

    private final ServerSocket serverSocket;
    private final Script script;
    private final Thread acceptor;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicInteger requests = new AtomicInteger();
    private volatile boolean closed;

    LoopbackServer(Script script) throws IOException {
        this(InetAddress.getLoopbackAddress(), ServerSocketFactory.getDefault(), script);
    }

    LoopbackServer(InetAddress bindAddress, ServerSocketFactory factory, Script script) throws IOException {
        if (!bindAddress.isLoopbackAddress()) {
            throw new IllegalArgumentException("test servers bind to loopback only, not " + bindAddress);
        }
        this.script = script;
        this.serverSocket = factory.createServerSocket();
        serverSocket.bind(new InetSocketAddress(bindAddress, 0), 512);
        this.acceptor = new Thread(this::acceptLoop, "loopback-server-" + serverSocket.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return serverSocket.getLocalPort();
    }

    /** http(s)://host:port + path. */
    String url(String scheme, String host, String path) {
        return scheme + "://" + host + ":" + port() + path;
    }

    String url(String path) {
        return url("http", "127.0.0.1", path);
    }

    int connections() {
        return connections.get();
    }

    int requests() {
        return requests.get();
    }

    private void acceptLoop() {
        while (!closed) {
            Socket s;
            try {
                s = serverSocket.accept();
            } catch (IOException e) {
                return;
            }
            connections.incrementAndGet();
            sockets.add(s);
            try {
                // Scripts write heads and bodies separately; Nagle plus delayed ACKs would add 40 ms each.
                s.setTcpNoDelay(true);
            } catch (IOException e) {
                continue;
            }
            Thread t = new Thread(() -> {
                try (s) {
                    script.run(s, this);
                } catch (Exception e) {
                    // The client hanging up on a hostile script is the expected outcome, not a test failure.
                }
            }, "loopback-conn");
            t.setDaemon(true);
            t.start();
        }
    }

    /** Reads one request head (up to the blank line); returns null at end of stream. Counts the request. */
    String readRequestHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            head.write(b);
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
            if (head.size() > 64 * 1024) {
                throw new IOException("request head too long");
            }
        }
        requests.incrementAndGet();
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        closed = true;
        serverSocket.close();
        for (Socket s : sockets) {
            s.close();
        }
    }
}
