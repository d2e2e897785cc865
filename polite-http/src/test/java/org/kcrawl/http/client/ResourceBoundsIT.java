package org.kcrawl.http.client;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.netty.util.ResourceLeakDetector;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * Under a sustained mix of hostile responses (bombs, 50 MB bodies, endless bodies, resets, metadata-only
 * downloads) the fetcher releases every buffer (Netty's paranoid leak detector reports nothing) and
 * retains no memory from one round to the next.
 */
class ResourceBoundsIT {

    @Test
    void hostileLoadLeaksNoBuffersAndRetainsNoMemory() throws Exception {
        ResourceLeakDetector.Level previous = ResourceLeakDetector.getLevel();
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
        Logger leakLogger = (Logger) LoggerFactory.getLogger(ResourceLeakDetector.class);
        ListAppender<ILoggingEvent> leaks = new ListAppender<>();
        leaks.start();
        leakLogger.addAppender(leaks);
        byte[] bomb = HostileServersIT.gzip(new byte[32 * 1024 * 1024]);
        byte[] page = HostileServersIT.gzip("<html>fine</html>".repeat(1000).getBytes());
        try (LoopbackServer server = new LoopbackServer((s, srv) -> {
                 String head;
                 while ((head = srv.readRequestHead(s.getInputStream())) != null) {
                     OutputStream out = s.getOutputStream();
                     String path = head.substring(4, head.indexOf(' ', 4));
                     if (path.startsWith("/bomb")) {
                         out.write(LoopbackServer.ascii("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
                                 + "Content-Encoding: gzip\r\nContent-Length: " + bomb.length + "\r\n\r\n"));
                         out.write(bomb);
                     } else if (path.startsWith("/big")) {
                         out.write(LoopbackServer.ascii("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
                                 + "Content-Length: 52428800\r\n\r\n"));
                         byte[] block = new byte[64 * 1024];
                         for (int i = 0; i < 800; i++) {
                             out.write(block);
                         }
                     } else if (path.startsWith("/endless")) {
                         out.write(LoopbackServer.ascii("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
                                 + "Transfer-Encoding: chunked\r\n\r\n"));
                         byte[] chunk = LoopbackServer.ascii("1000\r\n" + "e".repeat(4096) + "\r\n");
                         while (true) {
                             out.write(chunk);
                         }
                     } else if (path.startsWith("/reset")) {
                         out.write(LoopbackServer.ascii("HTTP/1.1 200 OK\r\nContent-Length: 9999\r\n\r\nabc"));
                         out.flush();
                         s.setSoLinger(true, 0);
                         return;
                     } else if (path.startsWith("/video")) {
                         out.write(LoopbackServer.ascii("HTTP/1.1 200 OK\r\nContent-Type: video/mp4\r\n"
                                 + "Content-Length: 20000000\r\n\r\n"));
                         out.write(new byte[2_000_000]);
                     } else {
                         out.write(LoopbackServer.ascii("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
                                 + "Content-Encoding: gzip\r\nContent-Length: " + page.length + "\r\n\r\n"));
                         out.write(page);
                     }
                     out.flush();
                 }
             });
             NettyHttpFetcher fetcher = new NettyHttpFetcher(HostileServersIT.settings().toBuilder()
                     .maxConnections(32).maxConnectionsPerHost(32).build())) {
            List<Long> retained = new ArrayList<>();
            for (int round = 0; round < 4; round++) {
                List<CompletableFuture<HttpResult>> batch = new ArrayList<>();
                for (String kind : List.of("bomb", "big", "endless", "reset", "video", "page")) {
                    for (int i = 0; i < 5; i++) {
                        batch.add(fetcher.fetch(server.url("/" + kind + "/" + round + "/" + i)));
                    }
                }
                CompletableFuture.allOf(batch.toArray(CompletableFuture[]::new))
                        .handle((v, e) -> null).get(20, TimeUnit.SECONDS);
                System.gc();
                retained.add(ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
            }
            assertThat(fetcher.inFlight()).isZero();
            assertThat(fetcher.openConnections()).isEqualTo(fetcher.idleConnections());
            assertThat(retained.get(retained.size() - 1) - retained.get(0))
                    .as("heap retained after GC, per round: %s", retained).isLessThan(32L * 1024 * 1024);
            assertThat(leaks.list).as("buffer leaks").isEmpty();
        } finally {
            leakLogger.detachAppender(leaks);
            ResourceLeakDetector.setLevel(previous);
        }
    }
}
