package org.kcrawl.render.cdp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.netty.channel.DefaultEventLoop;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The DevTools pipe against a scripted browser on piped streams: messages split at NUL bytes, oversized answers. */
class CdpConnectionTest {
    private static final int MAX = 4096;
    private static final Pattern COMMAND = Pattern.compile("\"id\":(\\d+),\"method\":\"([^\"]+)\"");

    private final DefaultEventLoop loop = new DefaultEventLoop();
    private CdpConnection cdp;
    private Thread browser;

    @AfterEach
    void stop() throws InterruptedException {
        if (cdp != null) {
            cdp.close();
        }
        if (browser != null) {
            browser.join(5_000);
        }
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(5, TimeUnit.SECONDS);
    }

    /**
     * A page's DOM over the largest message accepted fails the command it answers, and nothing else: before,
     * the connection closed, and with it the browser and every page in it.
     */
    @Test
    void anAnswerOverTheLargestMessageFailsItsCommandAloneAndTheConnectionGoesOn() throws Exception {
        connect();

        Throwable tooLarge = catchThrowable(() -> cdp.send("Big.answer", CdpConnection.params())
                .get(5, TimeUnit.SECONDS));
        assertThat(tooLarge).isInstanceOf(ExecutionException.class).cause().isInstanceOf(CdpException.class);
        assertThat(((CdpException) tooLarge.getCause()).kind()).isEqualTo(CdpException.Kind.TOO_LARGE);

        assertThat(cdp.send("Small.answer", CdpConnection.params()).get(5, TimeUnit.SECONDS).path("ok").asBoolean())
                .isTrue();
        assertThat(cdp.isOpen()).isTrue();
    }

    @Test
    void answersArriveInPiecesAndTogether() throws Exception {
        connect();

        var first = cdp.send("Small.answer", CdpConnection.params());
        var second = cdp.send("Small.answer", CdpConnection.params());

        assertThat(first.get(5, TimeUnit.SECONDS).path("ok").asBoolean()).isTrue();
        assertThat(second.get(5, TimeUnit.SECONDS).path("ok").asBoolean()).isTrue();
    }

    private void connect() throws IOException {
        PipedOutputStream toBrowser = new PipedOutputStream();
        PipedInputStream browserReads = new PipedInputStream(toBrowser, 1 << 16);
        PipedOutputStream browserWrites = new PipedOutputStream();
        PipedInputStream fromBrowser = new PipedInputStream(browserWrites, 1 << 16);
        browser = new Thread(() -> serve(browserReads, browserWrites), "scripted-browser");
        browser.setDaemon(true);
        browser.start();
        cdp = CdpConnection.open(fromBrowser, toBrowser, loop, Duration.ofSeconds(5), MAX, "test-cdp");
    }

    /** Answers each command: {@code Big.*} with a result of three times the largest message, in 1000-byte writes. */
    private static void serve(InputStream in, OutputStream out) {
        try (in; out) {
            ByteArrayOutputStream command = new ByteArrayOutputStream();
            int b;
            while ((b = in.read()) >= 0) {
                if (b != 0) {
                    command.write(b);
                    continue;
                }
                Matcher m = COMMAND.matcher(command.toString(StandardCharsets.UTF_8));
                command.reset();
                if (!m.find()) {
                    continue;
                }
                String result = m.group(2).startsWith("Big.") ? "{\"s\":\"" + "x".repeat(3 * MAX) + "\"}"
                        : "{\"ok\":true}";
                byte[] answer = ("{\"id\":" + m.group(1) + ",\"result\":" + result + "}").getBytes(StandardCharsets.UTF_8);
                for (int from = 0; from < answer.length; from += 1000) {
                    out.write(answer, from, Math.min(1000, answer.length - from));
                    out.flush();
                }
                out.write(0);
                out.flush();
            }
        } catch (IOException e) {
            // the connection closed its end: the test is over
        }
    }
}
