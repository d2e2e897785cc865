package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.testkit.web.MovedSite;

/**
 * Issue #21 through the command: a seed whose root redirects to another host name (a bare domain
 * moving to its canonical name) is crawled in full, in one JVM ({@code crawl URL}) and with separate
 * worker processes ({@code crawl fetcher}, {@code crawl parser}, {@code crawl submit}); a redirect of a
 * page that is no seed to another host is still not followed under the default host scope; and the
 * move survives a restart of the workers, so a second seed that links to the moved site reaches it.
 */
class SeedRedirectCrawlIT {
    @TempDir
    Path dir;
    private Path logback;

    @BeforeEach
    void childLogging() throws IOException {
        logback = CommandProcess.stderrLogging(dir, "INFO");
    }

    /** Every URL a crawl from the bare root writes a record for, in host scope. */
    private static List<String> firstCrawl(MovedSite site) {
        List<String> urls = new ArrayList<>(List.of(site.bare("/"), site.bare("/hidden")));
        MovedSite.CANONICAL_PAGES.forEach(p -> urls.add(site.canonical(p)));
        return urls;
    }

    /** What a second seed on the away host adds: reached only because the crawl knows the seed moved. */
    private static List<String> secondCrawl(MovedSite site) {
        return List.of(site.away("/"), site.canonical("/extra"), site.bare("/later"), site.canonical("/later"));
    }

    @Test
    void aLocalCrawlFollowsItsSeedToTheCanonicalHostAndKeepsItAcrossARestart() throws IOException {
        String crawlName = SharedKafka.uniqueCrawlName("seedmove");
        try (MovedSite site = MovedSite.builder().addresses("127.0.0.77", "127.0.0.78", "127.0.0.79").start()) {
            Run first = crawl(crawlName, "first", site.bare("/"));

            assertThat(first.exit).as(first.stderr).isZero();
            assertOneRecordEach(first.records, firstCrawl(site));
            assertThat(byUrl(first.records).get(site.bare("/")).get("redirect_to").asText())
                    .isEqualTo(site.canonical("/"));
            assertThat(byUrl(first.records).get(site.canonical("/away")).get("redirect_to").asText())
                    .as("a page's redirect to another host is recorded").isEqualTo(site.away("/"));
            assertThat(site.awayRequests()).as("but not followed").isZero();
            assertThat(first.stderr).contains("seed moved: " + site.bare("/") + " redirects to "
                    + site.canonical("/") + "; the crawl covers " + site.canonicalSite() + " too")
                    .contains("; 1 seed moved to another site");

            // The same crawl, restarted with a seed on another site that links to the moved one.
            Run second = crawl(crawlName, "second", site.away("/"));

            assertThat(second.exit).as(second.stderr).isZero();
            assertOneRecordEach(second.records, secondCrawl(site));
            for (String url : firstCrawl(site)) {
                assertThat(site.requests(url)).as("requests for %s over both runs", url).isEqualTo(1);
            }
        }
    }

    @Test
    void separateWorkersFollowTheSeedToTheCanonicalHostAndKeepItAcrossTheirRestart() throws Exception {
        String bootstrap = SharedKafka.bootstrapServers();
        String crawlName = SharedKafka.uniqueCrawlName("seedmove-cluster");
        try (MovedSite site = MovedSite.builder().addresses("127.0.0.81", "127.0.0.82", "127.0.0.83").start()) {
            Path fetcherYaml = write("fetcher.yaml", """
                    crawl_name: %s
                    bootstrap_servers: %s
                    partitions: 2
                    metrics_port: 0
                    allow_private: true
                    rate: 20
                    drain_timeout: PT2S
                    """.formatted(crawlName, bootstrap));
            Path parserYaml = write("parser.yaml", """
                    crawl_name: %s
                    bootstrap_servers: %s
                    partitions: 2
                    metrics_port: 0
                    threads: 1
                    drain_timeout: PT2S
                    """.formatted(crawlName, bootstrap));

            try (CommandProcess fetcher = start("fetcher-1", "fetcher", "--config", fetcherYaml.toString());
                 CommandProcess parser = start("parser-1", "parser", "--config", parserYaml.toString())) {
                assertThat(admin("submit", "--bootstrap", bootstrap, "--crawl-name", crawlName, "--partitions", "2",
                        site.bare("/"))).isZero();
                awaitRecords(bootstrap, crawlName, firstCrawl(site), fetcher, parser);
                stop(fetcher, parser);
                assertThat(fetcher.stderr()).contains("joins the crawl's scope");
            }
            assertThat(site.awayRequests()).as("a page's redirect to another host is not followed").isZero();

            try (CommandProcess fetcher = start("fetcher-2", "fetcher", "--config", fetcherYaml.toString());
                 CommandProcess parser = start("parser-2", "parser", "--config", parserYaml.toString())) {
                assertThat(admin("submit", "--bootstrap", bootstrap, "--crawl-name", crawlName, site.away("/")))
                        .isZero();
                List<String> all = new ArrayList<>(firstCrawl(site));
                all.addAll(secondCrawl(site));
                awaitRecords(bootstrap, crawlName, all, fetcher, parser);
                stop(fetcher, parser);
            }
            for (String url : firstCrawl(site)) {
                assertThat(site.requests(url)).as("requests for %s over both runs", url).isEqualTo(1);
            }
        }
    }

