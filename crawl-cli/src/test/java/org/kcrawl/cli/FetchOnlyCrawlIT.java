package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.testkit.web.SitemapSite;
import org.kcrawl.embedded.web.SyntheticWeb;

/**
 * {@code crawl --fetch-only} through the real command (real broker, real HTTP on loopback): every
 * seed fetched once and written as one line, no link followed, failures where they belong.
 */
class FetchOnlyCrawlIT {
    private static SyntheticWeb web;

    @TempDir
    Path dir;

    @BeforeAll
    static void startWeb() {
        web = SyntheticWeb.builder().hosts(3).pagesPerHost(30).linksPerPage(6).bindBase(80).start();
    }

    @AfterAll
    static void stopWeb() {
        web.close();
    }

    @Test
    void everySeedIsFetchedOnceAndNoLinkIsFollowed() throws IOException {
        web.requestLog().clear();
        List<String> pages = List.of(web.pageUrl(0, 0), web.pageUrl(0, 3), web.pageUrl(0, 7), web.pageUrl(0, 12),
                web.pageUrl(1, 0), web.pageUrl(1, 5), web.pageUrl(1, 29));
        String missing = web.hostRoots().get(1) + "p/999";
        List<String> seeds = new ArrayList<>(pages);
        seeds.add(missing);

        // A depth limit that would let a crawl follow links: fetch-only must not, whatever it says.
        int exit = fetchOnly(SharedKafka.uniqueCrawlName("fetchonly"), seeds, "--max-depth", "3");

        assertThat(exit).isZero();
        List<JsonNode> lines = readLines(dir.resolve("pages.jsonl"));
        assertThat(lines).extracting(l -> l.get("url").asText()).containsExactlyInAnyOrderElementsOf(pages);
        assertThat(lines).allSatisfy(l -> {
            assertThat(l.get("status").asInt()).isEqualTo(200);
            assertThat(l.get("final_url").asText()).isEqualTo(l.get("url").asText());
            assertThat(l.get("content_type").asText()).startsWith("text/html");
            assertThat(l.get("bytes").asInt()).isPositive();
            assertThat(l.get("truncated").asBoolean()).isFalse();
            assertThat(Instant.parse(l.get("fetched_at").asText())).isBefore(Instant.now());
            assertThat(l.get("fetch_ms").asLong()).isNotNegative();
            assertThat(l.has("body")).as("no body in a fetch-only line").isFalse();
            assertThat(l.has("title")).as("nothing parsed").isFalse();
        });
        List<JsonNode> failures = readLines(dir.resolve("failures.jsonl"));
        assertThat(failures).singleElement().satisfies(f -> {
            assertThat(f.get("url").asText()).isEqualTo(missing);
            assertThat(f.get("status").asInt()).isEqualTo(404);
            assertThat(f.get("reason").asText()).isEqualTo("http_4xx");
        });

        // The server saw the seeds and robots.txt, each once, and nothing else: no link was followed.
        for (int host = 0; host < 3; host++) {
            String address = web.hostAddress(host);
            Map<String, Long> expected = new LinkedHashMap<>();
            seeds.stream().filter(s -> URI.create(s).getHost().equals(address))
                    .forEach(s -> expected.put(URI.create(s).getRawPath(), 1L));
            if (!expected.isEmpty()) {
                expected.put("/robots.txt", 1L);
            }
            assertThat(web.requestLog().countByPath(address)).as("requests to %s", address)
                    .containsExactlyInAnyOrderEntriesOf(expected);
        }
    }

    @Test
    void theSitemapsOfRobotsTxtAreNotFollowed() throws IOException {
        try (SitemapSite site = SitemapSite.builder().address("127.0.0.96").pages(4).start()) {
            int exit = fetchOnly(SharedKafka.uniqueCrawlName("fetchonly-sitemaps"), List.of(site.rootUrl()));

            assertThat(exit).isZero();
            assertThat(readLines(dir.resolve("pages.jsonl"))).extracting(l -> l.get("url").asText())
                    .containsExactly(site.rootUrl());
            assertThat(site.requests("/robots.txt")).isEqualTo(1);
            assertThat(site.requests(SitemapSite.INDEX_PATH)).isZero();
        }
    }

    @Test
    void maxPagesLimitsTheLinesWritten() throws IOException {
        List<String> seeds = List.of(web.pageUrl(0, 20), web.pageUrl(0, 21), web.pageUrl(0, 22), web.pageUrl(0, 23),
                web.pageUrl(0, 24), web.pageUrl(0, 25));

        int exit = fetchOnly(SharedKafka.uniqueCrawlName("fetchonly-max"), seeds, "--max-pages", "3");

        assertThat(exit).isZero();
        List<JsonNode> lines = readLines(dir.resolve("pages.jsonl"));
        assertThat(lines).hasSize(3);
        assertThat(lines).extracting(l -> l.get("url").asText()).doesNotHaveDuplicates().isSubsetOf(seeds);
    }

    @Test
    void aCrawlNameThatParsersReadIsRefusedBeforeAnythingIsWritten() throws IOException {
        String name = SharedKafka.uniqueCrawlName("fetchonly-parsed");
        List<String> seed = List.of(web.pageUrl(2, 0));
        // A full crawl under the name: its parser commits in the name's parser group.
        assertThat(crawl(false, name, seed, "--max-depth", "0")).isZero();
        Files.writeString(dir.resolve("pages.jsonl"), "kept\n", StandardCharsets.UTF_8);

        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream originalErr = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = fetchOnly(name, seed);
        } finally {
            System.setErr(originalErr);
        }

        assertThat(exit).isEqualTo(2);
        String message = err.toString(StandardCharsets.UTF_8).strip();
        assertThat(message.lines().filter(l -> l.startsWith("crawl:")).collect(Collectors.toList())).singleElement()
                .satisfies(l -> assertThat(l).contains("--fetch-only").contains(name + ".parser")
                        .contains("--crawl-name"));
        assertThat(Files.readString(dir.resolve("pages.jsonl"), StandardCharsets.UTF_8)).isEqualTo("kept\n");
    }

    private int fetchOnly(String crawlName, List<String> seeds, String... extra) {
        return crawl(true, crawlName, seeds, extra);
    }

    private int crawl(boolean fetchOnly, String crawlName, List<String> seeds, String... extra) {
        List<String> args = new ArrayList<>(List.of(
                "--bootstrap", SharedKafka.bootstrapServers(),
                "--crawl-name", crawlName,
                "--allow-private", "--quiet", "--rate", "500", "--per-host", "4",
                "--out", dir.resolve("pages.jsonl").toString(),
                "--failures", dir.resolve("failures.jsonl").toString()));
        if (fetchOnly) {
            args.add("--fetch-only");
        }
        args.addAll(List.of(extra));
        args.addAll(seeds);
        return CrawlMain.run(args.toArray(String[]::new));
    }

    private static List<JsonNode> readLines(Path file) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                out.add(MessageCodec.get().readTree(line.getBytes(StandardCharsets.UTF_8)));
            }
        }
        return out;
    }
}
