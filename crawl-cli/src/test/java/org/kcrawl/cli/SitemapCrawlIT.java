package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.testkit.web.SitemapSite;

/**
 * The whole local crawl (real command, real broker, real HTTP on loopback) of a site whose pages no
 * page links to: they are reached only through robots.txt's {@code Sitemap:} line, the sitemap index
 * it names, and the plain and gzipped sitemaps the index names.
 */
class SitemapCrawlIT {
    @TempDir
    Path dir;

    @Test
    void everyPageListedOnlyInTheSitemapsGetsExactlyOneRecord() throws IOException {
        try (SitemapSite site = SitemapSite.builder().address("127.0.0.98").pages(12).start()) {
            int exit = CrawlMain.run(new String[] {
                    "--bootstrap", SharedKafka.bootstrapServers(),
                    "--crawl-name", SharedKafka.uniqueCrawlName("sitemapcrawl"),
                    "--allow-private", "--quiet",
                    "--rate", "50", "--per-host", "2",
                    "--out", dir.resolve("records.jsonl").toString(),
                    "--failures", dir.resolve("failures.jsonl").toString(),
                    site.rootUrl()});

            assertThat(exit).isZero();
            List<JsonNode> records = readLines(dir.resolve("records.jsonl"));
            Map<String, Long> perUrl = records.stream()
                    .collect(Collectors.groupingBy(r -> r.get("url").asText(), Collectors.counting()));
            assertThat(perUrl.keySet()).containsAll(site.pageUrls());
            assertThat(perUrl.values()).as("one record per URL").allMatch(n -> n == 1L);
            List<String> everything = new ArrayList<>(site.pageUrls());
            everything.add(site.rootUrl());
            everything.addAll(site.sitemapUrls());
            assertThat(perUrl.keySet()).containsExactlyInAnyOrderElementsOf(everything);

            // robots.txt -> index (depth 0) -> sitemaps (1) -> pages (2): the chain the pages came by.
            Set<String> pages = Set.copyOf(site.pageUrls());
            assertThat(records).filteredOn(r -> pages.contains(r.get("url").asText()))
                    .allSatisfy(r -> {
                        assertThat(r.get("status").asInt()).isEqualTo(200);
                        assertThat(r.get("depth").asInt()).isEqualTo(2);
                    });
            assertThat(readLines(dir.resolve("failures.jsonl"))).isEmpty();
            for (String path : List.of("/robots.txt", SitemapSite.INDEX_PATH, SitemapSite.PLAIN_PATH,
                    SitemapSite.GZIP_PATH)) {
                assertThat(site.requests(path)).as("requests for %s", path).isEqualTo(1);
            }
        }
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
