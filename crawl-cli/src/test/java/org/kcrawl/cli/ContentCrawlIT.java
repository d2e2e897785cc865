package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.testkit.kafka.SharedKafka;

/**
 * Issue 36 through the command: a crawl of a news site on loopback ({@link ArticleSite}) writes records
 * whose {@code text} is each article, paragraph by paragraph, without the site's navigation, sidebar,
 * footer and comments; {@code --markdown} adds the same as Markdown, and {@code --content none} gives the
 * records as they were before.
 */
class ContentCrawlIT {
    private static ArticleSite site;

    @TempDir
    Path dir;

    @BeforeAll
    static void startSite() {
        site = ArticleSite.start("127.0.0.191");
    }

    @AfterAll
    static void stopSite() {
        site.close();
    }

    @Test
    void eachArticlesRecordCarriesItsParagraphsAndNoneOfTheChrome() throws IOException {
        Run run = crawl("main");

        assertThat(run.exit).as(run.stderr).isZero();
        assertThat(run.byUrl().keySet()).containsExactlyInAnyOrderElementsOf(
                ArticleSite.PAGES.stream().map(site::url).toList());
        for (int n = 0; n < ArticleSite.ARTICLES.size(); n++) {
            JsonNode record = run.byUrl().get(site.url(ArticleSite.ARTICLES.get(n)));
            String text = record.path("text").asText(null);
            assertThat(text).as("text of article %d", n).isNotNull();
            assertThat(text).contains(ArticleSite.headline(n)).contains("What people say");
            for (String paragraph : ArticleSite.paragraphs(n)) {
                assertThat(text).as("article %d", n).contains(paragraph);
            }
            for (String chrome : ArticleSite.CHROME) {
                assertThat(text).as("article %d", n).doesNotContain(chrome);
            }
            assertThat(text.indexOf(ArticleSite.paragraphs(n).get(3)))
                    .as("in reading order").isGreaterThan(text.indexOf(ArticleSite.paragraphs(n).get(0)));
            assertThat(record.has("markdown")).as("only with --markdown").isFalse();
            assertThat(record.path("text_hash").asText()).matches("[0-9a-f]{32}");
            assertThat(record.path("simhash").asText()).matches("[0-9a-f]{16}");
            assertThat(record.path("site_name").asText()).isEqualTo("Valley Courier");
            assertThat(record.path("author").asText()).isEqualTo("Mara Quill");
        }
        List<String> hashes = ArticleSite.ARTICLES.stream()
                .map(p -> run.byUrl().get(site.url(p)).path("text_hash").asText()).distinct().toList();
        assertThat(hashes).as("four texts, four hashes").hasSize(4);
    }

    @Test
    void markdownGivesTheSameArticlesWithHeadingsEmphasisAndAbsoluteLinks() throws IOException {
        Run run = crawl("markdown", "--markdown");

        assertThat(run.exit).as(run.stderr).isZero();
        for (int n = 0; n < ArticleSite.ARTICLES.size(); n++) {
            JsonNode record = run.byUrl().get(site.url(ArticleSite.ARTICLES.get(n)));
            String md = record.path("markdown").asText(null);
            assertThat(md).as("markdown of article %d", n).isNotNull()
                    .contains("# " + ArticleSite.headline(n))
                    .contains("## What people say")
                    .containsAnyOf("*one good season*", "_one good season_")
                    .contains("[the work](" + site.url("/about.html") + ")")
                    .contains(ArticleSite.paragraphs(n).get(0))
                    .contains(ArticleSite.paragraphs(n).get(3));
            for (String chrome : ArticleSite.CHROME) {
                assertThat(md).as("article %d", n).doesNotContain(chrome);
            }
            assertThat(record.path("text").asText()).contains(ArticleSite.paragraphs(n).get(2));
        }
    }

    @Test
    void contentNoneWritesTheRecordsOfBefore() throws IOException {
        Run run = crawl("none", "--content", "none");

        assertThat(run.exit).as(run.stderr).isZero();
        assertThat(run.records).hasSize(ArticleSite.PAGES.size());
        for (JsonNode record : run.records) {
            for (String field : List.of("text", "text_truncated", "markdown", "text_hash", "simhash", "text_error",
                    "author", "published", "modified", "site_name", "image", "type", "keywords", "pages")) {
                assertThat(record.has(field)).as("%s of %s", field, record.path("url").asText()).isFalse();
            }
            assertThat(record.path("title").asText()).endsWith("| Valley Courier");
        }
    }

    private record Run(int exit, List<JsonNode> records, String stderr) {
        Map<String, JsonNode> byUrl() {
            return records.stream().collect(Collectors.toMap(r -> r.get("url").asText(), Function.identity()));
        }
    }

    private Run crawl(String name, String... options) throws IOException {
        Path out = dir.resolve(name + "-records.jsonl");
        List<String> args = new ArrayList<>(List.of("--bootstrap", SharedKafka.bootstrapServers(),
                "--crawl-name", SharedKafka.uniqueCrawlName("content-" + name), "--allow-private", "--rate", "50",
                "--quiet", "--out", out.toString(), "--failures", dir.resolve(name + "-failures.jsonl").toString()));
        args.addAll(List.of(options));
        args.add(site.url("/"));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream original = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = CrawlMain.run(args.toArray(String[]::new));
        } finally {
            System.setErr(original);
        }
        List<JsonNode> records = new ArrayList<>();
        for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                records.add(MessageCodec.get().readTree(line.getBytes(StandardCharsets.UTF_8)));
            }
        }
        return new Run(exit, records, err.toString(StandardCharsets.UTF_8));
    }
}
