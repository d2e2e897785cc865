package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.embedded.web.SyntheticWeb;

/**
 * The command means what it says: {@code --per-host 16 --concurrency 16} on a one-host site puts 16
 * requests in flight at once as the server sees them (the per-address cap follows {@code --per-host};
 * it used to stay at 8), and {@code --per-ip} lowers it when asked.
 */
class PerHostConcurrencyCrawlIT {
    private static final int PAGES = 300;
    private static SyntheticWeb web;

    @TempDir
    Path dir;

    @BeforeAll
    static void startWeb() {
        // Slow answers and many links per page, so the host's queue is always deeper than its cap.
        web = SyntheticWeb.builder().hosts(1).pagesPerHost(PAGES).linksPerPage(10).crossHostLinkRatio(0)
                .externalLinksPerPage(0).latency(Duration.ofMillis(200)).bindBase(140).start();
    }

    @AfterAll
    static void stopWeb() {
        web.close();
    }

    @Test
    void perHostSixteenPutsSixteenRequestsInFlightAtTheHost() throws IOException {
        web.requestLog().clear();

        int exit = crawl("--per-host", "16", "--concurrency", "16");

        assertThat(exit).isZero();
        String host = web.hostAddress(0);
        assertThat(records()).as("every page of the site").isEqualTo(web.graph().reachable(web.hostRoots(), 50,
                url -> URI.create(url).getHost().equals(host)).size());
        assertThat(web.requestLog().dropped()).isZero();
        assertThat(web.requestLog().maxConcurrency(host)).as("requests in flight at once, as the server saw them")
                .isEqualTo(16);
    }

    @Test
    void perIpHoldsTheHostToItsLowerCap() {
        web.requestLog().clear();

        int exit = crawl("--per-host", "16", "--concurrency", "16", "--per-ip", "4");

        assertThat(exit).isZero();
        assertThat(web.requestLog().maxConcurrency(web.hostAddress(0))).isEqualTo(4);
    }

    private int crawl(String... caps) {
        List<String> args = new ArrayList<>(List.of(
                "--bootstrap", SharedKafka.bootstrapServers(),
                "--crawl-name", SharedKafka.uniqueCrawlName("perhost"),
                "--allow-private", "--quiet", "--rate", "1000", "--max-depth", "50",
                "--out", dir.resolve("records.jsonl").toString(),
                "--failures", dir.resolve("failures.jsonl").toString()));
        args.addAll(List.of(caps));
        args.addAll(web.hostRoots());
        return CrawlMain.run(args.toArray(String[]::new));
    }

    private long records() throws IOException {
        return Files.readAllLines(dir.resolve("records.jsonl"), StandardCharsets.UTF_8).stream()
                .filter(line -> !line.isBlank()).count();
    }
}
