package org.kcrawl.http.client;

import static org.kcrawl.http.client.LoopbackServer.ascii;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Well-behaved scripts for {@link LoopbackServer}. */
final class LoopbackServerScripts {
    private LoopbackServerScripts() {}

    /** Answers every request on the connection with {@code html}, keeping it alive. */
    static LoopbackServer.Script keepAlive(String html) {
        byte[] body = html.getBytes(StandardCharsets.UTF_8);
        byte[] head = ascii("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: "
                + body.length + "\r\n\r\n");
        return (socket, server) -> {
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            while (server.readRequestHead(in) != null) {
                out.write(head);
                out.write(body);
                out.flush();
            }
        };
    }
}
