package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.embedded.web.SyntheticWeb;

/**
 * Crawls a synthetic site of known shape through the real command (real broker, real HTTP on
 * loopback) and checks the result against the site graph.
 */
class LocalCrawlIT {
    private static SyntheticWeb web;

    @TempDir
    Path dir;

    @BeforeAll
    static void startWeb() {
        web = SyntheticWeb.builder().hosts(6).pagesPerHost(40).linksPerPage(6).crossHostLinkRatio(0.25)
                .externalLinksPerPage(1).bindBase(60).start();
    }

    @AfterAll
    static void stopWeb() {
        web.close();
    }

    @Test
    void everyReachableInScopePageHasExactlyOneRecordAndNothingIsFetchedTwice() throws IOException {
        web.requestLog().clear();
        List<String> seeds = List.of(web.hostRoots().get(0), web.hostRoots().get(1));
        Set<String> seedHosts = Set.of(host(seeds.get(0)), host(seeds.get(1)));

        int exit = crawl(seeds, 50, "--rate", "500", "--per-host", "4");

        assertThat(exit).isZero();
        Map<String, Integer> expected = web.graph().reachable(seeds, 50, url -> seedHosts.contains(host(url)));
        List<JsonNode> records = readLines(dir.resolve("records.jsonl"));
        Map<String, Long> perUrl = records.stream()
                .collect(Collectors.groupingBy(r -> r.get("url").asText(), Collectors.counting()));
        assertThat(perUrl.keySet()).containsExactlyInAnyOrderElementsOf(expected.keySet());
        assertThat(perUrl.values()).allMatch(n -> n == 1L);
        assertThat(records).allSatisfy(r -> {
            assertThat(r.get("status").asInt()).isEqualTo(200);
            assertThat(r.get("title").asText()).isNotBlank();
        });
        assertThat(readLines(dir.resolve("failures.jsonl"))).isEmpty();

        // No URL was fetched twice, and hosts outside the scope received nothing.
        for (String h : seedHosts) {
            assertThat(web.requestLog().countByPath(h)).allSatisfy((path, n) ->
                    assertThat(n).as("requests for %s%s", h, path).isEqualTo(1L));
        }
        for (int i = 2; i < web.hostRoots().size(); i++) {
            assertThat(web.requestLog().of(host(web.hostRoots().get(i)))).isEmpty();
        }
    }

    @Test
    void theDepthLimitHolds() throws IOException {
        List<String> seeds = List.of(web.hostRoots().get(2));
        String seedHost = host(seeds.get(0));

        int exit = crawl(seeds, 2, "--rate", "500", "--per-host", "4");

        assertThat(exit).isZero();
        List<JsonNode> records = readLines(dir.resolve("records.jsonl"));
        Map<String, Integer> withinTwo = web.graph().reachable(seeds, 2, url -> host(url).equals(seedHost));
        Map<String, Integer> withinOne = web.graph().reachable(seeds, 1, url -> host(url).equals(seedHost));
        Map<String, Integer> depthByUrl = new HashMap<>();
        records.forEach(r -> depthByUrl.put(r.get("url").asText(), r.get("depth").asInt()));
        assertThat(depthByUrl.values()).allMatch(d -> d <= 2);
        // A record at depth d proves a path of length d, so every record lies within two hops...
        assertThat(withinTwo.keySet()).containsAll(depthByUrl.keySet());
        // ...and everything one hop from the seed was reached.
        assertThat(depthByUrl.keySet()).containsAll(withinOne.keySet());
        assertThat(depthByUrl.size()).isLessThan(web.graph().reachable(seeds, 50,
                url -> host(url).equals(seedHost)).size());
    }

    private int crawl(List<String> seeds, int maxDepth, String... extra) {
        List<String> args = new ArrayList<>(List.of(
                "--bootstrap", SharedKafka.bootstrapServers(),
                "--crawl-name", SharedKafka.uniqueCrawlName("localcrawl"),
                "--allow-private", "--quiet",
                "--max-depth", Integer.toString(maxDepth),
                "--out", dir.resolve("records.jsonl").toString(),
                "--failures", dir.resolve("failures.jsonl").toString()));
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

    private static String host(String url) {
        return URI.create(url).getHost();
    }
}
