package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs, as written, every example of README.md, CONTRIBUTING.md and {@code docs/*.md} that needs no network
 * beyond loopback: {@code crawl demo}, and
 * a crawl of a site on this machine, for which a small site is served on the example's own port (the
 * test is skipped when something else holds that port). Each must end by itself with exit code 0 and its
 * summary line. {@link ReadmeExamplesTest} checks the others against the command's parser.
 */
class ReadmeExamplesIT {
    /** Options whose value is a file or a cluster of the user's: such an example cannot run here as written. */
    private static final Set<String> USERS_OWN = Set.of("--seeds", "--config", "--bootstrap", "--data-dir");
    private static final Set<String> ADMIN = Set.of("submit", "tail", "status", "fetcher", "parser", "archiver");
    /**
     * Pages of the site an example without {@code --max-pages} crawls: it runs at the example's rate, 1 page/s
     * by default, so each page is a second of the suite; a dozen linked pages end the crawl by draining all the
     * same (60 took the {@code --render-auto} example 74 s).
     */
    private static final int SMALL_SITE_PAGES = 12;
    /** Pages beyond an example's {@code --max-pages}, so that its crawl ends by its limit, as the example says. */
    private static final int PAST_THE_LIMIT = 10;

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> theLoopbackExamplesRunAsWritten() {
        List<ReadmeCommands.Example> runnable = ReadmeCommands.examples().stream()
                .filter(ReadmeExamplesIT::needsOnlyLoopback).toList();
        assertThat(runnable).as("the demo and a crawl of a site on this machine")
                .anySatisfy(e -> assertThat(e.args()).containsExactly("demo"))
                .anySatisfy(e -> assertThat(e.args()).anyMatch(a -> a.startsWith("http://127.")));
        return runnable.stream().map(e -> DynamicTest.dynamicTest(e.toString(), () -> run(e)));
    }

    private void run(ReadmeCommands.Example example) throws Exception {
        List<HttpServer> sites = new ArrayList<>();
        try {
            for (String arg : example.args()) {
                if (arg.startsWith("http://")) {
                    sites.add(site(URI.create(arg).getPort(), sitePages(example.args())));
                }
            }
            Path work = Files.createDirectories(dir.resolve("run-" + example.page().replace('/', '-') + "-" + example.line()));
            Path logback = CommandProcess.stderrLogging(work, "WARN");
            try (CommandProcess crawl = CommandProcess.start(work, logback, example.args().toArray(String[]::new))) {
                assertThat(crawl.awaitExit(Duration.ofSeconds(120))).as("%s ended; stderr:\n%s", example,
                        crawl.stderr()).isTrue();
                assertThat(crawl.exitCode()).as("%s; stderr:\n%s", example, crawl.stderr()).isZero();
                assertThat(crawl.stderr()).as("%s", example).containsPattern("(?m)^(drained|limit reached): [1-9]");
            }
        } finally {
            sites.forEach(s -> s.stop(0));
        }
    }

    private static boolean needsOnlyLoopback(ReadmeCommands.Example e) {
        List<String> args = e.args();
        if (args.isEmpty() || ADMIN.contains(args.get(0)) || args.stream().anyMatch(USERS_OWN::contains)) {
            return false;
        }
        List<String> urls = args.stream().filter(a -> a.startsWith("http://") || a.startsWith("https://")).toList();
        return urls.stream().allMatch(u -> URI.create(u).getHost().startsWith("127."))
                && (!urls.isEmpty() || args.get(0).equals("demo"));
    }

    /** How many pages the site of an example with {@code args} serves. */
    private static int sitePages(List<String> args) {
        int at = args.indexOf("--max-pages");
        return at >= 0 && at + 1 < args.size() ? Integer.parseInt(args.get(at + 1)) + PAST_THE_LIMIT : SMALL_SITE_PAGES;
    }

    /** A site of {@code pages} linked pages on 127.0.0.1:{@code port}; skips the test if the port is taken. */
    private static HttpServer site(int port, int pages) throws IOException {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 64);
        } catch (BindException e) {
            assumeTrue(false, "port " + port + " of the example is taken on this machine");
            throw e;
        }
        server.createContext("/", exchange -> page(exchange, pages));
        server.start();
        return server;
    }

    private static void page(HttpExchange exchange, int pages) throws IOException {
        String path = exchange.getRequestURI().getPath();
        if (!path.equals("/") && !path.matches("/p/[0-9]+")) {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
            return;
        }
        StringBuilder html = new StringBuilder("<html><head><title>").append(path).append("</title></head><body>");
        for (int i = 1; i < pages; i++) {
            html.append("<a href=\"/p/").append(i).append("\">page ").append(i).append("</a> ");
        }
        byte[] body = html.append("</body></html>").toString().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }
}
