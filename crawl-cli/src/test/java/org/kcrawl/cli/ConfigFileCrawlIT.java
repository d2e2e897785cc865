package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.embedded.web.SyntheticWeb;

/**
 * {@code crawl --config FILE} takes the file's settings where the command line gives none: the crawl's
 * name, the rate, the per-host and total caps, the page budget, the depth and the scope all come from the
 * file here, and an option given on the command line still wins over it.
 */
class ConfigFileCrawlIT {
    @TempDir
    Path dir;

    @Test
    void theFilesRateCapsBudgetAndCrawlNameHoldWhenNoOptionSetsThem() throws Exception {
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(1).pagesPerHost(60).linksPerPage(5)
                .crossHostLinkRatio(0).externalLinksPerPage(0).latency(Duration.ofMillis(150)).bindBase(230).start()) {
            String crawl = SharedKafka.uniqueCrawlName("config-file");
            Path config = dir.resolve("crawl.yaml");
            Files.writeString(config, "fetcher:\n  crawl_name: " + crawl + "\n  rate: 50\n  per_host: 8\n"
                    + "  concurrency: 3\n  max_pages: 12\n");

            int exit = crawl("--config", config.toString(), web.hostRoots().get(0));

            assertThat(exit).isZero();
            assertThat(records()).as("max_pages: 12 from the file").hasSize(12);
            String host = web.hostAddress(0);
            assertThat(web.requestLog().minIntervalNanos(host)).as("rate: 50 from the file, not one a second")
                    .isLessThan(TimeUnit.MILLISECONDS.toNanos(500));
            assertThat(web.requestLog().maxConcurrency(host))
                    .as("concurrency: 3 from the file holds the host's per_host: 8 (not 2) to 3").isEqualTo(3);
            try (Admin admin = KafkaClients.of(SharedKafka.bootstrapServers()).admin()) {
                assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS))
                        .as("the topics are named by the file's crawl_name").contains(new CrawlTopics(crawl).records());
            }
        }
    }

    @Test
    void theFilesDepthAndScopeHoldWhenNoOptionSetsThemAndAnOptionWinsOverTheFile() throws Exception {
        // Every link leads to the other host: in scope with scope any only.
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(2).pagesPerHost(40).linksPerPage(4)
                .crossHostLinkRatio(1).externalLinksPerPage(0).bindBase(235).start()) {
            Path config = dir.resolve("crawl.yaml");
            Files.writeString(config, "fetcher:\n  rate: 50\n  max_depth: 1\n  scope: any\n"
                    + "parser:\n  max_depth: 1\n  scope: any\n");

            int exit = crawl("--crawl-name", SharedKafka.uniqueCrawlName("config-file-scope"), "--config",
                    config.toString(), web.hostRoots().get(0));

            assertThat(exit).isZero();
            Set<String> expected = web.graph().reachable(List.of(web.hostRoots().get(0)), 1, url -> true).keySet();
            assertThat(expected).as("the other host's pages a link away").anyMatch(url -> host(url).equals(web.hostAddress(1)));
            assertThat(records()).extracting(r -> r.get("url").asText())
                    .as("max_depth: 1 and scope: any from the file").containsExactlyInAnyOrderElementsOf(expected);

            int again = crawl("--crawl-name", SharedKafka.uniqueCrawlName("config-file-scope"), "--config",
                    config.toString(), "--max-depth", "0", "--scope", "host", web.hostRoots().get(0));

            assertThat(again).isZero();
            assertThat(records()).as("--max-depth 0 wins over the file's 1").hasSize(1);
        }
    }

    private static String host(String url) {
        return URI.create(url).getHost();
    }

    private int crawl(String... args) {
        List<String> all = new ArrayList<>(List.of("--bootstrap", SharedKafka.bootstrapServers(), "--allow-private",
                "--quiet", "--out", dir.resolve("records.jsonl").toString(),
                "--failures", dir.resolve("failures.jsonl").toString()));
        all.addAll(List.of(args));
        return CrawlMain.run(all.toArray(String[]::new));
    }

    private List<JsonNode> records() throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("records.jsonl"), StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                out.add(MessageCodec.get().readTree(line.getBytes(StandardCharsets.UTF_8)));
            }
        }
        return out;
    }
}
