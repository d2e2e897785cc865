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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.testkit.web.RefreshSite;

/**
 * Issue #23 through the command: a page that moves by declarative refresh, a
 * {@code <meta http-equiv="refresh">} or a {@code Refresh} header, is followed as a redirect: its
 * record says {@code redirect_to}, the target is crawled at the same depth (a seed's moves the crawl),
 * redirects of every form count against one hop limit, a loop ends, and a slow refresh is no redirect.
 */
class RefreshCrawlIT {
    @TempDir
    Path dir;

    @Test
    void aSiteReachableOnlyThroughAMetaRefreshRootIsCrawledInFull() throws IOException {
        try (RefreshSite site = RefreshSite.builder().addresses("127.0.0.111", "127.0.0.112").start()) {
            Run run = crawl("root", site.url("/"));

            assertThat(run.exit).as(run.stderr).isZero();
            assertOneRecordEach(run.records, withContent(site, site.url("/")));
            JsonNode root = run.byUrl().get(site.url("/"));
            assertThat(root.get("redirect_to").asText()).isEqualTo(site.url("/home.html"));
            assertThat(root.get("status").asInt()).isEqualTo(200);
            assertThat(root.get("title").asText()).isEqualTo("moved");
            assertThat(run.byUrl().get(site.url("/home.html")).get("depth").asInt()).as("a redirect keeps the depth")
                    .isZero();
            assertThat(run.byUrl().get(site.url("/c.html")).get("depth").asInt()).isEqualTo(2);
            assertThat(run.failures).isEmpty();
            for (String path : RefreshSite.CONTENT_PAGES) {
                assertThat(site.requests(site.url(path))).as("requests for %s", path).isEqualTo(1);
            }
        }
    }

    @Test
    void aRefreshHeaderIsFollowedTheSameWay() throws IOException {
        try (RefreshSite site = RefreshSite.builder().addresses("127.0.0.113", "127.0.0.114").start()) {
            Run run = crawl("header", site.url("/header"));

            assertThat(run.exit).as(run.stderr).isZero();
            assertOneRecordEach(run.records, withContent(site, site.url("/header")));
            assertThat(run.byUrl().get(site.url("/header")).get("redirect_to").asText())
                    .isEqualTo(site.url("/home.html"));
            assertThat(run.failures).isEmpty();
        }
    }

    @Test
    void aSeedThatRefreshesToAnotherHostMovesTheCrawlThere() throws IOException {
        try (RefreshSite site = RefreshSite.builder().addresses("127.0.0.115", "127.0.0.116").start()) {
            Run run = crawl("moved", site.url("/moved"));

            assertThat(run.exit).as(run.stderr).isZero();
            List<String> expected = new ArrayList<>(List.of(site.url("/moved")));
            RefreshSite.CONTENT_PAGES.forEach(p -> expected.add(site.otherUrl(p)));
            assertOneRecordEach(run.records, expected);
            assertThat(run.byUrl().get(site.url("/moved")).get("redirect_to").asText())
                    .isEqualTo(site.otherUrl("/home.html"));
            assertThat(run.stderr).contains("seed moved: " + site.url("/moved") + " redirects to "
                    + site.otherUrl("/home.html") + "; the crawl covers " + site.otherSite() + " too")
                    .contains("; 1 seed moved to another site");
        }
    }

    @Test
    void refreshLoopsEndAndRedirectsOfEveryFormShareOneHopLimit() throws IOException {
        try (RefreshSite site = RefreshSite.builder().addresses("127.0.0.117", "127.0.0.118").start()) {
            Run run = crawl("loop", site.url("/loop/0"), site.url("/cycle/a"));

            assertThat(run.exit).as(run.stderr).isZero();
            // 302, Refresh header, meta refresh, 302, header: five hops; the meta refresh of /loop/5 is the sixth.
            List<String> recorded = new ArrayList<>();
            for (int n = 0; n <= 4; n++) {
                recorded.add(site.url("/loop/" + n));
            }
            recorded.add(site.url("/cycle/a"));
            recorded.add(site.url("/cycle/b"));
            assertOneRecordEach(run.records, recorded);
            for (int n = 0; n <= 4; n++) {
                assertThat(run.byUrl().get(site.url("/loop/" + n)).get("redirect_to").asText())
                        .isEqualTo(site.url("/loop/" + (n + 1)));
            }
            assertThat(run.failures).hasSize(1);
            JsonNode limit = run.failures.get(0);
            assertThat(limit.get("url").asText()).isEqualTo(site.url("/loop/5"));
            assertThat(limit.get("reason").asText()).isEqualTo("redirect_limit");
            assertThat(limit.get("detail").asText()).contains("more than 5 redirects");
            assertThat(site.requests(site.url("/loop/6"))).isZero();
            assertThat(run.byUrl().get(site.url("/cycle/b")).get("redirect_to").asText())
                    .isEqualTo(site.url("/cycle/a"));
            assertThat(site.requests(site.url("/cycle/a"))).as("the cycle ends at the URL seen").isEqualTo(1);
        }
    }

    @Test
    void aSlowRefreshOrAReloadIsLeftAlone() throws IOException {
        try (RefreshSite site = RefreshSite.builder().addresses("127.0.0.119", "127.0.0.120").start()) {
            Run run = crawl("slow", site.url("/slow"), site.url("/slow-header"), site.url("/reload"));

            assertThat(run.exit).as(run.stderr).isZero();
            assertOneRecordEach(run.records, List.of(site.url("/slow"), site.url("/slow-header"), site.url("/reload"),
                    site.url("/linked")));
            assertThat(run.records).allSatisfy(r -> assertThat(r.get("redirect_to").isNull()).isTrue());
            assertThat(site.requests(site.url("/never"))).isZero();
            assertThat(run.failures).isEmpty();
        }
    }

    private static List<String> withContent(RefreshSite site, String root) {
        List<String> urls = new ArrayList<>(List.of(root));
        RefreshSite.CONTENT_PAGES.forEach(p -> urls.add(site.url(p)));
        return urls;
    }

    private record Run(int exit, List<JsonNode> records, List<JsonNode> failures, String stderr) {
        Map<String, JsonNode> byUrl() {
            return records.stream().collect(Collectors.toMap(r -> r.get("url").asText(), Function.identity()));
        }
    }

    private Run crawl(String name, String... seeds) throws IOException {
        Path out = dir.resolve(name + "-records.jsonl");
        Path failures = dir.resolve(name + "-failures.jsonl");
        List<String> args = new ArrayList<>(List.of("--bootstrap", SharedKafka.bootstrapServers(),
                "--crawl-name", SharedKafka.uniqueCrawlName("refresh-" + name), "--allow-private", "--rate", "50",
                "--out", out.toString(), "--failures", failures.toString()));
        args.addAll(List.of(seeds));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream original = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = CrawlMain.run(args.toArray(String[]::new));
        } finally {
            System.setErr(original);
        }
        return new Run(exit, readLines(out), readLines(failures), err.toString(StandardCharsets.UTF_8));
    }

    private static void assertOneRecordEach(List<JsonNode> records, List<String> expected) {
        Map<String, Long> perUrl = records.stream()
                .collect(Collectors.groupingBy(r -> r.get("url").asText(), Collectors.counting()));
        assertThat(perUrl.keySet()).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(perUrl.values()).as("one record per URL: %s", perUrl).allMatch(n -> n == 1L);
    }

    private static List<JsonNode> readLines(Path file) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        if (!Files.exists(file)) {
            return out;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                out.add(MessageCodec.get().readTree(line.getBytes(StandardCharsets.UTF_8)));
            }
        }
        return out;
    }
}
