package org.kcrawl.render.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.scope.ScopeMode;
import org.kcrawl.common.url.HttpUrl;
import org.kcrawl.http.client.HttpResult;
import org.kcrawl.render.BrowserFixture;
import org.kcrawl.render.page.PageRender;
import org.kcrawl.render.page.RenderEvents;
import org.kcrawl.render.page.RenderLimits;
import org.kcrawl.render.page.RenderResult;
import org.kcrawl.render.page.RequestRules;
import org.kcrawl.testkit.browser.RequiresChromium;

/**
 * Nothing reaches the browser, and nothing leaves it, but through the worker: DevTools is a pipe, not a port any
 * local user could open, and a page's WebRTC sends no packet (its STUN and TURN traffic would pass the proxy,
 * the address guard and politeness, aimed wherever the page says).
 */
@RequiresChromium
class BrowserContainmentIT {
    private static BrowserFixture browser;

    @BeforeAll
    static void start() {
        browser = new BrowserFixture();
    }

    @AfterAll
    static void stop() {
        browser.close();
    }

    @Test
    void noProcessOfTheBrowserListensOnATcpPort() throws IOException {
        assumeThat(Path.of("/proc/net/tcp")).as("Linux's /proc").exists();
        Browser live = browser.browsers.live();
        assertThat(live.version().join()).as("DevTools answers").isNotBlank();

        Set<String> sockets = new HashSet<>();
        ProcessHandle root = ProcessHandle.of(live.pid()).orElseThrow();
        for (ProcessHandle p : Stream.concat(Stream.of(root), root.descendants()).toList()) {
            sockets.addAll(socketInodes(p.pid()));
        }
        Set<String> listening = new HashSet<>(listeningInodes(Path.of("/proc/net/tcp")));
        listening.addAll(listeningInodes(Path.of("/proc/net/tcp6")));
        listening.retainAll(sockets);

        assertThat(sockets).as("the browser's processes were read").isNotEmpty();
        assertThat(listening).as("sockets of the browser listening on TCP").isEmpty();
    }

    @Test
    void aPagesWebRtcSendsNoPacket() throws Exception {
        try (DatagramSocket stun = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            String html = "<!doctype html><title>rtc</title><script>"
                    + "const pc = new RTCPeerConnection({iceServers: [{urls: 'stun:127.0.0.1:" + stun.getLocalPort()
                    + "'}, {urls: 'turn:127.0.0.1:" + stun.getLocalPort() + "?transport=udp', username: 'u',"
                    + " credential: 'c'}]});"
                    + "pc.createDataChannel('x'); pc.createOffer().then(o => pc.setLocalDescription(o));"
                    + "</script>";
            Tab tab = browser.browsers.openTab().get(10, TimeUnit.SECONDS);
            try {
                String url = "http://rtc.test/";
                RenderResult result = new PageRender(tab, HttpUrl.parse(url), new HttpResult(url, 200,
                        Map.of("content-type", "text/html"), "text/html", html.getBytes(StandardCharsets.UTF_8),
                        false, 1, "127.0.0.1"), new RequestRules(ScopeMode.HOST, List.of("document"), 50, 1 << 20),
                        u -> CompletableFuture.failedFuture(new IllegalStateException("no network here")),
                        browser.time, RenderLimits.of(Duration.ofSeconds(10), 1 << 20), RenderEvents.NONE)
                        .run().get(20, TimeUnit.SECONDS);
                assertThat(result).isInstanceOf(RenderResult.Rendered.class);

                // ICE gathering starts with the offer and sends its first requests at once: two seconds is ample.
                stun.setSoTimeout(2_000);
                DatagramPacket packet = new DatagramPacket(new byte[2048], 2048);
                String received = null;
                try {
                    stun.receive(packet);
                    received = packet.getLength() + " bytes from " + packet.getSocketAddress();
                } catch (SocketTimeoutException e) {
                    // nothing came: what should happen
                }
                assertThat(received).as("a datagram the page's WebRTC sent").isNull();
            } finally {
                tab.close().get(5, TimeUnit.SECONDS);
            }
        }
    }

    /** The inodes of the sockets process {@code pid} holds open; none when it has exited meanwhile. */
    private static Set<String> socketInodes(long pid) throws IOException {
        Set<String> inodes = new HashSet<>();
        Path fds = Path.of("/proc", Long.toString(pid), "fd");
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(fds)) {
            for (Path fd : entries) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException e) {
                    // closed since the listing
                }
            }
        } catch (java.nio.file.NoSuchFileException e) {
            return inodes;
        }
        return inodes;
    }

    /** The inodes of the sockets in state LISTEN (0A) in a /proc/net/tcp table. */
    private static Set<String> listeningInodes(Path table) throws IOException {
        Set<String> inodes = new HashSet<>();
        if (!Files.exists(table)) {
            return inodes;
        }
        List<String> lines = Files.readAllLines(table);
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.trim().split("\\s+");
            if (f.length > 9 && "0A".equals(f[3])) {
                inodes.add(f[9]);
            }
        }
        return inodes;
    }
}
