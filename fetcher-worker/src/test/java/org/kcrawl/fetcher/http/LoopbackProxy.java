package org.kcrawl.fetcher.http;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import javax.net.ServerSocketFactory;

/**
 * Minimal HTTP CONNECT and SOCKS5 (no authentication) proxies on loopback for tests: they record the
 * destination each client asked for and relay bytes, refusing any destination outside loopback.
 */
final class LoopbackProxy {
    private LoopbackProxy() {}

    /** An HTTP proxy that accepts CONNECT host:port and records the "host:port" it was asked for. */
    static LoopbackServer httpConnect(List<String> destinations) throws IOException {
        return new LoopbackServer(InetAddress.getLoopbackAddress(), ServerSocketFactory.getDefault(), (s, srv) -> {
            String head = srv.readRequestHead(s.getInputStream());
            String target = head.split(" ")[1];
            destinations.add(target);
            int colon = target.lastIndexOf(':');
            try (Socket upstream = dialLoopback(target.substring(0, colon), Integer.parseInt(target.substring(colon + 1)))) {
                s.getOutputStream().write(LoopbackServer.ascii("HTTP/1.1 200 Connection established\r\n\r\n"));
                s.getOutputStream().flush();
                relay(s, upstream);
            }
        });
    }

    /** A SOCKS5 proxy that records "address:port" of each CONNECT. */
    static LoopbackServer socks5(List<String> destinations) throws IOException {
        return new LoopbackServer(InetAddress.getLoopbackAddress(), ServerSocketFactory.getDefault(), (s, srv) -> {
            DataInputStream in = new DataInputStream(s.getInputStream());
            OutputStream out = s.getOutputStream();
            if (in.readUnsignedByte() != 5) {
                return;
            }
            in.skipNBytes(in.readUnsignedByte());
            out.write(new byte[] {5, 0});
            out.flush();
            in.readUnsignedByte();
            int command = in.readUnsignedByte();
            in.readUnsignedByte();
            int type = in.readUnsignedByte();
            String host;
            if (type == 1 || type == 4) {
                byte[] raw = new byte[type == 1 ? 4 : 16];
                in.readFully(raw);
                host = InetAddress.getByAddress(raw).getHostAddress();
            } else {
                byte[] name = new byte[in.readUnsignedByte()];
                in.readFully(name);
                host = new String(name, java.nio.charset.StandardCharsets.US_ASCII);
            }
            int port = in.readUnsignedShort();
            destinations.add(host + ":" + port);
            if (command != 1) {
                return;
            }
            try (Socket upstream = dialLoopback(host, port)) {
                out.write(new byte[] {5, 0, 0, 1, 0, 0, 0, 0, 0, 0});
                out.flush();
                relay(s, upstream);
            }
        });
    }

    private static Socket dialLoopback(String host, int port) throws IOException {
        InetAddress address = InetAddress.getByName(host);
        if (!address.isLoopbackAddress()) {
            throw new IOException("test proxy dials loopback only, not " + address);
        }
        Socket upstream = new Socket();
        upstream.connect(new InetSocketAddress(address, port), 2000);
        upstream.setTcpNoDelay(true);
        return upstream;
    }

    private static void relay(Socket client, Socket upstream) throws Exception {
        Thread back = new Thread(() -> copy(upstream, client), "proxy-relay");
        back.setDaemon(true);
        back.start();
        copy(client, upstream);
        back.join(5000);
    }

    private static void copy(Socket from, Socket to) {
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            byte[] buf = new byte[8192];
            int n;
            while ((n = in.read(buf)) > 0) {
                out.write(buf, 0, n);
                out.flush();
            }
            to.shutdownOutput();
        } catch (IOException e) {
            // One side hung up; the other copy ends on its own.
        }
    }
}