    private record Run(int exit, List<JsonNode> records, String stderr) {}

    private Run crawl(String crawlName, String name, String seed) throws IOException {
        Path out = dir.resolve(name + "-records.jsonl");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream original = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = CrawlMain.run("--bootstrap", SharedKafka.bootstrapServers(), "--crawl-name", crawlName,
                    "--allow-private", "--rate", "20", "--out", out.toString(),
                    "--failures", dir.resolve(name + "-failures.jsonl").toString(), seed);
        } finally {
            System.setErr(original);
        }
        return new Run(exit, readLines(Files.readAllLines(out, StandardCharsets.UTF_8)),
                err.toString(StandardCharsets.UTF_8));
    }

    private int admin(String... args) {
        return CrawlMain.run(args);
    }

    /** Waits until {@code crawl tail records} prints exactly {@code expected}, one record each. */
    private void awaitRecords(String bootstrap, String crawlName, List<String> expected, CommandProcess... workers) {
        await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
            for (CommandProcess w : workers) {
                assertThat(w.isAlive()).as(w::stderr).isTrue();
            }
            List<JsonNode> records = tailRecords(bootstrap, crawlName);
            assertThat(records).extracting(r -> r.get("url").asText()).containsAll(expected);
        });
        // Nothing more arrives: every URL once.
        assertOneRecordEach(tailRecords(bootstrap, crawlName), expected);
    }

    private List<JsonNode> tailRecords(String bootstrap, String crawlName) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream original = System.out;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            assertThat(CrawlMain.run("tail", "records", "--bootstrap", bootstrap, "--crawl-name", crawlName))
                    .isZero();
        } finally {
            System.setOut(original);
        }
        return readLines(out.toString(StandardCharsets.UTF_8).lines().toList());
    }

    private static void assertOneRecordEach(List<JsonNode> records, List<String> expected) {
        Map<String, Long> perUrl = records.stream()
                .collect(Collectors.groupingBy(r -> r.get("url").asText(), Collectors.counting()));
        assertThat(perUrl.keySet()).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(perUrl.values()).as("one record per URL: %s", perUrl).allMatch(n -> n == 1L);
    }

    private static Map<String, JsonNode> byUrl(List<JsonNode> records) {
        return records.stream().collect(Collectors.toMap(r -> r.get("url").asText(), Function.identity()));
    }

    private static List<JsonNode> readLines(List<String> lines) {
        List<JsonNode> out = new ArrayList<>();
        for (String line : lines) {
            if (!line.isBlank()) {
                out.add(MessageCodec.get().readTree(line.getBytes(StandardCharsets.UTF_8)));
            }
        }
        return out;
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
    }

    private CommandProcess start(String name, String... args) throws IOException {
        Path workDir = Files.createDirectories(dir.resolve(name));
        return CommandProcess.start(workDir, logback, args);
    }

    private static void stop(CommandProcess... workers) throws InterruptedException {
        for (CommandProcess w : workers) {
            w.terminate();
        }
        for (CommandProcess w : workers) {
            assertThat(w.awaitExit(Duration.ofSeconds(60))).as(w::stderr).isTrue();
            // 143 is 128 + SIGTERM: the JVM ran its shutdown hooks (the graceful stop) and exited for the signal.
            assertThat(w.exitCode()).as(w::stderr).isIn(0, 143);
        }
    }
}
