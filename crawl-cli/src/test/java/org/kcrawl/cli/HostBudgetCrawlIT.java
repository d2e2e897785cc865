package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.embedded.web.SyntheticWeb;

/**
 * {@code max_pages_per_host} in the whole local crawl: hosts larger than the budget stop at exactly
 * the budget, and fetch nothing beyond it, while a smaller host is crawled to its last page.
 */
class HostBudgetCrawlIT {
    private static final int BUDGET = 10;

    @TempDir
    Path dir;

    @Test
    void aHostStopsAtItsBudgetWhileOthersGoOn() throws IOException {
        try (SyntheticWeb large = SyntheticWeb.builder().hosts(2).pagesPerHost(30).linksPerPage(4)
                .crossHostLinkRatio(0).externalLinksPerPage(0).bindBase(100).start();
             SyntheticWeb small = SyntheticWeb.builder().hosts(1).pagesPerHost(6).linksPerPage(3)
                .crossHostLinkRatio(0).externalLinksPerPage(0).bindBase(110).start()) {
            Path config = dir.resolve("crawl.yaml");
            Files.writeString(config, "fetcher:\n  max_pages_per_host: " + BUDGET + "\n");
            List<String> seeds = List.of(large.hostRoots().get(0), large.hostRoots().get(1),
                    small.hostRoots().get(0));

            List<String> args = new ArrayList<>(List.of(
                    "--bootstrap", SharedKafka.bootstrapServers(),
                    "--crawl-name", SharedKafka.uniqueCrawlName("hostbudget"),
                    "--config", config.toString(),
                    "--allow-private", "--quiet",
                    "--max-depth", "50", "--rate", "200", "--per-host", "4",
                    "--out", dir.resolve("records.jsonl").toString(),
                    "--failures", dir.resolve("failures.jsonl").toString()));
            args.addAll(seeds);
            int exit = CrawlMain.run(args.toArray(String[]::new));

            assertThat(exit).isZero();
            List<JsonNode> records = readLines(dir.resolve("records.jsonl"));
            Map<String, Long> perHost = records.stream()
                    .collect(Collectors.groupingBy(r -> host(r.get("url").asText()), Collectors.counting()));
            assertThat(perHost).containsOnly(
                    Map.entry(large.hostAddress(0), (long) BUDGET),
                    Map.entry(large.hostAddress(1), (long) BUDGET),
                    Map.entry(small.hostAddress(0), 6L));
            assertThat(records).extracting(r -> r.get("url").asText()).doesNotHaveDuplicates();
            assertThat(readLines(dir.resolve("failures.jsonl"))).isEmpty();
            for (int h = 0; h < 2; h++) {
                Map<String, Long> requests = large.requestLog().countByPath(large.hostAddress(h));
                long pageRequests = requests.entrySet().stream().filter(e -> !e.getKey().equals("/robots.txt"))
                        .mapToLong(Map.Entry::getValue).sum();
                assertThat(pageRequests).as("pages requested from %s", large.hostAddress(h)).isEqualTo(BUDGET);
            }
        }
    }

    private static String host(String url) {
        return URI.create(url).getHost();
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
